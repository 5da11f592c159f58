"""Guessing seat tokens and holding connections open, against a real server.

The attacks: about 150 wrong seat tokens a second were checked, unthrottled; 1,000
connections that sent their headers a byte at a time were held for 40 s with no timeout.
Now wrong tokens are budgeted per client address and per table, and a request's head (a
websocket handshake's too) must arrive within a deadline, its body within another.
"""

from __future__ import annotations

import contextlib
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.web.helpers import Server

HUMAN = {"kind": "human"}


def hello(server: Server, table_id: str, tokens: list[str], address: str) -> tuple[str, int | None]:
    """A hello from `address`: the first answer's type or error code, and the close code."""
    url = f"{server.ws_url}/ws/{table_id}"
    with connect(url, open_timeout=10, source_address=(address, 0)) as ws:
        ws.send(json.dumps({"type": "hello", "tokens": tokens}))
        answer = json.loads(ws.recv(timeout=10))
        if answer["type"] == "welcome":
            return "welcome", None
        with contextlib.suppress(ConnectionClosed), contextlib.suppress(TimeoutError):
            ws.recv(timeout=10)
    return answer["code"], ws.close_code


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[Server]:
    env = {
        "DICEHALL_BAD_TOKEN_BURST": "5",
        "DICEHALL_BAD_TOKEN_RATE": "0.01",
        "DICEHALL_TABLE_BAD_TOKEN_BURST": "8",
        "DICEHALL_TABLE_BAD_TOKEN_RATE": "0.01",
        "DICEHALL_HEADER_TIMEOUT": "1.5",
        "DICEHALL_BODY_TIMEOUT": "1.5",
        "DICEHALL_MAX_PENDING_PER_CLIENT": "30",
    }
    srv = Server(tmp_path / "dicehall.db", tmp_path / "server.log", env=env)
    srv.start()
    yield srv
    srv.kill()


def test_wrong_tokens_are_throttled_per_client_and_per_table(guarded: Server) -> None:
    made = guarded.create("puru", [HUMAN, HUMAN])
    table, right = made["id"], made["tokens"]["1"]
    guesses = [hello(guarded, table, [f"guess-{i:04d}-" + "x" * 24], "127.0.0.1") for i in range(7)]
    assert guesses[:5] == [("bad_token", 4401)] * 5
    assert guesses[5:] == [("rate_limited", 4429)] * 2  # not even checked any more
    # while its budget is spent, this client's tokens are not checked, right ones included
    assert hello(guarded, table, [right], "127.0.0.1") == ("rate_limited", 4429)
    # another client is not held back by the first one's guesses...
    assert hello(guarded, table, [right], "127.0.0.2") == ("welcome", None)
    more = [hello(guarded, table, [f"other-{i:04d}-" + "y" * 24], "127.0.0.2") for i in range(3)]
    assert more == [("bad_token", 4401)] * 3
    # ...but the table's own budget (8 wrong tokens) is spent now, whoever guesses next
    assert hello(guarded, table, ["z" * 32], "127.0.0.3") == ("rate_limited", 4429)
    assert hello(guarded, table, [], "127.0.0.3") == ("welcome", None)  # spectators still watch
    other = guarded.create("puru", [HUMAN, HUMAN])  # other tables are not affected
    assert hello(guarded, other["id"], [other["tokens"]["0"]], "127.0.0.3") == ("welcome", None)


def _slow(server: Server, first: bytes) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
    sock.sendall(first)
    sock.setblocking(False)
    return sock


def _closed(sock: socket.socket) -> bool:
    """Whether the server has closed (or answered and closed) this connection."""
    try:
        sock.recv(4096)  # b"" (closed), or the 408 answer that comes before the close
        return True
    except BlockingIOError:
        return False
    except OSError:
        return True


def _drip_until_closed(socks: list[socket.socket], seconds: float) -> list[socket.socket]:
    """Send a header byte every 0.2 s on each open socket; the sockets still open at the end."""
    end = time.monotonic() + seconds
    open_ = list(socks)
    while open_ and time.monotonic() < end:
        for sock in list(open_):
            if _closed(sock):
                open_.remove(sock)
                continue
            with contextlib.suppress(OSError):
                sock.send(b"x")
        time.sleep(0.2)
    return open_


def test_slow_headers_and_handshakes_are_cut(guarded: Server) -> None:
    heads = [
        b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ",
        b"GET /ws/abc HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Version: 13\r\nX-Slow: ",
        b"GET /api/tab",
        b"",
    ]
    socks = [_slow(guarded, heads[i % len(heads)]) for i in range(30)]
    try:
        # this address holds its 30 unfinished requests: a 31st connection is closed at once
        extra = socket.create_connection(("127.0.0.1", guarded.port), timeout=10)
        assert extra.recv(100) == b""
        extra.close()
        with httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2")) as other:
            assert other.get(f"{guarded.url}/api/health").status_code == 200  # others get in
        still_open = _drip_until_closed(socks, seconds=30)
        assert still_open == [], f"{len(still_open)} slow connections were never cut"
    finally:
        for sock in socks:
            sock.close()
    assert guarded.api("GET", "/api/health").status_code == 200


def test_a_slow_body_is_cut(guarded: Server) -> None:
    head = b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    sock = _slow(guarded, head + b"Content-Length: 1000\r\n\r\n{")
    try:
        assert _drip_until_closed([sock], seconds=30) == []
    finally:
        sock.close()
    log = guarded.log_path.read_text()
    assert "Traceback" not in log
