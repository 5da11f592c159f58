"""Fixed-size numeric features of a seat's view, one module per game.

`featurizer(game)` gives a function from a view (`game.observe(state, seat)`) to a list of
floats whose length is the same for every state of that game: one-hots for categories,
numbers scaled to about 0..1, lists padded with zeros. Features come from the view alone,
so they hold no more than the seat may see.

`state_featurizer(game)` gives the same vectors straight from a state and a seat, without
building the view (each game's `encode_state`, which reads only what that seat may see); the
environments use it, and the tests check that both give the same vector.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from dicehall.core import DicehallError, Game, View

Featurizer = Callable[[View], list[float]]
StateFeaturizer = Callable[[Any, int], Sequence[float]]
"""A list of floats, or an array of them (a game whose vectors are mostly fixed blocks)."""


def _module(game: Game[Any, Any]) -> Any:
    try:
        return importlib.import_module(f"dicehall.rl.features.{game.id}")
    except ModuleNotFoundError:
        raise DicehallError(f"no RL features for game {game.id!r}") from None


def featurizer(game: Game[Any, Any]) -> Featurizer:
    """The feature function of `game` (its module `dicehall.rl.features.<game id>`)."""
    module = _module(game)
    encode: Callable[[Any, View], list[float]] = module.encode

    def features(view: View) -> list[float]:
        return encode(game, view)

    return features


def state_featurizer(game: Game[Any, Any]) -> StateFeaturizer:
    """`(state, seat) -> featurizer(game)(game.observe(state, seat))`, computed from the state
    (the module's `encode_state`; through the view for a game that has none)."""
    module = _module(game)
    encode_state: Callable[[Any, Any, int], Sequence[float]] | None = getattr(
        module, "encode_state", None
    )
    if encode_state is None:
        from_view = featurizer(game)
        return lambda state, seat: from_view(game.observe(state, seat))
    fast = encode_state

    def features(state: Any, seat: int) -> Sequence[float]:
        return fast(game, state, seat)

    return features


def feature_size(game: Game[Any, Any]) -> int:
    """The length of `game`'s feature vectors (taken from the first state's view)."""
    return len(featurizer(game)(game.observe(game.initial_state(), 0)))


__all__ = ["Featurizer", "StateFeaturizer", "feature_size", "featurizer", "state_featurizer"]
