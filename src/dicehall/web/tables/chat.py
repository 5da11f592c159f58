"""Table chat over the table's websocket (docs/play-together.md, *Chat*).

Players write in the `players` channel, spectators in their own `spectators` channel; both
read both (a player's page can hide the spectators'). Text only: control and bidi-override
characters are dropped, and pages show it as text, never as HTML. Each message is kept with the
table's record in the store (`store/chat.py`), never in the rules' log.

Who may chat: nobody at a hot-seat table (everyone is at one device); at a private table only
its seated players, so its chat is seen by nobody outside it. Limits (`protection/limits.py`):
a message's length, a per-connection rate that reports spend too, the history sent on arrival.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy.exc import SQLAlchemyError

from dicehall.store import MatchRow, Store, StoreUnavailable
from dicehall.store.chat import ChatLine, KeptChat
from dicehall.web.tables import writes
from dicehall.web.tables.conn import Conn
from dicehall.web.tables.presence import Presence
from dicehall.web.tables.views import seat_name

log = logging.getLogger("dicehall.web")
PLAYERS, SPECTATORS = "players", "spectators"
BIDI = {"\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"}
_spectator_numbers = itertools.count(1)


class ChatRefused(Exception):
    """A chat message or report refused: `code` and a readable message; nothing was kept."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


class Chatting(Protocol):
    """What chat needs of a table (`web.tables.table.Table`)."""

    row: MatchRow
    store: Store
    presence: Presence


@dataclass
class Chatter:
    """One connection's chat: its name for spectators, its budget, what it reported."""

    allow: Callable[[], bool]  # the connection's chat budget (a token bucket)
    number: int = field(default_factory=lambda: next(_spectator_numbers))
    reported: set[int] = field(default_factory=set)


def refusal(table: Chatting, conn: Conn) -> ChatRefused | None:
    """Why this connection may not chat at this table (None: it may)."""
    if table.row.options.get("mode") == "hotseat":
        return ChatRefused("chat_off", "a hot-seat table has no chat: everyone is at one device")
    if table.row.options.get("private") and not conn.seats:
        return ChatRefused("chat_off", "a private table's chat is for its players only")
    return None


def readable(table: Chatting, conn: Conn) -> tuple[str, ...]:
    """The channels this connection reads (none where it may not chat)."""
    return () if refusal(table, conn) is not None else (PLAYERS, SPECTATORS)


def clean(text: Any, max_chars: int) -> str:
    """The message as kept: text only, no control or bidi-override characters, trimmed."""
    if not isinstance(text, str):
        raise ChatRefused("bad_message", "a chat message is a text")
    kept = "".join(
        " " if ch in "\t\n\r" else ch
        for ch in text
        if ch in "\t\n\r" or (unicodedata.category(ch) != "Cc" and ch not in BIDI)
    ).strip()
    if not kept:
        raise ChatRefused("empty", "write something first")
    if len(kept) > max_chars:
        raise ChatRefused("too_long", f"a chat message may have at most {max_chars} characters")
    return kept


def line_json(line: ChatLine) -> dict[str, Any]:
    return {
        "id": line.id,
        "channel": line.channel,
        "seat": line.seat,
        "author": line.author,
        "text": line.text,
        "sent": line.sent,
    }


def _author(table: Chatting, conn: Conn, chatter: Chatter) -> tuple[str, int | None, str]:
    if conn.seats:
        seat = min(conn.seats)
        return PLAYERS, seat, seat_name(table.row.seats, seat)
    return SPECTATORS, None, f"Spectator {chatter.number}"


def _spend(chatter: Chatter) -> None:
    if not chatter.allow():
        raise ChatRefused("rate_limited", "you are chatting too fast; wait a few seconds")


async def post(table: Chatting, conn: Conn, chatter: Chatter, text: Any, max_chars: int) -> None:
    """Keep a message, then send it to every connection that reads its channel."""
    refused = refusal(table, conn)
    if refused is not None:
        raise refused
    kept_text = clean(text, max_chars)
    _spend(chatter)
    channel, seat, author = _author(table, conn, chatter)
    try:
        line = await writes.run(
            KeptChat(table.store).add, table.row.id, channel, seat, author, kept_text
        )
    except StoreUnavailable:
        raise ChatRefused("unavailable", "the chat cannot be saved right now; try again") from None
    message = {"type": "chat", "line": line_json(line)}
    for other in table.presence.conns:
        if line.channel in readable(table, other):
            other.send(message)


async def history(table: Chatting, conn: Conn, limit: int) -> None:
    """Send a connection arriving the chat it may read so far (nothing where it may not)."""
    channels = readable(table, conn)
    if not channels:
        conn.send({"type": "chat_off", "message": str(refusal(table, conn))})
        return
    try:
        lines = await asyncio.to_thread(KeptChat(table.store).recent, table.row.id, channels, limit)
    except SQLAlchemyError as exc:  # the table still plays; its chat so far is not shown
        log.error("table %s: chat history not read: %s", table.row.id, exc)
        lines = []
    conn.send({"type": "chat_history", "lines": [line_json(x) for x in lines]})


async def report(table: Chatting, conn: Conn, chatter: Chatter, message_id: Any) -> None:
    """Keep a report of a message this connection could read, for an operator."""
    refused = refusal(table, conn)
    if refused is not None:
        raise refused
    if type(message_id) is not int or message_id in chatter.reported:
        raise ChatRefused("bad_message", "report a message by its id, once")
    _spend(chatter)
    kept = KeptChat(table.store)
    line = await asyncio.to_thread(kept.get, message_id)
    if line is None or line.match_id != table.row.id or line.channel not in readable(table, conn):
        raise ChatRefused("unknown_message", "there is no such message at this table")
    try:
        await writes.run(kept.report, line, _author(table, conn, chatter)[2])
    except StoreUnavailable:
        raise ChatRefused("unavailable", "the report cannot be saved right now") from None
    chatter.reported.add(message_id)
    conn.send({"type": "chat_reported", "id": message_id})
