"""Gymnasium's env checker on every game, and the single-agent env's own behaviour."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from dicehall.core import DicehallError, IllegalActionError
from dicehall.rl.gym import DicehallEnv
from tests.rl.cases import case_id, cases


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_check_env(case: tuple[str, dict[str, Any]]) -> None:
    game_id, params = case
    # check_env steps with unmasked samples: illegal ids fall back to the first legal action
    made = gymnasium.make(f"dicehall/{game_id}-v0", illegal="fallback", **params)
    check_env(made.unwrapped)


def _episode(env: DicehallEnv, seed: int) -> tuple[float, int]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done, reward, steps = False, 0.0, 0
    while not done:
        assert env.observation_space.contains(obs)
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, done, _, info = env.step(action)
        steps += 1
    return reward, steps


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_episodes_end_with_the_seat_result(level: str) -> None:
    env = DicehallEnv("purrramid", seat=1, opponents=level)
    reward, steps = _episode(env, seed=4)
    result = env.game.result(env.runner.state)
    assert steps > 0
    assert reward == (1.0 if 1 in result.winners else -1.0)


def test_same_seed_same_episode() -> None:
    first = _episode(DicehallEnv("jelly", opponents="greedy"), seed=9)
    again = _episode(DicehallEnv("jelly", opponents="greedy"), seed=9)
    assert first == again


def test_action_masks_match_the_legal_actions() -> None:
    env = DicehallEnv("paradice")
    env.reset(seed=0)
    legal = env.game.legal_actions(env.runner.state, 0)
    assert sorted(np.flatnonzero(env.action_masks())) == sorted(env.game.encode(a) for a in legal)


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(DicehallError, match="seat"):
        DicehallEnv("puru", solo=True, seat=1)
    with pytest.raises(DicehallError, match="opponents"):
        DicehallEnv("purrramid", players=3, opponents={1: "random"})
    with pytest.raises(DicehallError, match="no bot level"):
        DicehallEnv("puru", opponents="grandmaster")
    env = DicehallEnv("puru")
    _, info = env.reset(seed=1)
    with pytest.raises(IllegalActionError):
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
