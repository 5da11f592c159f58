"""Two server processes on one PostgreSQL: one table seen from both, and kill -9 of its owner.

A player on process A, a player and a spectator on process B: every move reaches everyone
whichever process took it; after kill -9 of A the table goes on on B (its bot keeps moving,
the player from A comes back through B), and every acknowledged action is in the store.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from dicehall.store import Store
from tests.store.postgres import create_database, postgres_server
from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "level": "greedy"}
SLOW_GRACE = {"DICEHALL_GRACE": "600"}  # no stand-in bot plays a seat while it reconnects


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def _server(tmp_path: Path, name: str, url: str) -> Server:
    srv = Server(tmp_path / f"{name}.unused", tmp_path / f"{name}.log", env=SLOW_GRACE)
    srv.db_url = url
    srv.start()
    return srv


def _drain(client: Client, seconds: float) -> None:
    with contextlib.suppress(TimeoutError):
        client.wait(lambda m: False, timeout=seconds)


def _play(players: dict[int, Client], moves: int, acks: list[tuple[int, Any]]) -> None:
    """The people make `moves` moves between them, each on the process it is connected to."""
    done, deadline = 0, time.monotonic() + 120
    while done < moves:
        assert time.monotonic() < deadline, "the table stopped moving"
        mover = next((s for s, c in players.items() if c.my_turn(s)), None)
        if mover is None:
            for client in players.values():
                _drain(client, 0.1)
            continue
        client = players[mover]
        action = client.panel(mover)["legal"][0]["action"]
        answer = client.act(mover, action)
        if answer["type"] == "ack":
            acks.append((mover, action))
            done += 1
        else:
            assert answer["code"] == "stale", answer


def _is_subsequence(wanted: list[Any], log: list[Any]) -> bool:
    it = iter(log)
    return all(any(x == y for y in it) for x in wanted)


def test_a_table_is_shared_by_two_processes_and_survives_kill9_of_its_owner(
    tmp_path: Path, postgres: str
) -> None:
    url = create_database(postgres, "cluster")
    a, b = _server(tmp_path, "a", url), _server(tmp_path, "b", url)
    try:
        made = a.create("puru", [HUMAN, HUMAN, GREEDY])  # A made it: A owns it
        tokens = made["tokens"]
        on_a = Client(a, made["id"], [tokens["0"]])
        on_b = Client(b, made["id"], [tokens["1"]])
        watcher = Client(b, made["id"])
        acks: list[tuple[int, Any]] = []
        _play({0: on_a, 1: on_b}, 6, acks)  # moves taken on A and forwarded from B
        store = Store(url)
        stored = len(store.log(made["id"]))
        watcher.wait(lambda m: m["type"] == "update" and len(watcher.log) >= stored)
        seen_on_a = [(line["index"], line["text"]) for line in on_a.log if line["seat"] != 2]
        seen_on_b = [(line["index"], line["text"]) for line in on_b.log if line["seat"] != 2]
        assert seen_on_a[:10] == seen_on_b[:10]  # the same table on both processes
        bot_moves = sum(1 for e in store.log(made["id"]) if e.seat == 2)

        a.kill()  # kill -9 of the owner
        back = Client(b, made["id"], [tokens["0"]])  # the player from A reconnects through B
        _play({0: back, 1: on_b}, 6, acks)
        log = store.log(made["id"])
        assert sum(1 for e in log if e.seat == 2) > bot_moves  # B plays the bot now
        for seat in (0, 1):
            mine = [action for s, action in acks if s == seat]
            assert _is_subsequence(mine, [e.action for e in log if e.seat == seat]), seat
        assert "playing it here" in b.log_path.read_text()
        store.close()
        for client in (on_b, watcher, back):
            client.close()
    finally:
        a.kill()
        b.stop()
