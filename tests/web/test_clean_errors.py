"""Clean errors, never 5xx, against a real server: NaN, Infinity and lone surrogates anywhere
in a request answer 4xx; a surrogate in a websocket hello and an invalid UTF-8 frame close
the socket with a code and no traceback; a move refused by the store may be sent again with
the same id (only acknowledged ids are duplicates).
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import sqlite3
import struct
from pathlib import Path

from dicehall.store import LIVE, Store
from tests.web.helpers import Client, Server

JSON = {"content-type": "application/json"}
SEATS = '[{"kind": "human", "name": %s}, {"kind": "human"}]'
PLAIN_SEATS = SEATS % '""'
TABLE = '{"game": "puru", "seats": %s, "private": %s, "mode": %s}'
NUMBERS = ["NaN", "Infinity", "-Infinity", "1e999"]
SURROGATES = ['"\\ud800"', '"ab\\udfffcd"', '"\\ud83d"']


def probes(value: str) -> dict[str, str]:
    """A table request with `value` in each field the issue names (seat, private, name, mode)."""
    return {
        "name": TABLE % (SEATS % value, "false", '"online"'),
        "private": TABLE % (SEATS % '"x"', value, '"online"'),
        "mode": TABLE % (SEATS % '"x"', "false", value),
        "params": f'{{"game": "puru", "seats": {PLAIN_SEATS}, "params": {{"die": {value}}}}}',
    }


def test_nan_infinity_and_lone_surrogates_answer_4xx(server: Server) -> None:
    made = server.create("puru", [{"kind": "human"}, {"kind": "human", "open": True}])
    store = Store(server.db_url)
    before = store.count(LIVE)
    answers = []
    for value in NUMBERS + SURROGATES:
        for field, body in probes(value).items():
            answers.append(
                (field, value, server.api("POST", "/api/tables", content=body, headers=JSON))
            )
        claim = f'{{"seat": {value}}}'
        answers.append(
            (
                "seat",
                value,
                server.api("POST", f"/api/tables/{made['id']}/claim", content=claim, headers=JSON),
            )
        )
        check = f'{{"params": {{"die": {value}}}}}'
        answers.append(
            (
                "check",
                value,
                server.api("POST", "/api/games/puru/check", content=check, headers=JSON),
            )
        )
    for field, value, r in answers:
        assert r.status_code == 422, (field, value, r.status_code, r.text[:200])
        assert r.json()["error"] in ("bad_number", "bad_text"), (field, value, r.text)
    assert len(answers) == 6 * (len(NUMBERS) + len(SURROGATES))
    assert store.count(LIVE) == before  # nothing was made
    store.close()
    assert server.api("GET", f"/api/tables/{made['id']}").json()["open_seats"] == [1]
    assert "Traceback" not in server.log_path.read_text()


class RawSocket:
    """A websocket spoken by hand, to send frames no library would (invalid UTF-8 text)."""

    def __init__(self, server: Server, path: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        self.buffer = b""

    def send(self, payload: bytes, opcode: int = 1) -> None:
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        size = len(payload)
        length = (
            bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + struct.pack("!H", size)
        )
        self.sock.sendall(bytes([0x80 | opcode]) + length + mask + masked)

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed without a close frame")
            self.buffer += chunk
        out, self.buffer = self.buffer[:n], self.buffer[n:]
        return out

    def frame(self) -> tuple[int, bytes]:
        first, second = self._read(2)
        size = second & 0x7F
        if size == 126:
            size = struct.unpack("!H", self._read(2))[0]
        elif size == 127:
            size = struct.unpack("!Q", self._read(8))[0]
        return first & 0x0F, self._read(size)

    def close_code(self) -> int:
        """Frames until the server's close frame; its code."""
        while True:
            opcode, payload = self.frame()
            if opcode == 8:
                return int(struct.unpack("!H", payload[:2])[0])

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()


def test_bad_text_in_websockets_closes_cleanly(server: Server) -> None:
    made = server.create("puru", [{"kind": "human"}, {"kind": "human"}])
    path = f"/ws/{made['id']}"
    # a lone surrogate in the hello's token: an error, then close 4400
    raw = RawSocket(server, path)
    raw.send(b'{"type": "hello", "tokens": ["\\ud800abcdefghijklmnop"]}')
    opcode, payload = raw.frame()
    assert opcode == 1 and json.loads(payload)["code"] == "bad_text"
    assert raw.close_code() == 4400
    raw.close()
    # an invalid UTF-8 text frame, as the hello and later: close 1007 (invalid data)
    for after_hello in (False, True):
        raw = RawSocket(server, path)
        if after_hello:
            raw.send(b'{"type": "hello", "tokens": []}')
            assert json.loads(raw.frame()[1])["type"] == "welcome"
        raw.send(b'{"type": "ping", "t": "\xff\xfe"}')
        assert raw.close_code() == 1007
        raw.close()
    # NaN in a message: an error that names it; the connection stays
    player = Client(server, made["id"], [made["tokens"]["0"]])
    player.send('{"type": "act", "seat": 0, "action": {"type": "Roll"}, "version": NaN, "id": "n"}')
    assert (
        player.wait(lambda m: m.get("id") is None and m["type"] == "error")["code"] == "bad_number"
    )
    player.send({"type": "ping", "t": 1})
    assert player.wait(lambda m: m["type"] == "pong")["t"] == 1
    player.close()
    assert "Traceback" not in server.log_path.read_text()


def test_a_move_refused_by_the_store_can_be_sent_again(tmp_path: Path) -> None:
    """A move refused with `storage` was remembered as received, so resending it (as the
    client should) was rejected as a duplicate and never applied."""
    db = tmp_path / "dicehall.db"
    srv = Server(db, tmp_path / "server.log")
    srv.start()
    try:
        made = srv.create("puru", [{"kind": "human"}, {"kind": "human"}])
        client = Client(srv, made["id"], list(made["tokens"].values()))
        seat = client.state["actors"][0]
        move = client.panel(seat)["legal"][0]["action"]
        message = {"type": "act", "seat": seat, "action": move, "id": "move-1"}
        locker = sqlite3.connect(db, isolation_level=None)
        locker.execute("BEGIN EXCLUSIVE")  # another process holds the write lock
        client.send({**message, "version": client.state["version"]})
        refused = client.wait(lambda m: m.get("id") == "move-1")
        assert refused["type"] == "error" and refused["code"] == "storage", refused
        locker.execute("ROLLBACK")
        locker.close()
        client.send({**message, "version": client.state["version"]})
        again = client.wait(lambda m: m.get("id") == "move-1")
        assert again["type"] == "ack", again
        client.send({**message, "version": again["version"]})  # now it is a duplicate
        assert client.wait(lambda m: m.get("id") == "move-1")["code"] == "duplicate"
        client.close()
    finally:
        srv.kill()
