"""Seat ids, results, specs and the other small value types every game shares."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

Seat = int
CHANCE: Seat = -1
"""The actor at a chance node (dice rolls, shuffles, draws)."""
ENGINE: Seat = -2
"""The actor of engine-issued actions, such as a real-time game's `TimeUp`."""
OMNISCIENT: Seat = -3
"""The viewer who may read every secret: a finished match's log, a record's replay."""

JSONValue = Any
View = dict[str, Any]
"""What `observe` returns: JSON-compatible data a seat (or a spectator) may see."""


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a finished game."""

    scores: tuple[float, ...]
    winners: tuple[Seat, ...]
    ranks: tuple[int, ...]
    reason: str
    notes: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ranks": list(self.ranks),
            "reason": self.reason,
            "notes": list(self.notes),
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Result:
        return Result(
            scores=tuple(data["scores"]),
            winners=tuple(data["winners"]),
            ranks=tuple(data["ranks"]),
            reason=str(data["reason"]),
            notes=tuple(data.get("notes", ())),
        )


def competition_ranks(scores: Sequence[float], *, higher_is_better: bool = True) -> tuple[int, ...]:
    """Standard competition ranking: 1 is best, ties share a rank (1, 1, 3)."""
    sign = 1 if higher_is_better else -1
    return tuple(1 + sum(1 for other in scores if sign * other > sign * s) for s in scores)


@dataclass(frozen=True, slots=True)
class ParamSpec:
    """One game parameter: its name, type, default and allowed values. `looks_only`: it
    changes nothing in play (a design, a colour), so a rated table may set it; every other
    parameter is at its default at a rated table (docs/accounts.md, *Ratings*)."""

    name: str
    kind: type
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    looks_only: bool = False


@dataclass(frozen=True, slots=True)
class GameSpec:
    """Metadata of a game, the same for every parameter set (with OpenSpiel's `GameInfo` bounds:
    `max_chance_outcomes` and `utility_range`)."""

    id: str
    name: str
    min_players: int
    max_players: int
    params: tuple[ParamSpec, ...]
    variants: tuple[str, ...] = ()
    version: int = 1
    real_time: bool = False
    hidden_information: bool = False
    summary: str = ""
    designers: str = ""
    extra: tuple[tuple[str, str], ...] = field(default=())
    max_chance_outcomes: int = 0
    """An upper bound on `Game.max_chance_outcomes` over every parameter set (0: no chance)."""
    utility_range: tuple[float, float] = (0.0, 1.0)
    """The least and the greatest per-seat value of `Game.returns` (OpenSpiel's utilities)."""
    constant_sum: bool = False
    """Whether `Game.returns` always sum to 1 (every ending has a winner), which OpenSpiel's
    adapter declares as a constant-sum game; False claims nothing (general-sum)."""

    def param(self, name: str) -> ParamSpec:
        for p in self.params:
            if p.name == name:
                return p
        raise KeyError(name)

    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.params}


@dataclass(frozen=True, slots=True)
class TimerRequest:
    """A request from the rules to the engine's clock: issue `action` as ENGINE after `seconds`.

    `key` identifies the timer; the engine schedules each key once.
    """

    key: str
    seconds: float
    action: Any
