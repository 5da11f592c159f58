"""Seats across server processes on one PostgreSQL: claims and presence after a failover.

- An open seat is taken once, whichever process each claim reaches (the store decides).
- After kill -9 of a table's owner, the process that takes the table over learns who is
  seated through the other processes (a roll call), so no stand-in bot takes the seat of a
  person who never left.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.store.postgres import create_database, postgres_server
from tests.web.helpers import Client, Server, cluster

HUMAN = {"kind": "human"}
OPEN = {"kind": "human", "open": True}
GREEDY = {"kind": "bot", "level": "greedy"}
GRACE_S = 2.0


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def _claim(server: Server, table_id: str, seat: int) -> Any:
    return server.api("POST", f"/api/tables/{table_id}/claim", json={"seat": seat})


def test_an_open_seat_is_claimed_once_across_processes(tmp_path: Path, postgres: str) -> None:
    """A spectator on B loads the table there first; then a claim through A takes the open
    seat, and the same claim through B is refused: one seat, one token."""
    url = create_database(postgres, "claims")
    a, b = cluster(tmp_path, url)
    try:
        made = a.create("puru", [HUMAN, OPEN, GREEDY])
        watcher = Client(b, made["id"])  # B follows the table from now on
        first = _claim(a, made["id"], 1)
        assert first.status_code == 200, first.text
        second = _claim(b, made["id"], 1)
        assert second.status_code == 409 and second.json()["error"] == "seat_taken", second.text
        assert b.api("GET", f"/api/tables/{made['id']}").json()["open_seats"] == []
        guest = Client(b, made["id"], [first.json()["token"]])  # the one token works anywhere
        assert guest.state["you"] == [1]
        for client in (watcher, guest):
            client.close()
    finally:
        a.stop()
        b.stop()


def _owner(servers: dict[str, Server]) -> str:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for name, srv in servers.items():
            if "playing it here" in srv.log_path.read_text():
                return name
        time.sleep(0.2)
    raise AssertionError("no process took the table over")


def test_after_failover_people_on_a_third_process_keep_their_seats(
    tmp_path: Path, postgres: str
) -> None:
    """Seat 0's person is on B, seat 1's on C; A owns the table and is killed (-9). Whichever
    of B and C takes it over, after more than the grace period both people still hold their
    seats: nobody was covered by a stand-in bot."""
    url = create_database(postgres, "failover")
    env = {"DICEHALL_GRACE": str(GRACE_S)}
    a, b, c = cluster(tmp_path, url, "abc", env)
    others = {"b": b, "c": c}
    try:
        made = a.create("puru", [HUMAN, HUMAN, GREEDY])  # A made it: A owns it
        tokens = made["tokens"]
        people = {
            0: Client(others["b"], made["id"], [tokens["0"]]),
            1: Client(others["c"], made["id"], [tokens["1"]]),
        }
        a.kill()
        owner = others[_owner(others)]
        time.sleep(GRACE_S * 3)  # past the grace period, counted from the takeover
        seen = Client(owner, made["id"])  # what the new owner knows of the seats
        seats = {s["seat"]: s for s in seen.state["seats"]}
        for seat in (0, 1):
            assert seats[seat]["connected"] and not seats[seat]["covered"], seats[seat]
        assert "a bot plays for them" not in owner.log_path.read_text()
        for client in (*people.values(), seen):
            client.close()
    finally:
        a.kill()
        for srv in others.values():
            srv.stop()
