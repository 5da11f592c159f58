"""A tiny dice race used to test the CLI and the simulator before (and besides) the real games.

Each turn a d3 is rolled (a chance node); the player on turn either takes the die's value or
plays safe for 1 point. After a full round, if anyone reached `target`, the highest score wins
(ties share the win). In `mode="tick"` every seat chooses at once for the same roll (several
actors), the way Jelly Monster's tick mode asks several people at one time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from dicehall.core import (
    CHANCE,
    ActionCodec,
    ActionIndex,
    Game,
    GameSpec,
    IllegalActionError,
    ParamSpec,
    Result,
    Seat,
    View,
    competition_ranks,
    uniform,
)

MAX_TURNS = 60


@dataclass(frozen=True, slots=True)
class Take:
    def __str__(self) -> str:
        return "take the die"


@dataclass(frozen=True, slots=True)
class Safe:
    def __str__(self) -> str:
        return "play safe (1 point)"


@dataclass(frozen=True, slots=True)
class Roll:
    value: int

    def __str__(self) -> str:
        return f"rolls {self.value}"


@dataclass(frozen=True, slots=True)
class State:
    scores: tuple[int, ...]
    turn: int = 0  # turns completed (a tick counts as one turn)
    player: int = 0
    die: int = 0  # 0: not rolled yet
    chosen: tuple[bool, ...] = ()  # tick mode: who has chosen this tick
    over: bool = False


SPEC = GameSpec(
    id="clitoy",
    name="Toy Race",
    min_players=2,
    max_players=3,
    params=(
        ParamSpec("players", int, 2, "number of players", minimum=2, maximum=3),
        ParamSpec("target", int, 8, "points that end the game", minimum=2, maximum=50),
        ParamSpec("full", bool, False, "rolls a d6 instead of a d3"),
        ParamSpec("mode", str, "turns", "turns or tick", choices=("turns", "tick")),
    ),
    variants=("basic", "full"),
    summary="A dice race for tests.",
)

_CODEC = ActionCodec(Take, Safe, Roll)
_INDEX = ActionIndex((Take(), Safe()))


class ToyGame(Game[State, Any]):
    spec = SPEC
    action_index = _INDEX
    action_codec = _CODEC

    def __init__(self, params: dict[str, Any]) -> None:
        self.params = dict(params)
        self.num_players = int(params["players"])
        self.num_actions = len(_INDEX)
        self.max_game_length = MAX_TURNS * (self.num_players + 1) * 2
        self.target = int(params["target"])
        self.tick = params["mode"] == "tick"
        self._dist = uniform([Roll(v) for v in range(1, 7 if params["full"] else 4)])

    def initial_state(self) -> State:
        n = self.num_players
        return State(scores=(0,) * n, chosen=(False,) * n)

    def actors(self, state: State) -> tuple[Seat, ...]:
        if state.over:
            return ()
        if state.die == 0:
            return (CHANCE,)
        if self.tick:
            return tuple(s for s in range(self.num_players) if not state.chosen[s])
        return (state.player,)

    def legal_actions(self, state: State, seat: Seat) -> tuple[Any, ...]:
        return (Take(), Safe()) if seat in self.actors(state) and seat >= 0 else ()

    def chance_outcomes(self, state: State) -> Sequence[tuple[Any, Fraction]]:
        return self._dist

    def apply(self, state: State, seat: Seat, action: Any) -> State:
        if seat not in self.actors(state):
            raise IllegalActionError(f"seat {seat} may not act now", seat=seat)
        if seat == CHANCE:
            if not isinstance(action, Roll) or action not in self._dist.outcomes:
                raise IllegalActionError("not a roll of this die", seat=seat)
            return replace(state, die=action.value)
        if not isinstance(action, Take | Safe):
            raise IllegalActionError("take or play safe", seat=seat)
        gain = state.die if isinstance(action, Take) else 1
        scores = tuple(v + gain if i == seat else v for i, v in enumerate(state.scores))
        if self.tick:
            chosen = tuple(c or i == seat for i, c in enumerate(state.chosen))
            if not all(chosen):
                return replace(state, scores=scores, chosen=chosen)
            return self._end_turn(replace(state, scores=scores), round_done=True)
        last = state.player == self.num_players - 1
        return self._end_turn(replace(state, scores=scores), round_done=last)

    def _end_turn(self, state: State, round_done: bool) -> State:
        turn = state.turn + 1
        over = round_done and (max(state.scores) >= self.target or turn >= MAX_TURNS)
        return replace(
            state,
            turn=turn,
            player=(state.player + 1) % self.num_players,
            die=0,
            chosen=(False,) * self.num_players,
            over=over,
        )

    def is_terminal(self, state: State) -> bool:
        return state.over

    def result(self, state: State) -> Result:
        best = max(state.scores)
        winners = tuple(i for i, v in enumerate(state.scores) if v == best)
        reason = "target reached" if best >= self.target else "turn limit"
        return Result(
            scores=tuple(float(v) for v in state.scores),
            winners=winners,
            ranks=competition_ranks(state.scores),
            reason=reason,
        )

    def observe(self, state: State, seat: Seat | None) -> View:
        return {
            "scores": list(state.scores),
            "turn": state.turn,
            "player": state.player,
            "die": state.die,
            "seat": seat,
        }

    def describe(self, action: Any, viewer: Seat | None) -> str:
        return str(action)


def make_game(params: dict[str, Any]) -> ToyGame:
    return ToyGame(params)
