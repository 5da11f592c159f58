"""`TurnClocks`: the clock of each turn-based table, kept so that it survives a restart.

A turn-based table has one row from its creation: the people's seats whose move it is, the log
length when their move began, the deadline on the server's clock (seconds since the epoch) and
the seats whose game ended when their time ran out. A live match with a clock never expires
for being idle (its deadlines move it on); the sweep loads the tables whose deadline passed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select, update

from dicehall.store.models import match_players, matches, turn_clocks
from dicehall.store.repository import LIVE, Store


@dataclass(frozen=True)
class TurnClock:
    """Whose move it is at a turn-based table, and until when."""

    seats: tuple[int, ...]
    version: int
    deadline: float | None
    out: tuple[int, ...] = ()


@dataclass(frozen=True)
class PlayerTable:
    """A live table where an account holds a seat (the lobby's "your games")."""

    match_id: str
    game: str
    seat: int
    updated: str
    private: bool
    clock: TurnClock | None


def _clock(row: Any) -> TurnClock:  # a row with the clock's four columns
    return TurnClock(tuple(row.seats), int(row.version), row.deadline, tuple(row.out))


class TurnClocks:
    """Turn clocks over the `Store`'s engine."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def get(self, match_id: str) -> TurnClock | None:
        query = select(turn_clocks).where(turn_clocks.c.match_id == match_id)
        with self.store.engine.connect() as conn:
            row = conn.execute(query).first()
        return _clock(row) if row is not None else None

    def put(self, match_id: str, clock: TurnClock) -> None:
        values = {
            "seats": list(clock.seats),
            "version": clock.version,
            "deadline": clock.deadline,
            "out": list(clock.out),
        }
        with self.store._writing() as conn:
            done = conn.execute(
                update(turn_clocks).where(turn_clocks.c.match_id == match_id).values(**values)
            )
            if not done.rowcount:
                conn.execute(insert(turn_clocks).values(match_id=match_id, **values))

    def due(self, now: float, limit: int = 100) -> list[str]:
        """Live matches whose deadline has passed (the sweep loads them to move them on)."""
        query = (
            select(turn_clocks.c.match_id)
            .join(matches, matches.c.id == turn_clocks.c.match_id)
            .where(matches.c.status == LIVE, turn_clocks.c.deadline <= now)
            .order_by(turn_clocks.c.deadline)
            .limit(limit)
        )
        with self.store.engine.connect() as conn:
            return [r.match_id for r in conn.execute(query)]

    def of_account(self, account_id: str, limit: int = 100) -> list[PlayerTable]:
        """The live tables where the account holds a seat, with their clocks if turn-based."""
        query = (
            select(
                matches.c.id,
                matches.c.game,
                matches.c.updated,
                matches.c.options,
                match_players.c.seat,
                turn_clocks.c.seats,
                turn_clocks.c.version,
                turn_clocks.c.deadline,
                turn_clocks.c.out,
            )
            .join(match_players, match_players.c.match_id == matches.c.id)
            .outerjoin(turn_clocks, turn_clocks.c.match_id == matches.c.id)
            .where(match_players.c.account_id == account_id, matches.c.status == LIVE)
            .order_by(matches.c.updated.desc())
            .limit(limit)
        )
        with self.store.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [
            PlayerTable(
                r.id,
                r.game,
                r.seat,
                r.updated,
                bool((r.options or {}).get("private")),
                _clock(r) if r.seats is not None else None,
            )
            for r in rows
        ]
