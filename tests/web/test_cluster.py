"""Two server processes on one PostgreSQL: one table seen from both, and kill -9 of its owner.

A player on process A, a player and a spectator on process B: every move reaches everyone
whichever process took it; after kill -9 of A the table goes on on B (its bot keeps moving,
the player from A comes back through B), and every acknowledged action is in the store.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dicehall.store import Store
from tests.store.postgres import create_database, postgres_server
from tests.web.helpers import Client, Server, cluster
from tests.web.test_round_pause import RANDOM, play_to_the_pause

HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "level": "greedy"}
SLOW_GRACE = {"DICEHALL_GRACE": "600"}  # no stand-in bot plays a seat while it reconnects


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def _env(relay: bool) -> dict[str, str]:
    return SLOW_GRACE if relay else {**SLOW_GRACE, "DICEHALL_RELAY_HOST": "off"}


def _drain(client: Client, seconds: float) -> None:
    with contextlib.suppress(TimeoutError):
        client.wait(lambda m: False, timeout=seconds)


def _play(players: dict[int, Client], done: Any, acks: list[tuple[int, Any]]) -> None:
    """The people move, each on the process it is connected to, until `done()`."""
    deadline = time.monotonic() + 120
    while not done():
        states = {s: (c.state.get("version"), c.state.get("actors")) for s, c in players.items()}
        assert time.monotonic() < deadline, f"the table stopped moving: {states}, {len(acks)}"
        assert not any(c.state.get("over") for c in players.values()), "the match ended early"
        mover = next((s for s, c in players.items() if c.my_turn(s)), None)
        if mover is None:
            for client in players.values():
                _drain(client, 0.1)
            continue
        client = players[mover]
        action = client.panel(mover)["legal"][-1]["action"]  # rerolls first: a longer match
        answer = client.act(mover, action)
        if answer["type"] == "ack":
            acks.append((mover, action))
        else:
            assert answer["code"] == "stale", answer


def _seen(client: Client) -> int:
    return max((line["index"] + 1 for line in client.log), default=0)


def _count(acks: list[tuple[int, Any]], seat: int) -> int:
    return sum(1 for s, _ in acks if s == seat)


def _is_subsequence(wanted: list[Any], log: list[Any]) -> bool:
    it = iter(log)
    return all(any(x == y for y in it) for x in wanted)


@pytest.mark.parametrize("relay", [True, False], ids=["relayed", "replica"])
def test_a_table_is_shared_by_two_processes_and_survives_kill9_of_its_owner(
    tmp_path: Path, postgres: str, relay: bool
) -> None:
    """B's clients are relayed to A (web/cluster/relay.py) or, with the relay off, served by
    B from the store (web/cluster/replica.py): either way the table survives A's kill -9."""
    url = create_database(postgres, f"cluster_{relay}")
    a, b = cluster(tmp_path, url, env=_env(relay))
    try:
        made = a.create("puru", [HUMAN, HUMAN, GREEDY])  # A made it: A owns it
        tokens = made["tokens"]
        on_a = Client(a, made["id"], [tokens["0"]])
        on_b = Client(b, made["id"], [tokens["1"]])
        watcher = Client(b, made["id"])
        watcher_a = Client(a, made["id"])
        acks: list[tuple[int, Any]] = []
        # moves taken on A and forwarded from B, until each seat moved twice
        _play({0: on_a, 1: on_b}, lambda: min(_count(acks, 0), _count(acks, 1)) >= 2, acks)
        store = Store(url)
        stored = len(store.log(made["id"]))
        for w in (watcher, watcher_a):  # both spectators catch up with the store
            if _seen(w) < stored:
                w.wait(lambda m, w=w: _seen(w) >= stored, timeout=60)
        texts = [[(x["index"], x["text"]) for x in w.log if x["index"] < stored]
                 for w in (watcher, watcher_a)]  # fmt: skip
        assert texts[0] == texts[1]  # the same table, seen from either process
        bot_moves = sum(1 for e in store.log(made["id"]) if e.seat == 2)

        a.kill()  # kill -9 of the owner
        back = Client(b, made["id"], [tokens["0"]])  # the player from A reconnects through B
        before = len(acks)

        def bot_moved_on_b() -> bool:  # and both people moved again
            moved = [s for s, _ in acks[before:]]
            bot = sum(1 for e in store.log(made["id"]) if e.seat == 2)
            return bot > bot_moves and 0 in moved and 1 in moved

        _play({0: back, 1: on_b}, bot_moved_on_b, acks)
        log = store.log(made["id"])
        for seat in (0, 1):
            mine = [action for s, action in acks if s == seat]
            assert _is_subsequence(mine, [e.action for e in log if e.seat == seat]), seat
        assert "playing it here" in b.log_path.read_text()
        lines = b.log_path.read_text().splitlines()  # and its JSON event (web/events.py)
        taken = [json.loads(x) for x in lines if '"event":"table_taken_over"' in x]
        assert made["id"] in {e["table"] for e in taken}
        store.close()
        for client in (on_b, watcher, back):
            client.close()
    finally:
        a.kill()
        b.stop()


def test_several_processes_need_postgresql(tmp_path: Path) -> None:
    """SQLite stays the single-process default: `serve --workers 2` on it is refused."""
    from dicehall.core.errors import DicehallError
    from dicehall.web.app import serve

    with pytest.raises(DicehallError, match="PostgreSQL"):
        serve(db_url=f"sqlite:///{tmp_path / 'db.sqlite'}", workers=2)


def test_a_round_pause_shows_and_skips_through_a_process_that_does_not_own_the_table(
    tmp_path: Path, postgres: str
) -> None:
    """docs/rules/jelly.md, "Scoring a round": the table holds after a round's scoring
    (web/tables/pauses.py). A holds the table; its person plays through B: B shows the pause with
    its countdown, and the person's Skip on B ends it on A."""
    url = create_database(postgres, "pauses")
    env = {**SLOW_GRACE, "DICEHALL_ROUND_PAUSE": "120"}  # only the Skip ends it in time
    a, b = cluster(tmp_path, url, env=env)
    try:
        made = a.create("jelly", [HUMAN, RANDOM, RANDOM], params={"mode": "tick"})
        me = Client(b, made["id"], [made["tokens"]["0"]])
        play_to_the_pause(me, 0)
        # B follows the store: the entries that made A hold may reach B just after the pause
        held = (
            me.state
            if me.state["actors"] == []
            else me.wait(
                lambda m: m["type"] == "update" and m["pause"] is not None and m["actors"] == [],
                timeout=30,
            )
        )
        assert held["pause"]["remaining"] > 60
        watcher = Client(a, made["id"])  # the owner holds as well
        assert watcher.state["pause"] is not None
        me.send({"type": "skip"})
        # the update that ends the pause may also be the one that shows the next turn
        me.wait_state(lambda s: s["pause"] is None and bool(s["actors"]), timeout=30)
        watcher.wait_state(lambda s: s["pause"] is None, timeout=30)
        for client in (me, watcher):
            client.close()
    finally:
        a.stop()
        b.stop()


def test_serve_with_two_workers_on_a_new_database_starts_both_and_plays(
    tmp_path: Path, postgres: str
) -> None:
    """`serve --workers 2` on a database nobody has used: both processes migrate it at once
    (one waits for the other), both join the cluster and log it, and a table played through
    connections the kernel spreads over them reaches its end, seen alike by every one."""
    srv = Server(tmp_path / "unused", tmp_path / "workers.log", env=SLOW_GRACE)
    srv.db_url = create_database(postgres, "two_workers")
    srv.workers = 2
    srv.start(timeout=120)
    try:
        made = srv.create("puru", [HUMAN, GREEDY])
        players = [Client(srv, made["id"], [made["tokens"]["0"]]) for _ in range(3)]
        watchers = [Client(srv, made["id"]) for _ in range(3)]
        players[0].play_until_over([0])
        final = players[0].state["version"]
        for client in players + watchers:
            if client.state.get("version") != final:
                client.wait(lambda m, c=client: c.state.get("version") == final, timeout=60)
            assert client.state.get("over")
        log = srv.log_path.read_text()
        assert log.count("cluster: process") >= 2, log[-3000:]  # both processes' own lines
        assert "startup failed" not in log, log[-3000:]
        for client in players + watchers:
            client.close()
    finally:
        srv.stop()
