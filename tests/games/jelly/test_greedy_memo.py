"""The greedy bot remembers placement and reward values across decisions (`bots/gains.py`):
a remembered value must be the value it would compute afresh, at every decision of varied
games, so the bot (and the MCTS rollouts that play it) makes the same moves with or without
the memo."""

from __future__ import annotations

import random

import pytest

from dicehall import games
from dicehall.core import CHANCE, sample
from dicehall.games.jelly.actions import Place, PlaceMove, PlaceRemove
from dicehall.games.jelly.bots import greedy
from dicehall.games.jelly.bots.gains import Gains


@pytest.mark.parametrize(("players", "seed"), [(3, 5), (4, 6), (5, 7)])
def test_remembered_gains_are_the_values_computed_afresh(
    players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, rng = games.make("jelly", players=players, mode="tick"), random.Random(seed)
    warm_gains, warm_worths = Gains(), Gains()
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
            placing = [a for a in legal if isinstance(a, Place | PlaceRemove | PlaceMove)]
            if placing:
                monkeypatch.setattr(greedy, "GAINS", warm_gains)  # kept from decision to decision
                monkeypatch.setattr(greedy, "WORTHS", warm_worths)
                warm = [greedy._Context.from_state(game, state, seat).gain(a) for a in placing]
                monkeypatch.setattr(greedy, "GAINS", Gains())  # nothing remembered
                monkeypatch.setattr(greedy, "WORTHS", Gains())
                fresh = [greedy._Context.from_state(game, state, seat).gain(a) for a in placing]
                assert warm == fresh
                compared += len(placing)
            move = greedy.GreedyBot(game, seat).act_on_state(game, state, legal)
            state = game.apply(state, seat, move if rng.random() < 0.7 else rng.choice(legal))
    assert compared > 500
    assert len(warm_gains) > 50  # the memo was used across decisions
