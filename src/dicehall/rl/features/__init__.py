"""Fixed-size numeric features of a seat's view: each game's `features` part.

`featurizer(game)` gives a function from a view (`game.observe(state, seat)`) to a list of
floats whose length is the same for every state of that game: one-hots for categories,
numbers scaled to about 0..1, lists padded with zeros. Features come from the view alone,
so they hold no more than the seat may see.

`state_featurizer(game)` gives the same vectors straight from a state and a seat, without
building the view (each game's `encode_state`, which reads only what that seat may see); the
environments use it, and the tests check that both give the same vector.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from dicehall import games
from dicehall.core import DicehallError, Game, View
from dicehall.core.parts import Features

Featurizer = Callable[[View], list[float]]
StateFeaturizer = Callable[[Any, int], Sequence[float]]
"""A list of floats, or a NumPy array of them (a game whose vectors are mostly remembered
blocks, e.g. float64 bytes read with `numpy.frombuffer`). A writable float32 array must be
fresh: the environments clip it in place; any other array is copied first."""


def featurizer(game: Game[Any, Any]) -> Featurizer:
    """The feature function of `game` (the game's `features` part)."""
    try:
        encode: Features | None = games.part(game.id, "features")
    except DicehallError:  # an unknown game
        encode = None
    if encode is None:
        raise DicehallError(f"no RL features for game {game.id!r}")
    return partial(encode, game)  # a partial, not a closure: states and observers pickle


def state_featurizer(game: Game[Any, Any]) -> StateFeaturizer:
    """`(state, seat) -> featurizer(game)(game.observe(state, seat))`, computed from the state
    (the game's `state_features` part; through the view for a game that has none)."""
    encode_state: Callable[[Any, Any, int], Sequence[float]] | None = games.part(
        game.id, "state_features"
    )
    if encode_state is None:
        return partial(_through_view, game, featurizer(game))
    return partial(encode_state, game)


def _through_view(game: Game[Any, Any], features: Featurizer, state: Any, seat: int) -> list[float]:
    return features(game.observe(state, seat))


def feature_size(game: Game[Any, Any]) -> int:
    """The length of `game`'s feature vectors (taken from the first state's view)."""
    return len(featurizer(game)(game.observe(game.initial_state(), 0)))


__all__ = ["Featurizer", "StateFeaturizer", "feature_size", "featurizer", "state_featurizer"]
