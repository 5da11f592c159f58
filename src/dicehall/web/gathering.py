"""The waiting room's messages (docs/play-together.md, *Waiting room*).

Over the table's websocket, a seated person sends `{"type": "ready", "ready": true}`; the
host (whoever holds the host seat's token, `web.tables.room`) sends `room_seat` (a seat
becomes `invited`, `open` to anyone, or a `bot` of a level), `room_options` (`private`,
`coach`) and `start` (`fill`: the level of the bots that take the seats nobody took, or
`open` to leave them open). The game starts by itself once every person's seat is taken and
everyone seated is ready. Each change is saved (`store.rooms`) before the table changes and
everyone hears of it; a refusal changes nothing.
"""

from __future__ import annotations

import secrets
from typing import Any

from dicehall.core.types import Seat
from dicehall.store import StoreUnavailable, token_digest
from dicehall.store.rooms import save_room
from dicehall.web.errors import RequestError
from dicehall.web.hall import Hall
from dicehall.web.tables import writes
from dicehall.web.tables.conn import Conn
from dicehall.web.tables.table import Table

KINDS = ("ready", "room_seat", "room_options", "start")
SEAT_KINDS = ("invited", "open", "bot")
OPTIONS = ("private", "coach")


class RoomRefused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


async def handle(hall: Hall, table: Table, conn: Conn, data: dict[str, Any]) -> None:
    """One waiting-room message; raises `RoomRefused` with the reason it changed nothing."""
    kind = data["type"]
    if table.replica:
        raise RoomRefused("unavailable", "this table's room is run by another server process")
    async with table.lock:
        if not table.room.waiting:
            raise RoomRefused("not_waiting", "the game has started: there is no waiting room")
        if kind == "ready":
            await _ready(hall, table, conn, data.get("ready"))
            return
        if table.room.host not in conn.seats:
            raise RoomRefused("not_host", "only the table's host can do that")
        if kind == "room_seat":
            await _seat(hall, table, conn, data)
        elif kind == "room_options":
            await _options(table, data)
        else:
            await _start(hall, table, data.get("fill"))


async def _save(
    table: Table,
    seats: list[dict[str, Any]],
    room: dict[str, Any],
    tokens: dict[Seat, str | None] | None = None,
    **options: Any,
) -> None:
    """Save the room's next state (before the table changes: a refusal changes nothing)."""
    saved = {**table.row.options, **options, "room": room}
    try:
        await writes.run(save_room, table.store, table.id, seats, saved, tokens, first=True)
    except StoreUnavailable as exc:  # the database refused: the table is as it was
        raise RoomRefused("unavailable", f"the server cannot save that right now ({exc})") from None


def _room(table: Table, **changes: Any) -> dict[str, Any]:
    state = table.room.to_json()
    assert state is not None
    return {**state, **changes}


async def _ready(hall: Hall, table: Table, conn: Conn, ready: Any) -> None:
    if not conn.seats:
        raise RoomRefused("spectator", "spectators are not seated: nothing to be ready for")
    if not isinstance(ready, bool):
        raise RoomRefused("bad_message", "ready must be true or false")
    marks = table.room.ready | set(conn.seats) if ready else table.room.ready - set(conn.seats)
    await _save(table, table.row.seats, _room(table, ready=sorted(marks)))
    table.room.mark(conn.seats, ready)
    everyone = set(table.humans)
    if everyone <= table.presence.claimed and everyone <= table.room.ready:
        await _start(hall, table, "open")  # nobody is missing: no seat to fill
    else:
        table.broadcast_room()


def _person(table: Table, seat: Seat, open_: bool) -> dict[str, Any]:
    old = table.row.seats[seat]
    name = old["name"] if old["kind"] == "human" else f"Player {seat + 1}"
    cfg: dict[str, Any] = {"seat": seat, "kind": "human", "name": name}
    if open_:
        cfg["open"] = True
    return cfg


def _bot(hall: Hall, table: Table, seat: Seat, level: Any) -> tuple[dict[str, Any], Any, str]:
    try:
        return hall.bot_seat(table.match.game, seat, level)
    except RequestError as exc:
        raise RoomRefused(exc.code, exc.message) from None


async def _seat(hall: Hall, table: Table, conn: Conn, data: dict[str, Any]) -> None:
    seat, kind = data.get("seat"), data.get("as")
    if type(seat) is not int or not 0 <= seat < len(table.row.seats):
        raise RoomRefused("bad_seat", "that is not a seat of this table")
    if kind not in SEAT_KINDS:
        raise RoomRefused("bad_message", f"a seat becomes one of {', '.join(SEAT_KINDS)}")
    if seat == table.room.host:
        raise RoomRefused("bad_seat", "the host's own seat stays the host's")
    if seat in table.presence.claimed and seat not in table.bot_seats:
        raise RoomRefused("seat_taken", "someone has taken that seat already")
    token = secrets.token_urlsafe(24)
    if kind == "bot":
        cfg, bot, level = _bot(hall, table, seat, data.get("level"))
        digest: str | None = None
    else:
        cfg, bot, level = _person(table, seat, kind == "open"), None, ""
        digest = token_digest(token)
    seats = [cfg if s == seat else c for s, c in enumerate(table.row.seats)]
    ready = sorted(table.room.ready - {seat})
    await _save(table, seats, _room(table, ready=ready), {seat: digest})
    table.reseat(seat, cfg, bot, level)
    table.broadcast_seats()
    table.broadcast_room()
    if kind == "invited":  # the new link, to the host only: the server keeps its digest only
        link = f"/table/{table.id}#seat={seat}&token={token}"
        conn.send({"type": "room_link", "seat": seat, "link": link})


async def _options(table: Table, data: dict[str, Any]) -> None:
    changes = {k: data[k] for k in OPTIONS if k in data}
    if not changes or any(not isinstance(v, bool) for v in changes.values()):
        raise RoomRefused("bad_message", "options: private and coach, each true or false")
    if changes.get("coach") and table.row.options.get("rated"):
        raise RoomRefused("bad_message", "a rated table has no coach")
    await _save(table, table.row.seats, _room(table), **changes)
    table.set_options(**changes)
    table.broadcast_room()


async def _start(hall: Hall, table: Table, fill: Any) -> None:
    """Start the game: each person's seat nobody took becomes a bot of `fill`, or stays
    open to anyone (`fill` "open")."""
    empty = [s for s in table.humans if s not in table.presence.claimed]
    seats = list(table.row.seats)
    bots: dict[Seat, tuple[dict[str, Any], Any, str]] = {}
    if fill != "open":
        if not isinstance(fill, str):
            raise RoomRefused("bad_message", "fill: a bot level, or open")
        bots = {s: _bot(hall, table, s, fill) for s in empty}
    for s in empty:
        seats[s] = bots[s][0] if s in bots else _person(table, s, open_=True)
    tokens: dict[Seat, str | None] = {s: None for s in bots}
    await _save(table, seats, _room(table, waiting=False, ready=[]), tokens)
    for s, (cfg, bot, level) in bots.items():
        table.reseat(s, cfg, bot, level)
    for s in empty:
        if s not in bots:
            table.reseat(s, seats[s], None, "")
    table.begin()
    table.broadcast_seats()
