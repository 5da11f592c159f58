"""The rules find sampled outcomes and legal actions by identity first; an equal action read
back from its wire form (a saved record) must give the same state, in every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dicehall import games
from dicehall.core import CHANCE, sample

GAMES = [
    ("puru", {"players": 3}),
    ("puru", {"players": 3, "full": True}),
    ("purrramid", {"players": 3}),
    ("paradice", {}),
    ("jelly", {"mode": "tick"}),
]


@pytest.mark.parametrize(("game_id", "params"), GAMES)
def test_actions_read_back_from_records_give_the_same_states(
    game_id: str, params: dict[str, Any]
) -> None:
    game, rng = games.make(game_id, **params), random.Random(7)
    state, steps = game.initial_state(), 0
    while not game.is_terminal(state) and steps < 600:
        actors = game.actors(state)
        if actors == (CHANCE,):
            seat, action = CHANCE, sample(game, state, rng)
        else:
            seat = min(actors)
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        copy = game.action_from_json(game.action_to_json(action))
        after = game.apply(state, seat, action)
        assert game.apply(state, seat, copy) == after
        state, steps = after, steps + 1
    assert steps > 30
