"""A tiny two-player dice race used to test the core, engine and records without a real game.

Each turn a die is rolled (a chance node); the roller then banks it (Bank) or doubles it
(Double, which also ends the turn). First to 10 points wins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from dicehall.core import (
    CHANCE,
    ActionCodec,
    ActionIndex,
    Distribution,
    Game,
    GameSpec,
    IllegalActionError,
    ParamSpec,
    Result,
    competition_ranks,
    uniform,
)

SPEC = GameSpec(
    id="toy",
    name="Toy race",
    min_players=2,
    max_players=2,
    params=(ParamSpec("players", int, 2, "players", minimum=2, maximum=2),),
    max_chance_outcomes=6,
)


@dataclass(frozen=True, slots=True)
class Roll:
    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class Bank:
    def __str__(self) -> str:
        return "bank"


@dataclass(frozen=True, slots=True)
class Double:
    def __str__(self) -> str:
        return "double"


@dataclass(frozen=True, slots=True)
class ToyState:
    scores: tuple[int, int] = (0, 0)
    turn: int = 0
    die: int = 0


_CODEC = ActionCodec(Roll, Bank, Double)
_INDEX = ActionIndex([Bank(), Double()])
_ROLLS: Distribution = uniform([Roll(v) for v in range(1, 7)])


class ToyGame(Game[ToyState, Any]):
    spec = SPEC
    action_index = _INDEX
    action_codec = _CODEC

    def __init__(self, params: dict[str, Any]) -> None:
        self.params = params
        self.num_players = 2
        self.num_actions = len(_INDEX)
        self.max_game_length = 40

    def chance_catalogue(self) -> tuple[Roll, ...]:
        return tuple(o for o, _ in _ROLLS)

    def initial_state(self) -> ToyState:
        return ToyState()

    def actors(self, s: ToyState) -> tuple[int, ...]:
        if self.is_terminal(s):
            return ()
        return (CHANCE,) if s.die == 0 else (s.turn,)

    def legal_actions(self, s: ToyState, seat: int) -> tuple[Any, ...]:
        return (Bank(), Double()) if seat in self.actors(s) and seat != CHANCE else ()

    def chance_outcomes(self, s: ToyState) -> Distribution:
        return _ROLLS

    def apply(self, s: ToyState, seat: int, action: Any) -> ToyState:
        if seat not in self.actors(s):
            raise IllegalActionError(f"seat {seat} may not act now", seat=seat, action=action)
        if seat == CHANCE:
            if not isinstance(action, Roll) or not 1 <= action.value <= 6:
                raise IllegalActionError("not a die roll", seat=seat, action=action)
            return replace(s, die=action.value)
        if not isinstance(action, Bank | Double):
            raise IllegalActionError("bank or double", seat=seat, action=action)
        gain = s.die * (2 if isinstance(action, Double) else 1)
        scores = list(s.scores)
        scores[seat] += gain
        return ToyState((scores[0], scores[1]), 1 - s.turn, 0)

    def is_terminal(self, s: ToyState) -> bool:
        return max(s.scores) >= 10

    def result(self, s: ToyState) -> Result:
        best = max(s.scores)
        winners = tuple(i for i, v in enumerate(s.scores) if v == best)
        return Result(tuple(map(float, s.scores)), winners, competition_ranks(s.scores), "race")

    def observe(self, s: ToyState, seat: int | None) -> dict[str, Any]:
        return {"scores": list(s.scores), "turn": s.turn, "die": s.die}

    def describe(self, action: Any, viewer: int | None) -> str:
        return str(action)


def make_game(params: dict[str, Any]) -> ToyGame:
    return ToyGame(params)


ROLL_PROBABILITY = Fraction(1, 6)
