"""MCTS rollouts play the greedy bot from the state, without building views: the same moves
it makes from the seat's view, in play and in scoring choices."""

from __future__ import annotations

import random

import pytest

from dicehall import games
from dicehall.core import CHANCE, sample
from dicehall.games.jelly.bots.determinize import rollout_action
from dicehall.games.jelly.bots.greedy import GreedyBot


@pytest.mark.parametrize(("players", "seed"), [(3, 2), (4, 3), (5, 4)])
def test_rollout_moves_are_the_greedy_moves_from_the_view(players: int, seed: int) -> None:
    game, rng = games.make("jelly", players=players, mode="tick"), random.Random(seed)
    compared = 0
    for _ in range(2):
        state = game.initial_state()
        while not game.is_terminal(state):
            actors = game.actors(state)
            if actors == (CHANCE,):
                state = game.apply(state, CHANCE, sample(game, state, rng))
                continue
            seat = min(actors)
            legal = game.legal_actions(state, seat)
            from_view = GreedyBot(game, seat).act(game.observe(state, seat), legal, rng)
            assert rollout_action(game, state, seat, legal, rng) == from_view
            compared += len(legal) > 1
            # mostly the greedy move, sometimes another, to reach varied tables
            state = game.apply(state, seat, from_view if rng.random() < 0.7 else rng.choice(legal))
    assert compared > 50
