"""The coach is budgeted per address and per seat, and one table's coach never blocks another.

The attack: the coach was a GET with no budget and one advice at a time per server: 4
threads asking for 40 s made every honest coach request at another table answer 503 `busy`
(39 of 39). docs/security.md, *Resource limits*.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.web.helpers import Client, Server

COACHED = [{"kind": "human"}, {"kind": "bot", "level": "greedy"}]


@pytest.fixture
def coached(tmp_path: Path) -> Iterator[Server]:
    env = {
        "DICEHALL_COACH_BURST": "8",
        "DICEHALL_COACH_RATE": "0.001",
        "DICEHALL_COACH_SEAT_BURST": "1000",
    }
    srv = Server(tmp_path / "dicehall.db", tmp_path / "server.log", env=env)
    srv.start()
    yield srv
    srv.stop()


def _my_turn(server: Server, game: str) -> tuple[str, str, Client]:
    made = server.create(game, COACHED, coach=True)
    client = Client(server, made["id"], [made["tokens"]["0"]])
    client.wait(lambda m: bool(client.state) and client.my_turn(0), timeout=60)
    return made["id"], made["tokens"]["0"], client


def _ask(server: Server, table: str, token: str, address: str) -> int:
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(transport=transport, timeout=120) as http:
        url = f"{server.url}/api/tables/{table}/coach?seat=0"
        return http.get(url, headers={"x-seat-token": token}).status_code


def _together(calls: list[Any]) -> list[int]:
    gate = threading.Barrier(len(calls))
    results: list[int] = [0] * len(calls)

    def run(i: int) -> None:
        gate.wait()
        results[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_a_flood_of_advice_spends_its_address_budget_first(coached: Server) -> None:
    table, token, client = _my_turn(coached, "paradice")
    answers = Counter(_together([lambda: _ask(coached, table, token, "127.0.0.2")] * 24))
    assert answers[429] == 16  # 8 asked, however many arrive together
    assert set(answers) <= {200, 503, 429}
    client.close()


def test_one_tables_coach_never_blocks_anothers(coached: Server) -> None:
    flood, flood_token, a = _my_turn(coached, "paradice")
    honest, honest_token, b = _my_turn(coached, "paradice")
    for round_ in range(3):
        attacker = [lambda i=i: _ask(coached, flood, flood_token, f"127.0.1.{i}") for i in range(2)]
        mine = [lambda: _ask(coached, honest, honest_token, "127.0.2.1")]
        answers = _together(attacker + mine)
        assert answers[-1] == 200, (round_, answers)
    a.close()
    b.close()
