"""Pig over arrays of B games (the rules: rules.md beside the package's `rules.py`).

Every game waits for a decision between steps: the die is rolled inside `step` right after a
Roll. Action ids are the rules' (`INDEX`: 0 Roll, 1 Hold); a chance code is the face rolled.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from dicehall.batch.engine import BatchGame, IntArray
from dicehall.core import competition_ranks

from dicehall_pig.bots.greedy import THRESHOLD
from dicehall_pig.rules import INDEX, PigGame
from dicehall_pig.spec import DIE_FACES
from dicehall_pig.state import HOLD, ROLL, Face, PigState

ROLL_ID, HOLD_ID = INDEX.encode(ROLL), INDEX.encode(HOLD)


class PigBatch(BatchGame):
    """B games of one Pig parameter set."""

    def __init__(self, game: PigGame, batch: int) -> None:
        super().__init__(game, batch)
        self.target, self.horizon = game.target, game.horizon
        n, b = self.num_players, batch
        self.banked = np.zeros((b, n), dtype=np.int64)
        self.seat = np.zeros(b, dtype=np.int64)
        self.turn_total = np.zeros(b, dtype=np.int64)
        self.decisions = np.zeros(b, dtype=np.int64)
        self.last = np.zeros(b, dtype=np.int64)
        self.busted = np.zeros(b, dtype=bool)
        masks = np.zeros((2, 2), dtype=bool)  # row 1: may Roll
        masks[:, HOLD_ID] = masks[1, ROLL_ID] = True
        self._mask_table(masks)

    @property
    def current_player(self) -> IntArray:
        return self.seat.copy()

    def _mask_keys(self) -> IntArray:
        """Roll and Hold; only Hold once holding wins (rules.md, *A turn*)."""
        mine = self.banked[self._all, self.seat] + self.turn_total
        keys: IntArray = (mine < self.target).astype(np.int64)
        return keys

    bot_levels = ("random", "greedy")

    def bot_actions(self, level: str, rng: np.random.Generator | None = None) -> IntArray:
        """`greedy`: hold at 20, and as soon as holding wins (`bots.greedy.HoldAtTwenty`)."""
        if level != "greedy":
            return super().bot_actions(level, rng)
        rolls = (self.turn_total < THRESHOLD) & (self._mask_keys() == 1)
        chosen: IntArray = np.where(rolls, ROLL_ID, HOLD_ID)
        return chosen

    def _start(self, idx: IntArray) -> None:
        self.banked[idx] = 0
        for array in (self.seat, self.turn_total, self.decisions, self.last):
            array[idx] = 0
        self.busted[idx] = False

    def _load(self, idx: IntArray, states: Sequence[PigState]) -> None:
        self.banked[idx] = [s.scores for s in states]
        self.seat[idx] = [s.seat for s in states]
        self.turn_total[idx] = [s.turn_total for s in states]
        self.decisions[idx] = [s.decisions for s in states]
        self.last[idx] = [s.last for s in states]
        self.busted[idx] = [s.busted for s in states]

    def _act(self, actions: IntArray) -> None:
        every, seat, n = self._all, self.seat, self.num_players
        hold = actions == HOLD_ID
        self.decisions += 1
        # a Roll that reaches the horizon ends the game before the die lands (*Horizon*)
        rolling = ~hold & (self.decisions < self.horizon)
        faces = self.rng.integers(1, DIE_FACES + 1, self.batch)
        if self._tracking:
            idx = np.flatnonzero(rolling)
            faces[idx] = self._chance(idx, faces[idx])
        bust = rolling & (faces == 1)  # a 1 loses the turn total and the turn (*A turn*)
        self.banked[every, seat] += np.where(hold, self.turn_total, 0)
        self.turn_total = np.where(rolling & ~bust, self.turn_total + faces, 0)
        self.last = np.where(hold, 0, faces)
        self.busted = bust
        passes = hold | bust
        won = self.banked[every, seat] >= self.target
        self.seat = np.where(passes, seat + 1, seat)
        self.seat[self.seat == n] = 0
        over = won | (self.decisions >= self.horizon)  # *End*, *Horizon*
        if over.any():
            ended = np.flatnonzero(over)
            self._end(ended, self.banked[ended].astype(np.float64))

    def _winners(self, idx: IntArray, scores: np.ndarray) -> np.ndarray:
        """Whoever banked the target; nobody at the horizon (*End*, *Horizon*)."""
        return scores >= self.target

    def outcome_reason(self, i: int) -> str:
        return f"reached {self.target}" if self.returns[i].any() else "horizon: a draw"

    def outcome_ranks(self, i: int) -> tuple[int, ...]:
        """Winners first, everyone else second; all first at the horizon (*Horizon*)."""
        won = (self.returns[i] > 0).astype(int).tolist()
        return competition_ranks(won) if any(won) else (1,) * self.num_players

    def _settle(self) -> None:
        """Nothing to do: the die is rolled in `_act`, right after each Roll."""

    def to_state(self, i: int) -> PigState:
        return PigState(
            scores=tuple(int(x) for x in self.banked[i]),
            seat=int(self.seat[i]),
            turn_total=int(self.turn_total[i]),
            rolling=False,
            decisions=int(self.decisions[i]),
            last=int(self.last[i]),
            busted=bool(self.busted[i]),
        )

    def chance_outcome(self, code: int) -> Face:
        return Face(int(code))

    def chance_code(self, outcome: Any) -> int:
        return int(outcome.value)

    def observations(self) -> np.ndarray:
        """The features of `dicehall_pig.features.encode`, for every game at once."""
        from dicehall_pig.features import MAX_SEATS

        b, n, target = self.batch, self.num_players, float(self.target)
        out = np.zeros((b, 2 * MAX_SEATS + MAX_SEATS + 3), dtype=np.float32)
        out[:, :n] = self.banked / target
        out[:, MAX_SEATS] = self.turn_total / target
        out[self._all, MAX_SEATS + 1 + self.seat] = 1.0  # whose turn
        out[self._all, 2 * MAX_SEATS + 1 + self.seat] = 1.0  # the viewer: the player to move
        out[:, 3 * MAX_SEATS + 2] = self.decisions / float(self.horizon)
        return np.clip(out, -10.0, 10.0, out=out)


def make_batch(game: PigGame, batch: int) -> PigBatch:
    return PigBatch(game, batch)
