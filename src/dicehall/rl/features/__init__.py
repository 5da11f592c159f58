"""Fixed-size numeric features of a seat's view: each game's `features` part.

`featurizer(game)` gives a function from a view (`game.observe(state, seat)`) to a list of
floats whose length is the same for every state of that game: one-hots for categories,
numbers scaled to about 0..1, lists padded with zeros. Features come from the view alone,
so they hold no more than the seat may see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dicehall import games
from dicehall.core import DicehallError, Game, View
from dicehall.core.parts import Features

Featurizer = Callable[[View], list[float]]


def featurizer(game: Game[Any, Any]) -> Featurizer:
    """The feature function of `game` (the game's `features` part)."""
    try:
        encode: Features | None = games.part(game.id, "features")
    except DicehallError:  # an unknown game
        encode = None
    if encode is None:
        raise DicehallError(f"no RL features for game {game.id!r}")

    def features(view: View) -> list[float]:
        return encode(game, view)

    return features


def feature_size(game: Game[Any, Any]) -> int:
    """The length of `game`'s feature vectors (taken from the first state's view)."""
    return len(featurizer(game)(game.observe(game.initial_state(), 0)))


__all__ = ["Featurizer", "feature_size", "featurizer"]
