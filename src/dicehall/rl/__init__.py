"""Research interfaces: PettingZoo, Gymnasium and OpenSpiel adapters for every dicehall game.

- `dicehall.rl.pettingzoo`: `env(game_id, **params)` (AEC) and `parallel_env(game_id, ...)`.
- `dicehall.rl.gym`: `DicehallEnv` / `gymnasium.make("dicehall/<game_id>-v0")`, one seat vs bots.
- `dicehall.rl.openspiel`: registers `dicehall_<game_id>` with OpenSpiel (`load(game_id, ...)`).
- `dicehall.rl.features`: fixed-size feature vectors of a seat's view.
- `observation_names(game_id, **params)`: the name of each entry of those vectors.
- `dicehall.rl.outcomes`: integer ids for chance outcomes.

The adapters need the `rl` extras (numpy, gymnasium, pettingzoo, open-spiel); this package
itself imports none of them. See docs/rl.md.
"""

from typing import Any

from dicehall.rl._common import make_game
from dicehall.rl.features import feature_names, feature_size, featurizer
from dicehall.rl.outcomes import ChanceIds


def observation_names(game_id: str, *, relative: bool = True, **params: Any) -> list[str]:
    """One unique name per entry of the observation vector that the Gymnasium, PettingZoo and
    OpenSpiel interfaces return for `game_id` with `params` (the layout tables of docs/rl.md
    are made from it). Seats are named from the observer: `me`, then `me+1` (the next seat in
    seat order)...; `relative=False` names the environments' `relative=False` layout, in
    seat order (`seat0`, `seat1`...). `viewer=k` entries always say the observer's own seat."""
    return feature_names(make_game(game_id, **params), relative=relative)


__all__ = [
    "ChanceIds",
    "feature_names",
    "feature_size",
    "featurizer",
    "make_game",
    "observation_names",
]
