"""Fixed-size numeric features of a seat's view, one module per game.

`featurizer(game)` gives a function from a view (`game.observe(state, seat)`) to a list of
floats whose length is the same for every state of that game: one-hots for categories,
numbers scaled to about 0..1, lists padded with zeros. Features come from the view alone,
so they hold no more than the seat may see.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from dicehall import games
from dicehall.core import DicehallError, Game, View

Featurizer = Callable[[View], list[float]]


def featurizer(game: Game[Any, Any]) -> Featurizer:
    """The feature function of `game` (its module `dicehall.rl.features.<game id>`)."""
    try:
        module = importlib.import_module(f"{games.module_name(game.id)}.features")
    except (ModuleNotFoundError, DicehallError):
        raise DicehallError(f"no RL features for game {game.id!r}") from None
    encode: Callable[[Any, View], list[float]] = module.encode

    def features(view: View) -> list[float]:
        return encode(game, view)

    return features


def feature_size(game: Game[Any, Any]) -> int:
    """The length of `game`'s feature vectors (taken from the first state's view)."""
    return len(featurizer(game)(game.observe(game.initial_state(), 0)))


__all__ = ["Featurizer", "feature_size", "featurizer"]
