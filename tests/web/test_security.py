"""Security basics (docs/security.md): seat tokens are unguessable, stored only as digests and
compared in constant time; no token reaches the logs; only this server's pages may open a
table's socket, and the REST API grants no cross-origin reads."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import re
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from dicehall.store import Store, token_digest
from dicehall.web.config import Settings
from dicehall.web.hall import Hall
from tests.web.helpers import Client, Server

HUMAN = {"kind": "human"}
URLSAFE = re.compile(r"[A-Za-z0-9_-]+")


def test_tokens_are_long_random_and_stored_only_as_digests(server: Server) -> None:
    tokens = []
    for _ in range(10):
        made = server.create("puru", [HUMAN, {**HUMAN, "open": True}])
        tokens += made["tokens"].values()
        claimed = server.api("POST", f"/api/tables/{made['id']}/claim", json={"seat": 1})
        tokens.append(claimed.json()["token"])
    assert len(set(tokens)) == len(tokens)
    for token in tokens:  # token_urlsafe(24): 32 characters, 192 random bits
        assert URLSAFE.fullmatch(token) and len(token) >= 32
    db = Path(server.db_url.removeprefix("sqlite:///"))
    stored = b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*"))  # with -wal
    for token in tokens[:3] + tokens[-3:]:
        assert token.encode() not in stored
    assert token_digest(tokens[-1]).encode() in stored


def test_token_lookup_compares_every_seat_in_constant_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`hmac.compare_digest` against every seat's digest, with no early exit on a match, so
    the answer's timing tells nothing about which seat (or how much of a digest) matched."""
    import asyncio

    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
        hall = Hall(store, Settings(bot_delay=60.0))
        table, tokens = await hall.create({"game": "puru", "seats": [HUMAN] * 4})
        calls: list[tuple[str, str]] = []
        real = hmac.compare_digest

        def counting(a: str, b: str) -> bool:
            calls.append((a, b))
            return real(a, b)

        monkeypatch.setattr(hmac, "compare_digest", counting)
        for seat, token in tokens.items():
            calls.clear()
            assert await hall.seat_of(table, token) == seat
            assert len(calls) == 4  # all four seats, whichever matched
            assert all(b == hashlib.sha256(token.encode()).hexdigest() for _, b in calls)
        calls.clear()
        assert await hall.seat_of(table, "x" * 32) is None and len(calls) == 4
        await hall.stop()
        store.close()

    asyncio.run(scenario())


def test_no_token_reaches_the_server_log(server: Server) -> None:
    """Join links carry the token in the fragment (never sent); tokens travel in JSON bodies
    and the websocket hello. A client that puts one in a query string anyway is redacted."""
    made = server.create("puru", [HUMAN, {**HUMAN, "open": True}])
    claimed = server.api("POST", f"/api/tables/{made['id']}/claim", json={"seat": 1}).json()
    secrets_used = [made["tokens"]["0"], claimed["token"]]
    for link in (made["links"]["0"], claimed["link"]):
        assert "#" in link and "?" not in link  # the secret part is a fragment
        assert server.api("GET", link).status_code == 200  # httpx, like browsers, drops it
    player = Client(server, made["id"], secrets_used)
    assert player.state["you"] == [0, 1]
    player.close()
    misguided = made["tokens"]["0"]
    assert server.api("GET", f"/table/{made['id']}?seat=0&token={misguided}").status_code == 200
    with connect(f"{server.ws_url}/ws/{made['id']}?tokens={misguided}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": []}))
        assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
    log = server.log_path.read_text()
    assert f"/table/{made['id']}?seat=0&token=[redacted]" in log  # the request was logged
    assert f"/ws/{made['id']}?tokens=[redacted]" in log
    for token in secrets_used:
        assert token not in log


CROSS_ORIGINS = [
    "http://evil.example",
    "null",  # sandboxed frames and file:// pages
    "http://127.0.0.1:{port}.evil.example",
    "http://127.0.0.1:{other}",
    "http://localhost:{port}",  # another name for the host is another origin
    "http://user@evil.example",
]


@pytest.mark.parametrize("origin", CROSS_ORIGINS)
def test_cross_origin_sockets_are_refused(server: Server, origin: str) -> None:
    made = server.create("puru", [HUMAN, HUMAN])
    foreign = origin.format(port=server.port, other=server.port + 1)
    with connect(f"{server.ws_url}/ws/{made['id']}", origin=foreign, open_timeout=10) as ws:
        with contextlib.suppress(ConnectionClosed):  # it may close before the hello
            ws.send(json.dumps({"type": "hello", "tokens": [made["tokens"]["0"]]}))
        answer = json.loads(ws.recv(timeout=10))
    assert answer["code"] == "bad_origin"
    assert ws.close_code == 4403
    table = server.api("GET", f"/api/tables/{made['id']}").json()
    assert table["watchers"] == 0 and not any(s["claimed"] for s in table["seats"])  # no one joined


def test_the_rest_api_grants_no_cross_origin_access(server: Server) -> None:
    """Same origin only: no CORS middleware, so no Access-Control-Allow-* header, ever."""
    evil = {"Origin": "http://evil.example"}
    preflight = server.api(
        "OPTIONS",
        "/api/tables",
        headers={**evil, "Access-Control-Request-Method": "POST"},
    )
    assert preflight.status_code in (400, 405)
    for r in (
        preflight,
        server.api("GET", "/api/tables", headers=evil),
        server.api("POST", "/api/tables", headers=evil, json={"game": "puru", "seats": [HUMAN]}),
    ):
        assert not any(h.lower().startswith("access-control-") for h in r.headers), r.headers
