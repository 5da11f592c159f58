"""Vectorised use: `gymnasium.make_vec` (sync and async, both autoreset modes) with action masks
that a masked sampler can use at every step, autoresets included; registration by module id."""

from __future__ import annotations

import subprocess
import sys

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

ID = "dicehall.rl.gym:dicehall/puru-v0"  # imports the module that registers the ids


@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize("autoreset", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_make_vec_masks_stay_usable_across_autoresets(mode: str, autoreset: AutoresetMode) -> None:
    envs = gymnasium.make_vec(
        ID,
        num_envs=3,
        vectorization_mode=mode,
        vector_kwargs={"autoreset_mode": autoreset},
        solo=True,
        opponents={},
    )
    try:
        _, info = envs.reset(seed=11)
        rng = np.random.default_rng(11)
        ended = 0
        for _ in range(120):
            masks = info["action_mask"]
            # every env, a finished one too, has an action to pick
            actions = [int(rng.choice(np.flatnonzero(row))) for row in masks]
            _, _, terminated, truncated, info = envs.step(np.array(actions))
            done = terminated | truncated
            ended += int(done.sum())
            current = np.stack(envs.call("action_masks")).astype(np.int8)
            for i in range(3):
                if autoreset is AutoresetMode.SAME_STEP or not done[i]:
                    # the mask returned is the legal actions of the position the env is in
                    # (after a same-step autoreset: the new episode's first decision)
                    assert np.array_equal(info["action_mask"][i], current[i])
                    assert current[i].any()
        assert ended >= 3
    finally:
        envs.close()


def test_make_by_module_id_after_importing_only_gymnasium() -> None:
    """`gymnasium.make("dicehall.rl.gym:dicehall/puru-v0")` in a fresh interpreter that has
    imported nothing but gymnasium (Gymnasium 1.x reads no plugin entry points)."""
    code = (
        "import gymnasium\n"
        "env = gymnasium.make('dicehall.rl.gym:dicehall/puru-v0', solo=True, opponents={})\n"
        "obs, info = env.reset(seed=1)\n"
        "print(obs.shape[0], int(info['action_mask'].sum()) > 0)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.split() == ["82", "True"]


def test_supersuit_vectorises_the_parallel_env() -> None:
    """SuperSuit's `pettingzoo_env_to_vec_env_v1` (one row per agent) and `concat_vec_envs_v1`
    (copies of the game) on Jelly Monster's Parallel env: every row's mask has a legal action
    at every step, across the automatic resets, and each game ends with win rewards."""
    import supersuit

    from dicehall.rl.pettingzoo import parallel_env

    venv = supersuit.pettingzoo_env_to_vec_env_v1(parallel_env("jelly", players=3))
    venv = supersuit.concat_vec_envs_v1(venv, 2, num_cpus=0, base_class="gymnasium")
    assert venv.num_envs == 6
    obs, _ = venv.reset(seed=3)
    rng = np.random.default_rng(3)
    ends = 0
    for _ in range(400):
        actions = [int(rng.choice(np.flatnonzero(row))) for row in obs["action_mask"]]
        obs, rewards, terminated, _, _ = venv.step(np.array(actions))
        for game in range(2):
            rows = slice(3 * game, 3 * game + 3)
            if terminated[rows].any():
                assert terminated[rows].all()
                assert set(rewards[rows].tolist()) <= {-1.0, 0.0, 1.0}
                ends += 1
    assert ends >= 2
