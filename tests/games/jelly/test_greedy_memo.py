"""The greedy bot remembers placement and reward values across decisions (`bots/gains.py`):
a remembered value must be the value it would compute afresh, at every decision of varied
games, so the bot (and the MCTS rollouts that play it) makes the same moves with or without
the memo."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from tests.games.jelly.walk import walk

from dicehall import games
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

    def decide(state: Any, seat: int, legal: Sequence[Any]) -> Any:
        nonlocal compared
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
        return greedy.GreedyBot(game, seat).act_on_state(game, state, legal)

    walk(game, rng, decide)
    assert compared > 500
    assert len(warm_gains) > 50  # the memo was used across decisions
