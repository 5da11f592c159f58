"""Observation pieces shared by the environments: feature vectors, masks and spaces."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
from gymnasium import spaces

from dicehall.core import DicehallError, Game
from dicehall.rl.features import featurizer, state_featurizer

BOUND = 10.0
"""Features are scaled to about 0..1; the Box allows -10..10 and values are clipped to it."""
ILLEGAL = ("raise", "fallback")
"""raise: an action outside the mask raises IllegalActionError; fallback: the first legal
action is played instead and the info says `illegal_action: True` (for checkers that sample
actions without the mask)."""


class Observer:
    """A seat's view of a game as a float32 feature vector of fixed size."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.size = len(featurizer(game)(game.observe(game.initial_state(), 0)))
        self._features = state_featurizer(game)
        self.box = spaces.Box(-BOUND, BOUND, (self.size,), np.float32)

        self._memo: dict[tuple[str, int, int | None], tuple[Any, Any]] = {}

    def _remember(self, kind: str, state: Any, seat: int | None, make: Any) -> Any:
        """Results for the last few (state, seat) pairs: states are immutable, and OpenSpiel
        asks for the same observation several times per state."""
        key = (kind, id(state), seat)
        found = self._memo.get(key)
        if found is not None and found[0] is state:
            return found[1]
        if len(self._memo) >= 16:
            self._memo.clear()
        value = make()
        self._memo[key] = (state, value)
        return value

    def vector(self, state: Any, seat: int) -> np.ndarray:
        """The features of `seat` at `state` (a fresh array the caller may change)."""
        found = self._memo.get(("vector", id(state), seat))
        if found is not None and found[0] is state:
            out: np.ndarray = found[1].copy()
            return out
        features = self._features(state, seat)
        if isinstance(features, np.ndarray):
            values = features.astype(np.float32)
        else:
            values = np.fromiter(features, np.float32, len(features))
        np.minimum(np.maximum(values, -BOUND, out=values), BOUND, out=values)
        if len(self._memo) >= 16:
            self._memo.clear()
        self._memo["vector", id(state), seat] = (state, values)
        return values.copy()

    def text(self, state: Any, seat: int | None) -> str:
        def make() -> str:
            view = self.game.observe(state, seat)
            return json.dumps(view, sort_keys=True, separators=(",", ":"))

        out: str = self._remember("text", state, seat, make)
        return out


def mask(size: int, ids: list[int]) -> np.ndarray:
    out = np.zeros(size, dtype=np.int8)
    out[ids] = 1
    return out


class Masks:
    """Action masks remembered for the last lists of legal ids (`Runner.legal_ids` hands out
    the same list for the same legal tuple); each call returns a fresh copy to change."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._made: dict[int, tuple[list[int], np.ndarray]] = {}

    def __call__(self, ids: list[int]) -> np.ndarray:
        found = self._made.get(id(ids))
        if found is not None and found[0] is ids:
            return found[1].copy()
        made = mask(self.size, ids)
        if len(self._made) >= 1024:
            self._made.pop(next(iter(self._made)))  # the oldest
        self._made[id(ids)] = (ids, made)
        return made.copy()


def check_illegal(illegal: str) -> str:
    if illegal not in ILLEGAL:
        raise DicehallError(f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}")
    return illegal


class Seeds:
    """Match seeds: `reset(seed=s)` plays seed s; later resets without a seed continue from s."""

    def __init__(self) -> None:
        self._source = random.Random()

    def next(self, seed: int | None) -> int:
        if seed is not None:
            self._source = random.Random(seed)
            return int(seed)
        return self._source.randrange(2**31)
