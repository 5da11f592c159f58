"""Bounded requests against a real server: every body has a size limit (413), every string and
list of a request a schema limit, every game parameter is checked by its game before anything
is stored, table creation is rate-limited per client and capped per server, and the lobby
lists public tables however many private ones there are.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from dicehall.store import LIVE, Store
from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "level": "greedy"}
JSON = {"content-type": "application/json"}


def stored_tables(server: Server) -> int:
    store = Store(server.db_url)
    try:
        return store.count(LIVE) + store.count("finished")
    finally:
        store.close()


def from_address(server: Server, address: str) -> httpx.Client:
    """An HTTP client whose connections come from another loopback address (another client)."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=server.url, transport=transport, timeout=30)


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[Server]:
    """A server with small creation limits: 3 tables per client at once, 5 live in all."""
    env = {
        "DICEHALL_CREATE_BURST": "3",
        "DICEHALL_CREATE_RATE": "0.001",
        "DICEHALL_MAX_TABLES": "5",
    }
    srv = Server(tmp_path / "dicehall.db", tmp_path / "server.log", env=env)
    srv.start()
    yield srv
    srv.kill()


def test_a_huge_parameter_is_refused_and_nothing_is_stored(server: Server) -> None:
    """The attack: `params.die = "H" * 10_000_000` was stored and echoed in every listing."""
    before = stored_tables(server)
    seats = [HUMAN, HUMAN]
    probes: list[tuple[dict[str, Any], int, str]] = [
        ({"game": "puru", "seats": seats, "params": {"die": "H" * 10_000_000}}, 413, "too_large"),
        ({"game": "puru", "seats": seats, "params": {"die": "H" * 30_000}}, 422, "at most 64"),
        ({"game": "puru", "seats": seats, "params": {"die": "H" * 60}}, 422, "at most 20 sides"),
        ({"game": "puru", "seats": seats, "params": {"x" * 40: 1}}, 422, "at most 32"),
        ({"game": "puru", "seats": seats, "params": {f"p{i}": 1 for i in range(17)}}, 422, "16"),
        ({"game": "puru", "seats": seats, "params": {"die": ["H"] * 50}}, 422, "params"),
        ({"game": "puru", "seats": seats, "params": {"die": {"a": "H"}}}, 422, "params"),
        ({"game": "puru", "seats": [{**HUMAN, "name": "n" * 5000}] * 2}, 422, "at most 24"),
        ({"game": "puru", "seats": [{"kind": "bot", "level": "L" * 5000}] * 2}, 422, "at most 32"),
        ({"game": "puru", "seats": [HUMAN] * 500}, 422, "at most 8"),
        ({"game": "g" * 5000, "seats": seats}, 422, "at most 32"),
    ]
    for body, status, words in probes:
        r = server.api("POST", "/api/tables", json=body)
        assert r.status_code == status and words in r.text, (str(body)[:80], r.text[:300])
    check = server.api("POST", "/api/games/puru/check", json={"params": {"die": "H" * 30_000}})
    assert check.status_code == 422
    assert stored_tables(server) == before
    assert len(server.api("GET", "/api/tables?limit=200").content) < 1_000_000


def test_every_body_has_a_size_limit(server: Server) -> None:
    """A 50 MB table-creation body was accepted (201); now every body stops at its limit,
    whether its length is declared or it comes in chunks."""
    big = b'{"game": "puru", "seats": [{"kind": "human"}], "pad": "' + b"x" * 50_000_000 + b'"}'
    before = stored_tables(server)
    for path in ("/api/tables", "/api/games/puru/check", "/api/tables/x/claim"):
        r = server.api("POST", path, content=big, headers=JSON)
        assert r.status_code == 413 and r.json()["error"] == "too_large", path

    def chunks() -> Iterator[bytes]:  # no Content-Length: the server counts as it reads
        yield b'{"game": "puru", "pad": "'
        for _ in range(100):
            yield b"x" * 10_000
        yield b'"}'

    r = server.api("POST", "/api/tables", content=chunks(), headers=JSON)
    assert r.status_code == 413 and "at most" in r.json()["message"]
    upload = server.api("POST", "/api/replays", content=b" " * (9 << 20), headers=JSON)
    assert upload.status_code == 413
    assert stored_tables(server) == before
    assert server.api("GET", "/api/health").json() == {"status": "ok"}


def test_table_creation_is_limited_per_client_and_per_server(limited: Server) -> None:
    """1,360 tables in 60 s were all kept: now each client address gets a budget (429 with
    Retry-After) and the server a cap on live tables (503), each with a clear message."""
    lineup = {"game": "puru", "seats": [HUMAN, GREEDY]}
    made = [limited.api("POST", "/api/tables", json=lineup) for _ in range(3)]
    assert [r.status_code for r in made] == [201, 201, 201]
    flood = limited.api("POST", "/api/tables", json=lineup)
    assert flood.status_code == 429 and flood.json()["error"] == "rate_limited"
    assert int(flood.headers["retry-after"]) >= 1 and "try again" in flood.json()["message"]
    with from_address(limited, "127.0.0.2") as other:  # another client still gets its tables
        assert other.post("/api/tables", json=lineup).status_code == 201
        assert other.post("/api/tables", json=lineup).status_code == 201
        full = other.post("/api/tables", json=lineup)  # the server's 5 live tables are there
    assert full.status_code == 503 and full.json()["error"] == "server_full"
    assert "maximum of 5 live tables" in full.json()["message"]
    assert stored_tables(limited) == 5
    assert limited.api("GET", "/api/tables").status_code == 200  # everything else still works


def test_private_tables_never_hide_public_ones(server: Server) -> None:
    """The listing took the newest 50 tables and then dropped private ones."""
    public = server.create("puru", [HUMAN, HUMAN])
    time.sleep(1.1)  # times are kept to the second: every private table is newer
    for _ in range(55):
        server.create("puru", [HUMAN, HUMAN], private=True)
    listed = [t["id"] for t in server.api("GET", "/api/tables?status=live").json()]
    assert public["id"] in listed
    assert all(not t["options"]["private"] for t in server.api("GET", "/api/tables").json())


def test_spectators_cannot_flood_resyncs(server: Server) -> None:
    """Eight spectators sending `resync` within the message rate limit froze the server: a
    resync (the whole log again) has a budget of its own per connection."""
    made = server.create("puru", [HUMAN, HUMAN])
    watchers = [Client(server, made["id"]) for _ in range(8)]
    for watcher in watchers:
        for i in range(20):
            watcher.send({"type": "resync", "id": str(i)})
    for watcher in watchers:
        answers = [watcher.wait(lambda m: m["type"] in ("welcome", "error")) for _ in range(20)]
        welcomes = sum(m["type"] == "welcome" for m in answers)
        refused = sum(m.get("code") == "rate_limited" for m in answers)
        assert welcomes + refused == 20 and 1 <= welcomes <= 5, [m["type"] for m in answers]
        watcher.close()
    assert server.api("GET", "/api/health").json() == {"status": "ok"}
