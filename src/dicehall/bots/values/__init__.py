"""Fitted position values that searches use to evaluate a position without playing it out.

Each module holds its fitted weights as constants and the code that refits them
(`python -m dicehall.bots.values.<game> --help`), so a model can always be rebuilt and checked.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

from dicehall.core import CHANCE, sample


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
