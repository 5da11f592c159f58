"""Fixed-size numeric features of a seat's view: each game's `features` part.

`featurizer(game)` gives a function from a view (`game.observe(state, seat)`) to a list of
floats whose length is the same for every state of that game: one-hots for categories,
numbers scaled to about 0..1, lists padded with zeros. Features come from the view alone,
so they hold no more than the seat may see.

`state_featurizer(game)` gives the same vectors straight from a state and a seat, without
building the view (each game's `encode_state`, which reads only what that seat may see); the
environments use it, and the tests check that both give the same vector.

`feature_names(game)` names each entry. The environments return each seat's vector relative
to itself by default (`relative_orders`): every block about a seat is moved so that the
observer's own comes first, then the next seat's, and so on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from dicehall import games
from dicehall.core import DicehallError, Game, View
from dicehall.core.features import relative_names, relative_order
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


def feature_names(game: Game[Any, Any], relative: bool = True) -> list[str]:
    """One name per entry of `game`'s feature vectors (the game's `feature_names` part;
    `f0`, `f1`... for a game without it). `relative`: the names of the vectors the
    environments return by default, each seat named from the observer (`me`, `me+1`...;
    `relative_order`), else the game's own order (`seat0`, `seat1`...)."""
    part: Callable[[Any], list[str]] | None = games.part(game.id, "feature_names")
    names = part(game) if part is not None else [f"f{i}" for i in range(feature_size(game))]
    return relative_names(names) if relative else list(names)


def relative_orders(game: Game[Any, Any]) -> dict[int, list[int]]:
    """Per seat, `relative_order` of the game's feature vector: the indices that put that
    seat's own entries first (seat 0's order is the identity, left out)."""
    names = feature_names(game, relative=False)
    n = game.num_players
    return {seat: relative_order(names, n, seat) for seat in range(1, n)}


def feature_size(game: Game[Any, Any]) -> int:
    """The length of `game`'s feature vectors (taken from the first state's view)."""
    return len(featurizer(game)(game.observe(game.initial_state(), 0)))


__all__ = [
    "Featurizer",
    "StateFeaturizer",
    "feature_names",
    "feature_size",
    "featurizer",
    "relative_orders",
    "state_featurizer",
]
