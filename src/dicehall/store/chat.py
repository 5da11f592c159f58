"""`KeptChat`: a table's chat, kept in the match store's database beside the match's record.

Chat is not part of the game: it never enters the action log (a record replays the same with
or without it). Each message keeps its channel (`players`, `spectators`), the writer's seat
(None for a spectator) and the name shown then; a report names the message and who reported
it, for an operator to read (`dicehall chat-reports`).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import insert, select

from dicehall.store.models import chat_messages, chat_reports
from dicehall.store.repository import Store, now_text

CHANNELS = ("players", "spectators")


@dataclass(frozen=True)
class ChatLine:
    """One chat message as kept."""

    id: int
    match_id: str
    channel: str
    seat: int | None
    author: str
    text: str
    sent: str


@dataclass(frozen=True)
class ChatReport:
    """A report of one message, with the message itself."""

    id: int
    reporter: str
    made: str
    line: ChatLine


def _line(row: object) -> ChatLine:
    m = row._mapping  # type: ignore[attr-defined]
    return ChatLine(
        m["id"], m["match_id"], m["channel"], m["seat"], m["author"], m["text"], m["sent"]
    )


class KeptChat:
    """Chat over the `Store`'s engine (its writes fail the same clear way)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def add(
        self, match_id: str, channel: str, seat: int | None, author: str, text: str
    ) -> ChatLine:
        """Keep one message; returns it with its id."""
        sent = now_text()
        row = {"match_id": match_id, "channel": channel, "seat": seat, "author": author}
        with self.store._writing() as conn:
            made = conn.execute(insert(chat_messages).values(**row, text=text, sent=sent))
            new_id = int(made.inserted_primary_key[0])  # type: ignore[index]
        return ChatLine(new_id, match_id, channel, seat, author, text, sent)

    def recent(self, match_id: str, channels: tuple[str, ...], limit: int) -> list[ChatLine]:
        """The table's last `limit` messages in these channels, oldest first."""
        query = (
            select(chat_messages)
            .where(chat_messages.c.match_id == match_id)
            .where(chat_messages.c.channel.in_(channels))
            .order_by(chat_messages.c.id.desc())
            .limit(limit)
        )
        with self.store.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [_line(r) for r in reversed(rows)]

    def get(self, message_id: int) -> ChatLine | None:
        query = select(chat_messages).where(chat_messages.c.id == message_id)
        with self.store.engine.connect() as conn:
            row = conn.execute(query).first()
        return _line(row) if row is not None else None

    def report(self, line: ChatLine, reporter: str) -> None:
        """Keep a report of `line` for an operator."""
        row = {"message_id": line.id, "match_id": line.match_id, "reporter": reporter}
        with self.store._writing() as conn:
            conn.execute(insert(chat_reports).values(**row, made=now_text()))

    def reports(self, limit: int = 100) -> list[ChatReport]:
        """The newest reports first, each with its message."""
        query = (
            select(
                chat_reports.c.id.label("report_id"),
                chat_reports.c.reporter,
                chat_reports.c.made,
                chat_messages,
            )
            .join(chat_messages, chat_messages.c.id == chat_reports.c.message_id)
            .order_by(chat_reports.c.id.desc())
            .limit(limit)
        )
        with self.store.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [
            ChatReport(
                r._mapping["report_id"], r._mapping["reporter"], r._mapping["made"], _line(r)
            )
            for r in rows
        ]
