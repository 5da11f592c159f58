"""A batch started from given positions (`BatchGame.load`, docs/batch.md, *Starting from
positions*): the rules engine's decision states go into the arrays, and from there the batch
plays what the rules engine plays."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from dicehall import batch
from dicehall.batch import differential as diff
from dicehall.core import CHANCE
from dicehall.rl.features import state_featurizer
from tests.batch.configs import CONFIGS, NIGHTLY, config_id

LOADED = 2_000 if NIGHTLY else 64
"""States loaded per parameter set (each then stepped `STEPS` times)."""
STEPS = 40


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_loaded_states_play_as_the_rules_engine(config: tuple[str, dict[str, Any]]) -> None:
    """From each loaded state the batch's players, legal actions, chance outcomes and ends
    are the engine's, step after step."""
    game_id, params = config
    env = batch.make(game_id, batch=LOADED, **params)
    states = diff.decision_states(env.game, LOADED, seed=5)
    check = diff.check_loaded_states(env, states, STEPS, seed=6)
    assert check.ok, check.problems
    assert check.actions > LOADED and check.chance > 0


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_loaded_states_are_seen_as_the_engine_sees_them(config: tuple[str, dict[str, Any]]) -> None:
    """Right after `load`, the player to move and the observations (the Gymnasium features)
    are the engine's states' own."""
    game_id, params = config
    env = batch.make(game_id, batch=32, **params)
    states = diff.decision_states(env.game, 32, seed=7)
    env.load(states)
    features = state_featurizer(env.game)
    seats = [env.game.actors(s)[0] for s in states]
    assert env.current_player.tolist() == seats
    want = np.clip(
        np.asarray([features(s, p) for s, p in zip(states, seats, strict=True)]), -10, 10
    )
    assert np.allclose(env.observations(), want, atol=1e-6)


def test_copies_of_one_position_draw_different_futures() -> None:
    """B copies of one position (a search leaf's playouts) share the start, not the dice."""
    env = batch.make("puru", batch=64)
    state = diff.decision_states(env.game, 1, seed=3)[0]
    env.load([state] * 64)
    assert (env.legal_mask() == env.legal_mask()[0]).all()
    rng = np.random.default_rng(0)
    for _ in range(3):
        env.step(env.random_actions(rng))
    assert len({repr(env.to_state(i)) for i in range(64)}) > 1


def test_states_where_no_player_decides_are_refused_and_change_nothing() -> None:
    env = batch.make("puru", batch=2)
    game = env.game
    before = [env.to_state(i) for i in range(2)]
    start = game.initial_state()  # the first roll: chance acts
    assert game.actors(start) == (CHANCE,)
    with pytest.raises(ValueError, match="one player decides"):
        env.load([start, start])
    with pytest.raises(ValueError, match="one state per game"):
        env.load(before[:1])
    assert [env.to_state(i) for i in range(2)] == before


def test_a_wrong_load_is_caught() -> None:
    """The check can fail: a load that forgets the reroll taken makes the second one free
    ("the second reroll costs **1 Jelly**, paid before you roll", docs/rules/puru.md)."""
    from dicehall.games.puru.batch import engine

    class Forgetful(engine.PuruBatch):
        def _load(self, idx: Any, states: Any) -> None:
            super()._load(idx, states)
            self.rerolls[idx] = 0

    game = batch.make("puru", batch=1).game
    states = [s for s in diff.decision_states(game, 200, seed=1) if s.rerolls == 1][:16]
    env = Forgetful(game, len(states))  # type: ignore[arg-type]
    assert not diff.check_loaded_states(env, states, 5, seed=2).ok
