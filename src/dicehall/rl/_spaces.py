"""Observation pieces shared by the environments: feature vectors, masks and spaces."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium import spaces

from dicehall.core import DicehallError, Game
from dicehall.rl.features import featurizer, relative_orders, state_featurizer

BOUND = 10.0
"""Features are scaled to about 0..1; the Box allows -10..10 and values are clipped to it."""
ILLEGAL = ("raise", "fallback")
"""raise: an action outside the mask raises IllegalActionError; fallback: the first legal
action is played instead and the info says `illegal_action: True` (for checkers that sample
actions without the mask)."""


class Observer:
    """A seat's view of a game as a float32 feature vector of fixed size, relative to the seat
    (its own entries first, `rl.features.relative_orders`) unless `relative=False`."""

    def __init__(self, game: Game[Any, Any], relative: bool = True) -> None:
        self.game = game
        self.size = len(featurizer(game)(game.observe(game.initial_state(), 0)))
        self._features = state_featurizer(game)
        self.relative = relative
        orders = relative_orders(game) if relative else {}
        self._orders = {seat: np.array(order, np.intp) for seat, order in orders.items()}
        self.box = spaces.Box(-BOUND, BOUND, (self.size,), np.float32)
        self._last: tuple[Any, int, np.ndarray | None] = (None, -1, None)
        self._text: tuple[Any, int | None, str] = (None, None, "")

    def vector(self, state: Any, seat: int) -> np.ndarray:
        """The features of `seat` at `state` (a fresh array the caller may change). The last
        one is remembered: OpenSpiel asks for the same observation several times per state."""
        last_state, last_seat, found = self._last
        if found is not None and last_state is state and last_seat == seat:
            return found.copy()
        features: Sequence[float] | np.ndarray = self._features(state, seat)
        order = self._orders.get(seat)
        if order is not None:  # a fresh float64 or float32 array, in the seat's order
            features = np.asarray(features)[order]
        if isinstance(features, np.ndarray):
            fresh = features.dtype == np.float32 and features.flags.writeable
            values = features if fresh else features.astype(np.float32)
        else:
            values = np.fromiter(features, np.float32, len(features))
        np.minimum(np.maximum(values, -BOUND, out=values), BOUND, out=values)
        self._last = (state, seat, values)
        return values.copy()

    def text(self, state: Any, seat: int | None) -> str:
        last_state, last_seat, found = self._text
        if last_state is state and last_seat == seat:
            return found
        view = self.game.observe(state, seat)
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        self._text = (state, seat, text)
        return text


def mask(size: int, ids: list[int]) -> np.ndarray:
    out = np.zeros(size, dtype=np.int8)
    out[ids] = 1
    return out


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
