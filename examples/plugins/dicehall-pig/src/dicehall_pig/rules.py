"""`PigGame`: Pig on the dicehall game protocol (the rules: rules.md beside this module).

Pure functions of immutable states, like every dicehall game: no random numbers, no clocks, no
IO. The die is a chance node whose six faces the engine draws.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from dicehall.core import (
    CHANCE,
    ActionCodec,
    ActionIndex,
    Distribution,
    Game,
    IllegalActionError,
    Result,
    Seat,
    View,
    competition_ranks,
    uniform,
)
from dicehall.core.evolve import replace

from dicehall_pig.spec import DIE_FACES, SPEC
from dicehall_pig.state import HOLD, ROLL, Face, Hold, PigAction, PigState, Roll

INDEX = ActionIndex([ROLL, HOLD])
CODEC = ActionCodec(Roll, Hold, Face)
FACES: Distribution = uniform([Face(v) for v in range(1, DIE_FACES + 1)])
ONLY_HOLD, BOTH = (HOLD,), (ROLL, HOLD)


class PigGame(Game[PigState, PigAction]):
    spec = SPEC
    action_index = INDEX
    action_codec = CODEC

    def __init__(self, params: dict[str, Any]) -> None:
        self.params = dict(params)
        self.num_players = int(params["players"])
        self.target = int(params["target"])
        self.horizon = int(params["horizon"])
        self.num_actions = len(INDEX)
        # every decision is followed by at most one roll of the die (*Horizon*)
        self.max_game_length = 2 * self.horizon

    def chance_catalogue(self) -> Iterator[Face]:
        return (Face(v) for v in range(1, DIE_FACES + 1))

    # --- dynamics -------------------------------------------------------------------------
    def initial_state(self) -> PigState:
        return PigState(scores=(0,) * self.num_players)

    def is_terminal(self, state: PigState) -> bool:
        """Someone banked the target, or the horizon ran out (rules.md, *End*, *Horizon*)."""
        return state.decisions >= self.horizon or max(state.scores) >= self.target

    def actors(self, state: PigState) -> tuple[Seat, ...]:
        if self.is_terminal(state):
            return ()
        return (CHANCE,) if state.rolling else (state.seat,)

    def legal_actions(self, state: PigState, seat: Seat) -> tuple[PigAction, ...]:
        """Roll or hold; only hold once holding wins (rules.md, *A turn*)."""
        if seat == CHANCE or seat not in self.actors(state):
            return ()
        return ONLY_HOLD if state.scores[seat] + state.turn_total >= self.target else BOTH

    def chance_outcomes(self, state: PigState) -> Distribution:
        return FACES

    def apply(self, state: PigState, seat: Seat, action: PigAction) -> PigState:
        if seat == CHANCE and state.rolling and not self.is_terminal(state):
            if not isinstance(action, Face) or not 1 <= action.value <= DIE_FACES:
                raise IllegalActionError("a die shows 1 to 6", seat=seat, action=action)
            return self._land(state, action.value)
        if action not in self.legal_actions(state, seat):
            raise IllegalActionError(f"{action!r} is not legal now", seat=seat, action=action)
        decided = replace(state, decisions=state.decisions + 1)
        if isinstance(action, Roll):
            return replace(decided, rolling=True)
        return self._bank(decided)

    def _land(self, state: PigState, value: int) -> PigState:
        """A 1 loses the turn's points and the turn; any other face adds to them (*A turn*)."""
        if value == 1:
            nxt = (state.seat + 1) % self.num_players
            return replace(state, seat=nxt, turn_total=0, rolling=False, last=1, busted=True)
        return replace(
            state, turn_total=state.turn_total + value, rolling=False, last=value, busted=False
        )

    def _bank(self, state: PigState) -> PigState:
        scores = list(state.scores)
        scores[state.seat] += state.turn_total
        nxt = (state.seat + 1) % self.num_players
        return replace(state, scores=tuple(scores), seat=nxt, turn_total=0, last=0, busted=False)

    def result(self, state: PigState) -> Result:
        """The first to bank the target wins; at the horizon nobody does (*End*, *Horizon*)."""
        scores = tuple(float(s) for s in state.scores)
        winners = tuple(s for s, v in enumerate(state.scores) if v >= self.target)
        if not winners:
            return Result(scores, (), (1,) * self.num_players, "horizon: a draw")
        ranks = competition_ranks([1 if s in winners else 0 for s in range(self.num_players)])
        return Result(scores, winners, ranks, f"reached {self.target}")

    # --- information ----------------------------------------------------------------------
    def observe(self, state: PigState, seat: Seat | None) -> View:
        """Everything: Pig has no secrets (the same view for every seat and spectators)."""
        over = self.is_terminal(state)
        return {
            "viewer": seat,
            "players": self.num_players,
            "target": self.target,
            "horizon": self.horizon,
            "scores": list(state.scores),
            "current": None if over else state.seat,
            "turn_total": state.turn_total,
            "rolling": state.rolling,
            "decisions": state.decisions,
            "last_roll": state.last or None,
            "busted": state.busted,
            "result": self.result(state).to_json() if over else None,
        }

    def describe(self, action: PigAction, viewer: Seat | None) -> str:
        """The log line; nothing in Pig is secret, so every viewer reads the same."""
        del viewer  # the same text for seats, spectators and OMNISCIENT alike
        if isinstance(action, Face):
            return f"the die shows {action.value}" + (": bust!" if action.value == 1 else "")
        return "rolls" if isinstance(action, Roll) else "holds"


__all__ = ["CODEC", "INDEX", "PigGame"]
