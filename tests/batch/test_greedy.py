"""The batched greedy bots (Puru Puru, Purrramid, Pig's hold at 20) make the scalar greedy
bots' decisions, decision by decision, on the positions the batch reaches (docs/batch.md)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from dicehall import batch, games
from tests.batch.configs import NIGHTLY

STEPS = 3000 if NIGHTLY else 120
CONFIGS = [
    ("pig", {}),
    ("pig", {"players": 3, "target": 30}),
    ("puru", {}),
    ("puru", {"players": 4}),
    ("puru", {"solo": True}),
    ("purrramid", {}),
    ("purrramid", {"players": 4, "side": "b"}),
]
if NIGHTLY:
    CONFIGS += [("puru", {"solo": True, "super": True}), ("puru", {"players": 3, "die": "HSCA"})]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}")
def test_every_decision_is_the_scalar_bots(config: tuple[str, dict[str, Any]]) -> None:
    game_id, params = config
    env = batch.make(game_id, batch=16, **params)
    game = env.game
    greedy = games.part(game_id, "greedy")
    bots = {seat: greedy(game, seat) for seat in range(game.num_players)}
    rng = np.random.default_rng(0)
    compared = 0
    for _ in range(STEPS):
        chosen = env.bot_actions("greedy")
        for i in range(env.batch):
            state = env.to_state(i)
            (seat,) = game.actors(state)
            legal = game.legal_actions(state, seat)
            want = bots[seat].act(game.observe(state, seat), legal, random.Random(0))
            assert game.decode(int(chosen[i])) == want, (state, want)
            compared += 1
        # a share of random moves takes the games to positions greedy play never reaches
        env.step(np.where(rng.random(env.batch) < 0.3, env.random_actions(rng), chosen))
    assert compared == STEPS * env.batch


def test_a_game_without_a_batched_bot_says_so() -> None:
    env = batch.make("pig", batch=2)
    with pytest.raises(batch.BatchUnsupportedError, match="no batched 'expert' bot"):
        env.bot_actions("expert")
