"""What MCTS knows of each game: a module per game with `state_from_view(game, view, seat, rng)`.

Optional hooks of such a module: `rollout_action(game, state, seat, legal, rng)` (a cheap default
policy for rollouts), `search_game(game)` (the rules to search, e.g. Jelly's tick variant),
`turn_index(state)` and `evaluate(game, state)` (value a position a few turns on), `PRIOR` (the
bot level whose move the root's prior favours) and `SEARCH` (default options); see `bots.mcts`.
"""

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from dicehall.core import DicehallError, Game


def softmax(scores: Sequence[float], scale: float) -> tuple[float, ...]:
    """Returns estimated from scores: each seat's share of `exp(score / scale)`."""
    top = max(scores)
    weights = [math.exp((s - top) / scale) for s in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)


class NotDeterminisable(DicehallError):
    """The view does not hold enough to rebuild a state here; the bot must decide otherwise."""


def greedy_rollout() -> Callable[[Game[Any, Any], Any, int, Sequence[Any], random.Random], Any]:
    """A `rollout_action` that plays the game's greedy bot from each seat's view."""
    bots: dict[tuple[str, int], Any] = {}

    def rollout_action(
        game: Game[Any, Any], state: Any, seat: int, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        key = (repr(game), seat)
        bot = bots.get(key)
        if bot is None:
            from dicehall.bots import make_bot

            bot = bots[key] = make_bot("greedy", game, seat)
        return bot.act(game.observe(state, seat), legal, rng)

    return rollout_action


__all__ = ["NotDeterminisable", "greedy_rollout", "softmax"]
