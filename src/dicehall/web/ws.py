"""The live-play websocket: JSON messages in, views and log lines out.

Client messages: `hello` (first; seat tokens, none for a spectator), `act` (seat, action,
version, id), `resync`, `ping`. Each bad message gets an `error` with a code and a readable
message; it never changes the match.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from dicehall.core.errors import DicehallError, IllegalActionError, MalformedActionError
from dicehall.engine.match import MatchOverError, StaleVersionError
from dicehall.web.api import valid_table_id
from dicehall.web.hall import Hall
from dicehall.web.table import Conn, StorageError, Table

log = logging.getLogger("dicehall.web")


class BadMessage(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


class RateLimit:
    """A token bucket: `rate` messages a second, bursts up to `burst`."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.level, self.t = rate, burst, burst, time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.t) * self.rate)
        self.t = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


def error(code: str, message: str, msg_id: Any = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if isinstance(msg_id, str):
        out["id"] = msg_id
    return out


def parse(text: str | None, limit: int) -> dict[str, Any]:
    if text is None:
        raise BadMessage("bad_frame", "send JSON text frames, not binary ones")
    if len(text) > limit:
        raise BadMessage("too_large", f"a message may have at most {limit} characters")
    try:
        data = json.loads(text)
    except ValueError:
        raise BadMessage("malformed_json", "the message is not valid JSON") from None
    except RecursionError:  # `[[[[...` within the size limit still overflows the decoder
        raise BadMessage("malformed_json", "the message is nested too deeply") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadMessage("bad_message", 'a message is a JSON object with a "type"')
    return data


async def _pump(ws: WebSocket, conn: Conn) -> None:
    """Send the connection's queued messages in order; None closes the socket."""
    while True:
        message = await conn.queue.get()
        if message is None:
            with contextlib.suppress(Exception):
                await ws.close(1001 if not conn.closed else 1008)
            return
        try:
            await ws.send_text(json.dumps(message, separators=(",", ":")))
        except (WebSocketDisconnect, RuntimeError):  # the client left; _serve sees it too
            return


async def _hello(ws: WebSocket, hall: Hall, table: Table) -> tuple[int, ...]:
    """The seats the hello's tokens open; raises BadMessage on a wrong token."""
    settings = hall.settings
    try:
        raw = await asyncio.wait_for(ws.receive(), settings.hello_timeout)
    except TimeoutError:
        raise BadMessage("no_hello", "say hello first (with your seat token)") from None
    if raw["type"] == "websocket.disconnect":
        raise WebSocketDisconnect()
    data = parse(raw.get("text"), settings.max_message)
    if data["type"] != "hello":
        raise BadMessage("no_hello", "the first message must be a hello")
    tokens = data.get("tokens", [])
    if not isinstance(tokens, list) or len(tokens) > table.match.game.num_players:
        raise BadMessage("bad_token", "tokens must be a short list of seat tokens")
    seats = set()
    for token in tokens:
        seat = hall.seat_of(table, token)
        if seat is None:
            raise BadMessage("bad_token", "that seat token is not valid for this table")
        seats.add(seat)
    return tuple(sorted(seats))


async def _act(table: Table, conn: Conn, data: dict[str, Any]) -> None:
    msg_id = data.get("id")
    if msg_id is not None and (not isinstance(msg_id, str) or len(msg_id) > 64):
        raise BadMessage("bad_message", "id must be a short text")
    seat, version = data.get("seat"), data.get("version")
    if not conn.seats:
        raise BadMessage("spectator", "spectators cannot act")
    # an int, not just equal to one: 0.0 == 0 would log a float seat and break every view
    if type(seat) is not int or seat not in conn.seats:
        raise BadMessage("not_your_seat", "you do not hold that seat")
    if msg_id is not None and not table.first_time(seat, msg_id):
        raise BadMessage("duplicate", "this message was already received; ignored")
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadMessage("bad_message", "version must be the integer version you saw")
    try:
        action = table.match.game.action_from_json(data.get("action"))
        new_version = await table.act(seat, action, version)
    except MalformedActionError as exc:
        raise BadMessage("malformed_action", str(exc)) from None
    except StaleVersionError as exc:
        raise BadMessage("stale", str(exc)) from None
    except MatchOverError as exc:
        raise BadMessage("over", str(exc)) from None
    except IllegalActionError as exc:
        raise BadMessage("illegal", exc.reason) from None
    except StorageError as exc:
        raise BadMessage("storage", str(exc)) from None
    except DicehallError as exc:
        raise BadMessage("rejected", str(exc)) from None
    conn.send({"type": "ack", "id": msg_id, "version": new_version})


async def _handle(table: Table, conn: Conn, data: dict[str, Any]) -> None:
    kind = data["type"]
    if kind == "act":
        await _act(table, conn, data)
    elif kind == "ping":
        conn.send({"type": "pong", "t": data.get("t")})
    elif kind == "resync":
        table.resync(conn)
    else:
        raise BadMessage("unknown_type", f"unknown message type {kind[:32]!r}")


def same_origin(ws: WebSocket) -> bool:
    """Browsers send Origin: only pages served by this server may open a table's socket."""
    origin = ws.headers.get("origin")
    if origin is None:  # not a browser (scripts, bots, tests)
        return True
    return urlsplit(origin).netloc == ws.headers.get("host")


async def table_socket(ws: WebSocket, hall: Hall, table_id: str) -> None:
    await ws.accept()
    if not same_origin(ws):
        await ws.send_json(error("bad_origin", "this table only talks to pages of this server"))
        await ws.close(4403)
        return
    table = await hall.get(table_id) if valid_table_id(table_id) else None
    if table is None:
        await ws.send_json(error("unknown_table", "there is no table with that id"))
        await ws.close(4404)
        return
    try:
        seats = await _hello(ws, hall, table)
    except BadMessage as exc:
        await ws.send_json(error(exc.code, exc.message))
        await ws.close(4401 if exc.code == "bad_token" else 4400)
        return
    except WebSocketDisconnect:
        return
    conn = Conn(seats, limit=hall.settings.queue_limit)
    table.join(conn)
    pump = asyncio.create_task(_pump(ws, conn))
    limiter = RateLimit(hall.settings.rate_per_s, hall.settings.rate_burst)
    try:
        await _serve(ws, table, conn, limiter, hall.settings.max_message)
    except WebSocketDisconnect:
        pass
    finally:
        table.leave(conn)
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await pump


async def _serve(ws: WebSocket, table: Table, conn: Conn, limiter: RateLimit, limit: int) -> None:
    while not conn.closed:
        raw = await ws.receive()
        if raw["type"] == "websocket.disconnect":
            return
        data: dict[str, Any] = {}
        try:
            allowed = limiter.allow()  # every frame spends a token, even one that does not parse
            data = parse(raw.get("text"), limit)  # bounded work: at most `limit` characters
            if not allowed:  # refused after parsing, so the error names the message's id
                raise BadMessage("rate_limited", "too many messages; slow down")
            await _handle(table, conn, data)
        except BadMessage as exc:
            conn.send(error(exc.code, exc.message, data.get("id")))
        except Exception:  # a bug must cost one message, not the connection
            log.exception("table %s: message of type %r failed", table.id, data.get("type"))
            conn.send(error("internal", "the server failed on that message", data.get("id")))
