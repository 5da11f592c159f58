"""A Jelly Monster table holds at each round's end (web/tables/pauses.py): the scoring stays on
screen, nobody acts, no die is rolled and no bot moves until everyone present skips or time is up; a
server killed during the pause loses nothing and goes on after it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import Client, Server

RANDOM = {"kind": "bot", "level": "random"}
LONG = {"DICEHALL_ROUND_PAUSE": "120"}  # only skipping ends it within a test


@pytest.fixture
def paused_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "dicehall.db", tmp_path / "server.log", env=LONG)
    srv.start()
    yield srv
    srv.kill()


def entries(log: list[dict[str, Any]]) -> int:
    """How many steps a log holds (explanation lines are not steps)."""
    return len([x for x in log if x.get("kind") != "explain"])


def steps(log: list[dict[str, Any]]) -> list[tuple[int, str]]:
    """The steps of a log with their texts (not the table's notes, which are not saved)."""
    return [(x["index"], x["text"]) for x in log if x["seat"] is not None]


def play_to_the_pause(client: Client, seat: int, timeout: float = 90) -> dict[str, Any]:
    """Play `seat` until the table holds; the message that says so. It places a die whenever
    it can (its first such move), then locks, flips and passes: rolling again and waiting, up
    to 20 and 30 times, would make the round several times longer on a busy machine."""
    end = time.monotonic() + timeout
    while not client.state.get("pause"):
        assert time.monotonic() < end, "the table never paused"
        if client.my_turn(seat):
            legal = [x["action"] for x in client.panel(seat)["legal"]]
            quick = [a for a in legal if a["type"] not in ("Reroll", "Wait")]
            client.act(seat, (quick or legal)[0])
        else:
            client.wait(
                lambda m: m["type"] in ("update", "welcome"), timeout=end - time.monotonic()
            )
    return client.state


def test_a_round_end_holds_until_everyone_skips_and_survives_a_kill(
    paused_server: Server,
) -> None:
    """Rulebook (docs/rules/jelly.md, "Scoring a round"): "Then, unless it was round 4: everyone
    takes their 7 dice back ... and a new round starts" - the table holds first, with the
    round's scoring in the log, and the new round's first roll waits for the Skip, even when
    the server is killed during the pause."""
    srv = paused_server
    made = srv.create("jelly", [{"kind": "human"}, RANDOM, RANDOM], params={"mode": "tick"})
    token = [made["tokens"]["0"]]
    me = Client(srv, made["id"], token)
    state = play_to_the_pause(me, 0)
    held_at = entries(me.log)
    assert state["actors"] == [] and state["pause"]["skipped"] == []
    assert any(x["text"].startswith("Round 1 scored") for x in me.log)
    answer = me.act(0, {"type": "Roll"})  # nobody acts during the pause
    assert answer["type"] == "error"

    late = Client(srv, made["id"])  # a spectator arriving meanwhile sees the pause
    assert late.state["pause"] is not None and late.state["actors"] == []
    late.send({"type": "skip"})  # a spectator's Skip does not count
    late.send({"type": "ping"})
    late.wait(lambda m: m["type"] == "pong")
    late.close()
    again = Client(srv, made["id"])
    assert entries(again.log) == held_at  # no roll, no bot move while held
    again.close()

    acknowledged, texts = me.state["version"], steps(me.log)
    srv.kill()  # during the pause
    srv.start()
    back = Client(srv, made["id"], token)
    assert back.state["version"] == acknowledged
    assert back.state["pause"] is not None and back.state["actors"] == []  # it holds again
    assert steps(back.log)[: len(texts)] == texts
    back.send({"type": "skip"})
    back.wait(lambda m: m["type"] == "update" and m["pause"] is None, timeout=20)
    assert back.state["actors"]  # and goes on
    first = next(x for x in back.log if x["index"] == held_at)
    assert first["seat"] == -1  # the roll that the pause held back comes after the Skip
    seen = steps(back.log)
    back.close()
    srv.kill()  # what the release resolved was saved: a second restart has it
    srv.start()
    third = Client(srv, made["id"], token)
    assert steps(third.log)[: len(seen)] == seen
    third.close()
