"""MCTS rollouts play the greedy bot from the state, without building views: the same moves
it makes from the seat's view, in play and in scoring choices."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from tests.games.jelly.walk import walk

from dicehall import games
from dicehall.games.jelly.bots.determinize import rollout_action
from dicehall.games.jelly.bots.greedy import GreedyBot


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (4, 3), (5, 4)])
def test_rollout_moves_are_the_greedy_moves_from_the_view(players: int, seed: int) -> None:
    game, rng = games.make("jelly", players=players, mode="tick"), random.Random(seed)
    compared = 0

    def decide(state: Any, seat: int, legal: Sequence[Any]) -> Any:
        nonlocal compared
        from_view = GreedyBot(game, seat).act(game.observe(state, seat), legal, rng)
        assert rollout_action(game, state, seat, legal, rng) == from_view
        compared += len(legal) > 1
        return from_view  # mostly played: see `walk`

    walk(game, rng, decide)
    assert compared > 50
