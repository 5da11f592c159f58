"""Turn-based tables: a time per move, from 1 hour to 3 days, instead of the live pace.

The host chooses the time and what happens when a player's time runs out: a bot moves for
them for that move (`bot`), or the game ends for them (`end`: a bot plays their seat to the
end and they cannot come back). Players leave and come back at will: nobody stands in for a
person who is away, and bots move at once. The deadline is on the server's clock (seconds
since the epoch) and kept in the store (`store.turns`), so it survives a restart.

A real-time game can be turn-based only in the mode its plug-in names for turn-by-turn play
(`GameParts.rl_params`, e.g. one action per seat per tick). docs/play-together.md,
*Turn-based tables*.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dicehall import games
from dicehall.core.game import Game
from dicehall.core.types import CHANCE, Seat
from dicehall.engine.match import Match
from dicehall.store.turns import TurnClock
from dicehall.web.errors import RequestError

ON_TIMEOUT = ("bot", "end")
MAX_MOVE_S = 3 * 24 * 3600
"""The longest time per move: 3 days (the shortest is `Settings.turn_seconds_min`, 1 hour)."""


def turn_mode_params(game: Game[Any, Any]) -> dict[str, Any] | None:
    """The parameters that make `game` turn-by-turn: {} for a turn-based game, the plug-in's
    turn-by-turn mode for a real-time one (None: it has none)."""
    if not game.spec.real_time:
        return {}
    wanted = dict(games.parts(game.id).rl_params)
    return wanted or None


def check_turn_based(body: dict[str, Any], game: Game[Any, Any], minimum: float) -> dict[str, Any]:
    """The table's turn rule from a lobby request ({} for a live table), or a clean 422."""
    raw = body.get("turn_based")
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise RequestError(422, "bad_turn_based", "turn_based is an object")
    seconds, on_timeout = raw.get("move_seconds"), raw.get("on_timeout", "bot")
    if not isinstance(seconds, int) or isinstance(seconds, bool):
        raise RequestError(422, "bad_turn_based", "move_seconds is a whole number of seconds")
    if not minimum <= seconds <= MAX_MOVE_S:
        raise RequestError(
            422, "bad_turn_based", "the time per move is from 1 hour to 3 days (3600-259200 s)"
        )
    if on_timeout not in ON_TIMEOUT:
        raise RequestError(422, "bad_turn_based", "on_timeout is 'bot' or 'end'")
    if body.get("mode", "online") != "online":
        raise RequestError(422, "turn_based_hotseat", "a turn-based table is played online")
    mode = turn_mode_params(game)
    if mode is None or any(game.params.get(k) != v for k, v in mode.items()):
        needs = ", ".join(f"{k}={v}" for k, v in (mode or {}).items())
        raise RequestError(
            422,
            "real_time",
            "a real-time game cannot be turn-based"
            + (f"; its turn-by-turn mode ({needs}) can" if needs else ""),
        )
    return {"move_seconds": seconds, "on_timeout": on_timeout}


@dataclass
class TurnKeeper:
    """One turn-based table's clock: whose move it is since which log length, until when,
    and whose game ended when their time ran out."""

    move_seconds: int
    on_timeout: str
    seats: tuple[Seat, ...] = ()
    version: int = -1  # the log length when the current move began (-1: not started)
    deadline: float | None = None
    out: set[Seat] = field(default_factory=set)

    @classmethod
    def of(cls, options: dict[str, Any], clock: TurnClock | None) -> TurnKeeper | None:
        rule = options.get("turn_based")
        if not isinstance(rule, dict):
            return None
        keeper = cls(int(rule["move_seconds"]), str(rule["on_timeout"]))
        if clock is not None:
            keeper.seats, keeper.version, keeper.deadline = (
                clock.seats,
                clock.version,
                clock.deadline,
            )
            keeper.out = set(clock.out)
        return keeper

    def advance(self, m: Match, people: list[Seat], now: float) -> bool:
        """A new move began (the log grew): the people to move get `move_seconds` from now.
        True if the clock changed (it is to be saved)."""
        if self.version == len(m.log):
            return False
        actors = set(m.actors()) - {CHANCE}
        self.seats = tuple(s for s in people if s in actors and s not in self.out)
        self.version = len(m.log)
        self.deadline = now + self.move_seconds if self.seats and not m.is_over else None
        return True

    def resume(self) -> None:
        """Loaded with no deadline running (stopped between a time-out and the bot's move):
        the move starts again, with its whole time, at the next `advance`."""
        if self.deadline is None:
            self.version = -1

    def overdue(self, now: float) -> tuple[Seat, ...]:
        """The seats whose time for this move ran out."""
        if self.deadline is None or now < self.deadline:
            return ()
        return self.seats

    def timed_out(self, seat: Seat) -> None:
        """`seat`'s time ran out: it is no longer on the clock for this move."""
        self.seats = tuple(s for s in self.seats if s != seat)
        if not self.seats:
            self.deadline = None

    def clock(self) -> TurnClock:
        return TurnClock(self.seats, self.version, self.deadline, tuple(sorted(self.out)))

    def to_json(self) -> dict[str, Any]:
        """What everyone at the table sees: the rule, whose move, until when (epoch seconds)."""
        return {
            "move_seconds": self.move_seconds,
            "on_timeout": self.on_timeout,
            "seats": list(self.seats),
            "deadline": self.deadline,
            "out": sorted(self.out),
        }
