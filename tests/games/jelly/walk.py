"""Varied Jelly Monster games for tests that check every decision along the way."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from dicehall.core import CHANCE, sample
from dicehall.core.game import Game


def walk(
    game: Game[Any, Any],
    rng: random.Random,
    decide: Callable[[Any, int, Sequence[Any]], Any],
    games: int = 2,
) -> None:
    """Play `games` games; at each decision `decide(state, seat, legal)` checks what it likes
    and names the move to play, which is played 7 times in 10 (else a random legal move, to
    reach varied tables). Chance is sampled with `rng`."""
    for _ in range(games):
        state = game.initial_state()
        while not game.is_terminal(state):
            actors = game.actors(state)
            if actors == (CHANCE,):
                state = game.apply(state, CHANCE, sample(game, state, rng))
                continue
            seat = min(actors)
            legal = game.legal_actions(state, seat)
            move = decide(state, seat, legal)
            state = game.apply(state, seat, move if rng.random() < 0.7 else rng.choice(legal))
