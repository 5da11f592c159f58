"""The live-play websocket: JSON messages in, views and log lines out.

Client messages: `hello` (first; seat tokens, none for a spectator, and a private table's
`secret` from its link: web/tables/secret.py), `act` (seat, action,
version, id), `resync`, `focus` (the seat a shared device shows now, see `web.tables.viewers`),
`ping`, `chat` (text) and `chat_report` (a message's id: `web.tables.chat`), and the waiting
room's `ready`, `room_seat`, `room_options` and `start` (`web.gathering`). Each bad message
gets an `error` with a code and a readable message; it never changes the match.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from dicehall.core.errors import DicehallError
from dicehall.web import events, gathering, metrics
from dicehall.web.accounts import seat_accounts
from dicehall.web.accounts.sessions import scope_account
from dicehall.web.api import valid_table_id
from dicehall.web.cluster.routing import through_owner
from dicehall.web.errors import StorageError, move_error
from dicehall.web.hall import Hall
from dicehall.web.protection.guard import Guards, client_key
from dicehall.web.protection.strict_json import BadJSON, dumps, loads
from dicehall.web.sockets import Socket
from dicehall.web.tables import chat
from dicehall.web.tables.conn import Conn
from dicehall.web.tables.secret import admits
from dicehall.web.tables.table import Table

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
    try:  # standard JSON only: NaN or a lone surrogate would break every echo of it
        data = loads(text)
    except BadJSON as exc:
        raise BadMessage(exc.code, exc.message) from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadMessage("bad_message", 'a message is a JSON object with a "type"')
    return data


async def _pump(ws: Socket, conn: Conn) -> None:
    """Send the connection's queued messages in order; None closes the socket."""
    while True:
        message = await conn.queue.get()
        if message is None:
            with contextlib.suppress(Exception):
                await ws.close(1001 if not conn.closed else 1008)
            return
        try:
            await ws.send_text(dumps(message))
        except (WebSocketDisconnect, RuntimeError):  # the client left; _serve sees it too
            return


async def _hello(ws: Socket, hall: Hall, table: Table, guards: Guards) -> tuple[int, ...]:
    """The seats the hello's tokens open; raises BadMessage on a wrong token. Wrong tokens
    are counted per client address and per table: past either budget, tokens are not even
    checked until it refills (a spectator's hello, with no token, is always let in)."""
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
    client = client_key(ws.scope)
    if tokens and not guards.reserve_token_check(client):
        guards.refuse("wrong_tokens", client)
        raise BadMessage("rate_limited", "too many wrong seat tokens; try again in a minute")
    seats = set()
    for token in tokens:
        seat = await hall.seat_of(table, token)
        if seat is None:
            if not guards.wrong_token(table.id):
                guards.refuse("wrong_tokens", client)
                raise BadMessage("rate_limited", "too many wrong seat tokens at this table")
            raise BadMessage("bad_token", "that seat token is not valid for this table")
        seats.add(seat)
    if tokens:
        guards.right_tokens(client)
    elif not admits(table.row, data.get("secret")):  # a private table is watched by its link
        raise BadMessage("unknown_table", "there is no table with that id")
    return tuple(sorted(seats))


async def _act(table: Table, conn: Conn, data: dict[str, Any]) -> None:
    arrived = time.perf_counter()
    msg_id = data.get("id")
    if msg_id is not None and (not isinstance(msg_id, str) or len(msg_id) > 64):
        raise BadMessage("bad_message", "id must be a short text")
    seat, version = data.get("seat"), data.get("version")
    if not conn.seats:
        raise BadMessage("spectator", "spectators cannot act")
    # an int, not just equal to one: 0.0 == 0 would log a float seat and break every view
    if type(seat) is not int or seat not in conn.seats:
        raise BadMessage("not_your_seat", "you do not hold that seat")
    # only acknowledged ids are duplicates: a move refused (by the store, the rules, a stale
    # version) may be sent again with the same id
    if msg_id is not None and table.presence.was_acknowledged(seat, msg_id):
        raise BadMessage("duplicate", "this message was already received; ignored")
    if isinstance(version, bool) or not isinstance(version, int):
        raise BadMessage("bad_message", "version must be the integer version you saw")
    try:
        action = table.match.game.action_from_json(data.get("action"))
        new_version = await table.act(seat, action, version)
    except (DicehallError, StorageError) as exc:
        raise BadMessage(*move_error(exc)) from None
    if msg_id is not None:
        table.presence.first_time(seat, msg_id)
    conn.send({"type": "ack", "id": msg_id, "version": new_version})
    metrics.acknowledged(time.perf_counter() - arrived)


def _focus(table: Table, conn: Conn, seat: Any) -> None:
    """A shared device changes hands: from now on it is shown `seat`'s view (None: nobody's)."""
    if not conn.seats or (seat is not None and (type(seat) is not int or seat not in conn.seats)):
        raise BadMessage("not_your_seat", "you can only be shown a seat you hold")
    conn.focus = seat
    table.resync(conn)


async def _chat(table: Table, conn: Conn, chatter: chat.Chatter, data: dict[str, Any]) -> None:
    max_chars = int(table.settings.limits.chat_max_chars)
    try:
        if data["type"] == "chat":
            await chat.post(table, conn, chatter, data.get("text"), max_chars)
        else:
            await chat.report(table, conn, chatter, data.get("message"))
    except chat.ChatRefused as exc:
        if exc.code == "rate_limited":
            events.refused("chat")
        raise BadMessage(exc.code, exc.message) from None


async def _room(hall: Hall, table: Table, conn: Conn, data: dict[str, Any]) -> None:
    try:
        await gathering.handle(hall, table, conn, data)
    except gathering.RoomRefused as exc:
        raise BadMessage(exc.code, exc.message) from None


async def _handle(
    ws: Socket,
    table: Table,
    conn: Conn,
    data: dict[str, Any],
    resyncs: RateLimit,
    chatter: chat.Chatter,
) -> None:
    kind = data["type"]
    if kind in ("chat", "chat_report"):
        await _chat(table, conn, chatter, data)
    elif kind in gathering.KINDS:
        await _room(ws.app.state.hall, table, conn, data)
    elif kind == "act":
        await _act(table, conn, data)
    elif kind == "ping":
        t = data.get("t")
        conn.send({"type": "pong", "t": t if isinstance(t, int | float) else None})
    elif kind == "resync":
        if not resyncs.allow():  # a welcome holds the whole log: far dearer than a message
            events.refused("resync")
            raise BadMessage("rate_limited", "too many resyncs; slow down")
        table.resync(conn)
    elif kind == "skip":  # done reading a pause's summary (web/tables/pauses.py)
        table.skip(conn)
    elif kind == "focus":  # only a device holding seats may hand over (the message rate bounds it)
        _focus(table, conn, data.get("seat"))
    else:
        raise BadMessage("unknown_type", f"unknown message type {kind[:32]!r}")


CLOSE_CODES = {"bad_token": 4401, "rate_limited": 4429, "unknown_table": 4404}


def same_origin(ws: WebSocket) -> bool:
    """Browsers send Origin: only pages served by this server may open a table's socket."""
    origin = ws.headers.get("origin")
    if origin is None:  # not a browser (scripts, bots, tests)
        return True
    return urlsplit(origin).netloc == ws.headers.get("host")


async def table_socket(ws: WebSocket, hall: Hall, table_id: str) -> None:
    await ws.accept()
    guards: Guards = ws.app.state.guards
    client = client_key(ws.scope)
    if not guards.open_socket(client):
        guards.refuse("sockets", client)
        await ws.send_json(error("rate_limited", "too many open connections from your address"))
        await ws.close(4429)
        return
    try:
        await _table_socket(ws, hall, table_id, guards)
    finally:
        guards.close_socket(client)


async def relayed_socket(ws: Socket, hall: Hall, table_id: str) -> None:
    """A connection another server process passes on (`web.cluster.inbound`): it checked the
    Origin and counts the client's sockets; this process owns the table and serves it."""
    await _serve_here(ws, hall, table_id, ws.app.state.guards)


async def _table_socket(ws: WebSocket, hall: Hall, table_id: str, guards: Guards) -> None:
    if not same_origin(ws):
        await ws.send_json(error("bad_origin", "this table only talks to pages of this server"))
        await ws.close(4403)
        return
    if not valid_table_id(table_id):
        await ws.send_json(error("unknown_table", "there is no table with that id"))
        await ws.close(4404)
        return
    here = await through_owner(ws, hall, table_id)  # another process's table: relayed there
    if here is not None:
        await _serve_here(here, hall, table_id, guards)


async def _serve_here(ws: Socket, hall: Hall, table_id: str, guards: Guards) -> None:
    table = await hall.get(table_id)
    if table is None:
        await ws.send_json(error("unknown_table", "there is no table with that id"))
        await ws.close(4404)
        return
    try:
        seats = await _hello(ws, hall, table, guards)
    except BadMessage as exc:
        await ws.send_json(error(exc.code, exc.message))
        await ws.close(CLOSE_CODES.get(exc.code, 4400))
        return
    except WebSocketDisconnect:
        return
    refused = await seat_accounts.admit(table, scope_account(ws.scope), seats)
    if refused is not None:
        await ws.send_json(error("account", refused))
        await ws.close(4403)
        return
    conn = Conn(seats, limit=hall.settings.queue_limit)
    table.join(conn)
    pump = asyncio.create_task(_pump(ws, conn))
    limiter = RateLimit(hall.settings.rate_per_s, hall.settings.rate_burst)
    resyncs = RateLimit(guards.limits.resync_rate, guards.limits.resync_burst)
    chatter = chat.Chatter(RateLimit(guards.limits.chat_rate, guards.limits.chat_burst).allow)
    try:
        await chat.history(table, conn, int(guards.limits.chat_history))
        await _serve(ws, table, conn, (limiter, resyncs), chatter, hall.settings.max_message)
    except WebSocketDisconnect:
        pass
    finally:
        table.leave(conn)
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await pump


async def _serve(
    ws: Socket,
    table: Table,
    conn: Conn,
    limiters: tuple[RateLimit, RateLimit],
    chatter: chat.Chatter,
    limit: int,
) -> None:
    limiter, resyncs = limiters
    while not conn.closed:
        raw = await ws.receive()
        if raw["type"] == "websocket.disconnect":
            return
        data: dict[str, Any] = {}
        try:
            allowed = limiter.allow()  # every frame spends a token, even one that does not parse
            data = parse(raw.get("text"), limit)  # bounded work: at most `limit` characters
            if not allowed:  # refused after parsing, so the error names the message's id
                events.refused("messages")
                raise BadMessage("rate_limited", "too many messages; slow down")
            await _handle(ws, table, conn, data, resyncs, chatter)
        except BadMessage as exc:
            conn.send(error(exc.code, exc.message, data.get("id")))
        except Exception:  # a bug must cost one message, not the connection
            log.exception("table %s: message of type %r failed", table.id, data.get("type"))
            conn.send(error("internal", "the server failed on that message", data.get("id")))
