"""What a game's search knowledge (its `search` part, used by MCTS) shares across games."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from dicehall.core.chance import sample
from dicehall.core.errors import DicehallError
from dicehall.core.parts import Bot
from dicehall.core.types import CHANCE

if TYPE_CHECKING:  # annotations only: core draws no random numbers
    import random

RolloutPolicy = Callable[[Any, Any, int, Sequence[Any], "random.Random"], Any]


def softmax(scores: Sequence[float], scale: float) -> tuple[float, ...]:
    """Returns estimated from scores: each seat's share of `exp(score / scale)`."""
    top = max(scores)
    weights = [math.exp((s - top) / scale) for s in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)


class NotDeterminisable(DicehallError):
    """The view does not hold enough to rebuild a state here; the bot must decide otherwise."""


def bot_rollout(make: Callable[[Any, int], Bot]) -> RolloutPolicy:
    """A `rollout_action` that plays the bot `make(game, seat)` from each seat's view."""
    bots: dict[tuple[str, int], Bot] = {}

    def rollout_action(
        game: Any, state: Any, seat: int, legal: Sequence[Any], rng: random.Random
    ) -> Any:
        key = (repr(game), seat)
        bot = bots.get(key)
        if bot is None:
            bot = bots[key] = make(game, seat)
        return bot.act(game.observe(state, seat), legal, rng)

    return rollout_action


def explored_game(
    game: Any, bots: Sequence[Any], rng: random.Random, explore: float
) -> Iterator[Any]:
    """Every state of one game, the finished one last, for fitting: chance drawn with its odds;
    each move the seat's bot's from its view, or with probability `explore` a uniformly random
    legal move (so that positions good play avoids are seen too)."""
    state = game.initial_state()
    while True:
        yield state
        if game.is_terminal(state):
            return
        actors = game.actors(state)
        if actors == (CHANCE,):
            state = game.apply(state, CHANCE, sample(game, state, rng))
            continue
        seat = actors[0]
        legal = game.legal_actions(state, seat)
        if rng.random() < explore:
            action = legal[rng.randrange(len(legal))]
        else:
            action = bots[seat].act(game.observe(state, seat), legal, rng)
        state = game.apply(state, seat, action)
