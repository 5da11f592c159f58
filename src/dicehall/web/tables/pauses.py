"""A table's pause: where the game says (its `pause` part, e.g. after a round's
scoring), the table holds for `Settings.round_pause` seconds so that people can read what
happened before the board clears and the game goes on.

While a table holds, its match has no actors: nobody may act, no bot moves, no chance is
resolved and no timer runs (`Match.pause`). The pause ends when its time is up, or earlier
once every seated person who is present has skipped it (one Skip on a shared device). Nothing
is lost by a crash meanwhile: every action taken is saved, and a restarted server holds again
for a fresh pause, then goes on.

With several server processes (`web/cluster/`) the table's owner runs the pause: it tells
the processes that follow the table each change (`announce`), so their people see the same
countdown, and a Skip sent to a follower is passed on to the owner.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dicehall import games
from dicehall.core.game import Game
from dicehall.core.types import Seat


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


class Pauses:
    """The pause of one table, if one runs; `announce` tells the other processes each change
    (the table's owner only)."""

    def __init__(self, seconds: float, announce: Callable[[], None]) -> None:
        self.seconds, self.announce = seconds, announce
        self.current: Pause | None = None

    def to_json(self, now: float) -> dict[str, Any] | None:
        return self.current.to_json(now) if self.current else None

    def hold(self, held: bool, now: float, owner: bool) -> None:
        """Start the pause of a match that holds, unless it runs already (after a restart the
        resumed match holds again: a fresh pause starts). A follower waits for the owner's."""
        if held and self.current is None and owner:
            self.current = Pause(now + self.seconds, self.seconds)
            self.announce()

    def end(self) -> None:
        """The owner's pause is over: the game goes on."""
        self.current = None
        self.announce()

    def clear(self) -> None:
        """A follower read that the game went on: the owner's pause, if any, is over."""
        self.current = None

    def follow(self, pause: dict[str, Any] | None, held: bool, now: float) -> None:
        """A follower takes the owner's pause as it stands (`Pause.to_json`). A pause whose
        end the follower's store already shows (the match it read holds no more: a Skip's
        notice can be read after the moves the release saved) is over."""
        if pause is None or not held:
            self.current = None
        else:
            until = now + float(pause["remaining"])
            self.current = Pause(until, float(pause["total"]), set(pause["skipped"]))

    def skip(self, seats: set[Seat]) -> bool:
        """`seats` skipped the pause (here or through another process); False if none runs."""
        if self.current is None or not seats:
            return False
        self.current.skipped |= seats
        return True
