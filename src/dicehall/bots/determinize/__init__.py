"""What MCTS knows of each game: a module per game with `state_from_view(game, view, seat, rng)`.

Optional hooks of such a module: `rollout_action(game, state, seat, legal, rng)` (a cheap default
policy for rollouts), `search_game(game)` (the rules to search, e.g. Jelly's tick variant),
`turn_index(state)` and `evaluate(game, state)` (value a position a few turns on), `PRIOR` (the
bot level whose move the root's prior favours) and `SEARCH` (default options); see `bots.mcts`.
"""

import math
from collections.abc import Sequence

from dicehall.core import DicehallError


def softmax(scores: Sequence[float], scale: float) -> tuple[float, ...]:
    """Returns estimated from scores: each seat's share of `exp(score / scale)`."""
    top = max(scores)
    weights = [math.exp((s - top) / scale) for s in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)


class NotDeterminisable(DicehallError):
    """The view does not hold enough to rebuild a state here; the bot must decide otherwise."""


__all__ = ["NotDeterminisable", "softmax"]
