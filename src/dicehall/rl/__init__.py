"""Research interfaces: PettingZoo, Gymnasium and OpenSpiel adapters for every dicehall game.

- `dicehall.rl.pettingzoo`: `env(game_id, **params)` (AEC) and `parallel_env(game_id, ...)`.
- `dicehall.rl.gym`: `DicehallEnv` / `gymnasium.make("dicehall/<game_id>-v0")`, one seat vs bots.
- `dicehall.rl.openspiel`: registers `dicehall_<game_id>` with OpenSpiel (`load(game_id, ...)`).
- `dicehall.rl.features`: fixed-size feature vectors of a seat's view.
- `dicehall.rl.outcomes`: integer ids for chance outcomes.

The adapters need the `rl` extras (numpy, gymnasium, pettingzoo, open-spiel); this package
itself imports none of them. See docs/rl.md.
"""

from dicehall.rl._common import make_game
from dicehall.rl.features import feature_size, featurizer
from dicehall.rl.outcomes import ChanceIds

__all__ = ["ChanceIds", "feature_size", "featurizer", "make_game"]
