"""Positions of uniformly random games and exact chance expectations, for bot tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from dicehall.core import CHANCE, sample


def random_decisions(game: Any, seed: int, limit: int) -> list[tuple[Any, int]]:
    """(state, seat) at the first `limit` decisions of a random game (the lowest actor moves)."""
    rng = random.Random(seed)
    state, out = game.initial_state(), []
    while not game.is_terminal(state) and len(out) < limit:
        actors = game.actors(state)
        if actors == (CHANCE,):
            state = game.apply(state, CHANCE, sample(game, state, rng))
            continue
        seat = min(actors)
        out.append((state, seat))
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[rng.randrange(len(legal))])
    return out


def expectation(game: Any, state: Any, value: Callable[[Any], float]) -> float:
    """The mean of `value` over the chance outcomes of `state`, by their exact odds."""
    outcomes = game.chance_outcomes(state)
    return sum(float(p) * value(game.apply(state, CHANCE, o)) for o, p in outcomes)
