"""Seeded random playouts over the protocol, with a hook to check every step."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from dicehall.core import CHANCE, Game, sample

StepCheck = Callable[[Game[Any, Any], Any, int, Any], None]

FULLY_CHECKED_STEPS = 150
CHECK_STRIDE_AFTER = 15


def random_playout(
    game: Game[Any, Any], seed: int, check: StepCheck | None = None
) -> tuple[Any, int]:
    """Play to the end choosing uniformly; returns (final state, number of actions)."""
    rng = random.Random(seed)
    state = game.initial_state()
    steps = 0
    while not game.is_terminal(state):
        actors = game.actors(state)
        assert actors, "a non-terminal state must have actors"
        seat = actors[0] if actors == (CHANCE,) else actors[rng.randrange(len(actors))]
        if seat == CHANCE:
            action = sample(game, state, rng)
        else:
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        # every early step, then a regular sample: long games stay affordable
        if check is not None and (steps < FULLY_CHECKED_STEPS or steps % CHECK_STRIDE_AFTER == 0):
            check(game, state, seat, action)
        state = game.apply(state, seat, action)
        steps += 1
        assert steps <= game.max_game_length, "the game ran past its max_game_length"
    return state, steps
