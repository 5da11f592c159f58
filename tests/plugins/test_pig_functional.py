"""Pig's functional batched step (`dicehall_pig.batch.functional`, the form `jax.numpy` runs)
is `PigBatch`'s step: the same faces give the same games, step by step."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from dicehall_pig.batch import functional  # the example plug-in (`make install` installs it)

from dicehall import batch


@pytest.mark.parametrize("params", [{}, {"players": 3, "target": 30}, {"horizon": 30}])
def test_the_functional_step_plays_the_batchs_games(params: dict[str, Any]) -> None:
    env = batch.make("pig", batch=256, **params)
    game = env.game
    rules = functional.Rules(game.num_players, game.target, game.horizon)
    env.reset(5)
    faces_rng = np.random.default_rng(5)  # the batch draws its faces the same way, once a step
    state = functional.initial(np, 256, rules)
    actions_rng = np.random.default_rng(6)
    ended = 0
    for _ in range(400):
        roll = functional.may_roll(np, state, rules)
        assert np.array_equal(env.legal_mask()[:, 0], roll)
        actions = env.random_actions(actions_rng)
        faces = faces_rng.integers(1, 7, 256)
        state, done, returns = functional.step(np, state, actions, faces, rules)
        env.step(actions)
        assert np.array_equal(done, env.done) and np.allclose(returns, env.returns)
        assert np.array_equal(state.banked, env.banked)
        assert np.array_equal(state.seat, env.seat)
        assert np.array_equal(state.turn_total, env.turn_total)
        assert np.array_equal(state.decisions, env.decisions)
        ended += int(done.sum())
    assert ended > 0


def test_jax_runs_the_same_step() -> None:
    """Under `jax.jit` (where jax is installed: an optional extra), the same faces give the
    same games as numpy."""
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    rules = functional.Rules(2, 30, 200)
    jitted = jax.jit(lambda s, a, f: functional.step(jnp, s, a, f, rules))
    rng = np.random.default_rng(1)
    state_np = functional.initial(np, 64, rules)
    state_jx = functional.initial(jnp, 64, rules)
    for _ in range(200):
        roll = functional.may_roll(np, state_np, rules)
        actions = np.where(roll & (rng.random(64) < 0.7), 0, 1)
        faces = rng.integers(1, 7, 64)
        state_np, done_np, returns_np = functional.step(np, state_np, actions, faces, rules)
        state_jx, done_jx, returns_jx = jitted(state_jx, jnp.asarray(actions), jnp.asarray(faces))
        assert np.array_equal(np.asarray(done_jx), done_np)
        assert np.allclose(np.asarray(returns_jx), returns_np)
        assert np.array_equal(np.asarray(state_jx.banked), state_np.banked)
