"""A table's pause: where the game says (its `pause` part, e.g. after a Jelly Monster round's
scoring), the table holds for `Settings.round_pause` seconds so that people can read what
happened before the board clears and the game goes on.

While a table holds, its match has no actors: nobody may act, no bot moves, no chance is
resolved and no timer runs (`Match.pause`). The pause ends when its time is up, or earlier
once every seated person who is present has skipped it (one Skip on a shared device). Nothing
is lost by a crash meanwhile: every action taken is saved, and a restarted server holds again
for a fresh pause, then goes on.

With several server processes (`web/cluster.py`) the table's owner runs the pause: it tells
the processes that follow the table each change (`announce`), so their people see the same
countdown, and a Skip sent to a follower is passed on to the owner.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from dicehall import games
from dicehall.core.game import Game
from dicehall.core.types import Seat

if TYPE_CHECKING:
    from dicehall.web.tables.conn import Conn
    from dicehall.web.tables.table import Table


def pause_rule(game: Game[Any, Any]) -> Callable[[Any, Any], bool] | None:
    """The game's `pause` part for this game object (None: it never pauses)."""
    found = games.part(game.id, "pause")
    return None if found is None else functools.partial(found, game)


@dataclass
class Pause:
    """A running pause: when it ends (event-loop time) and who skipped it."""

    until: float
    seconds: float
    skipped: set[Seat] = field(default_factory=set)

    def done(self, now: float, present: set[Seat]) -> bool:
        """Time is up, or every seated person present has skipped (bots never wait)."""
        return now >= self.until or (bool(present) and present <= self.skipped)

    def to_json(self, now: float) -> dict[str, Any]:
        return {
            "remaining": max(0.0, self.until - now),
            "total": self.seconds,
            "skipped": sorted(self.skipped),
        }


def present(table: Table) -> set[Seat]:
    """The seated people at the table now (a seat a bot stands in for is not a person there)."""
    return {s for s in table.humans if table.connected(s) and s not in table.covered}


def hold(table: Table, now: float) -> None:
    """Start the pause of a match that holds, unless it runs already (after a restart the
    resumed match holds again: a fresh pause starts)."""
    if table.match.held and table.pause is None and not table.replica:
        seconds = table.settings.round_pause
        table.pause = Pause(now + seconds, seconds)
        announce(table)


def announce(table: Table) -> None:
    """The owner tells the processes following the table how its pause stands now."""
    if table.cluster is not None and not table.replica:
        now = asyncio.get_running_loop().time()
        table.cluster.paused(table, table.pause.to_json(now) if table.pause else None)


def follow(table: Table, pause: dict[str, Any] | None, now: float) -> None:
    """A follower takes the owner's pause as it stands (`Pause.to_json`) and shows it. A
    pause whose end the follower's store already shows (the match it read holds no more: a
    Skip's notice can be read after the moves the release saved) is over."""
    if pause is None or not table.match.held:
        table.pause = None
    else:
        until = now + float(pause["remaining"])
        table.pause = Pause(until, float(pause["total"]), set(pause["skipped"]))
    table.broadcast(len(table.match.log))


async def release(table: Table) -> None:
    """End the pause: the match goes on (the chance it held back is resolved and saved)."""
    async with table.lock:
        m = table.match
        table.pause = None
        announce(table)
        if not m.held:
            return
        saved = m.checkpoint()
        m.release()
        if len(m.log) > saved.log_length:
            await table._commit(saved)
        else:
            table.broadcast(len(m.log))
            table.wake.set()


def skip(table: Table, conn: Conn) -> None:
    """The people at `conn` are done reading: on a shared device, one Skip is everyone's."""
    if table.pause is None or not conn.seats:
        return
    if table.replica and table.cluster is not None:  # the owner runs the pause
        table.cluster.skipped(table, sorted(conn.seats))
        return
    skip_seats(table, set(conn.seats))


def skip_seats(table: Table, seats: set[Seat]) -> None:
    """`seats` skipped the pause (here or through another process)."""
    seats = {s for s in seats if s in table.humans}
    if table.pause is None or not seats:
        return
    table.pause.skipped |= seats
    table.broadcast(len(table.match.log))
    table.wake.set()
    announce(table)
