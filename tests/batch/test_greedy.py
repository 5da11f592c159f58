"""Purrramid's batched greedy bot makes the scalar greedy bot's decisions, decision by
decision, on the positions the batch reaches (docs/batch.md)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from dicehall import batch
from dicehall.games.purrramid.bots.greedy import GreedyBot
from tests.batch.configs import NIGHTLY

STEPS = 3000 if NIGHTLY else 150


@pytest.mark.parametrize("params", [{}, {"players": 4, "side": "b"}], ids=["a-2", "b-4"])
def test_every_decision_is_the_scalar_bots(params: dict[str, Any]) -> None:
    env = batch.make("purrramid", batch=16, **params)
    game = env.game
    bots = [GreedyBot(game, seat) for seat in range(game.num_players)]
    rng = np.random.default_rng(0)
    compared = 0
    for _ in range(STEPS):
        chosen = env.bot_actions("greedy")
        for i in range(env.batch):
            state = env.to_state(i)
            seat = state.seat
            legal = game.legal_actions(state, seat)
            want = bots[seat].act(game.observe(state, seat), legal, random.Random(0))
            assert game.decode(int(chosen[i])) == want, (state, want)
            compared += 1
        # a share of random moves takes the games to positions greedy play never reaches
        env.step(np.where(rng.random(env.batch) < 0.3, env.random_actions(rng), chosen))
    assert compared == STEPS * env.batch


def test_a_game_without_a_batched_bot_says_so() -> None:
    env = batch.make("puru", batch=2)
    with pytest.raises(batch.BatchUnsupportedError, match="no batched 'greedy' bot"):
        env.bot_actions("greedy")
