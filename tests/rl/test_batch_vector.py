"""`DicehallVectorEnv`: Gymnasium's vector API over the batched engines (docs/rl.md)."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from dicehall.core import DicehallError, IllegalActionError
from dicehall.rl.gym import DicehallEnv
from dicehall.rl.vector import DicehallVectorEnv


def _rollout(env: DicehallVectorEnv, steps: int, seed: int) -> list[np.ndarray]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = [obs]
    for _ in range(steps):
        mask = info["action_mask"]
        actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
        obs, rewards, done, truncated, info = env.step(actions)
        assert env.observation_space.contains(obs)
        assert not truncated.any() and not rewards[~done].any()
        assert np.isin(rewards[done], (-1.0, 0.0, 1.0)).all()
        seen.append(obs)
    return seen


def test_spaces_masks_and_same_step_autoreset() -> None:
    env = DicehallVectorEnv("puru", 16, solo=True)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    single = DicehallEnv("puru", solo=True)
    assert env.single_observation_space == single.observation_space
    assert env.single_action_space == single.action_space
    obs, info = env.reset(seed=3)
    assert obs.shape == (16, *single.observation_space.shape)
    assert info["action_mask"].shape == (16, single.action_space.n)
    assert (env.action_masks() == info["action_mask"]).all()
    _rollout(env, 300, 3)


def test_the_winner_of_a_game_gets_plus_one_and_the_others_minus_one() -> None:
    """Solo (one deciding seat): a won game pays +1 to the player, a lost one -1."""
    env = DicehallVectorEnv("puru", 64, solo=True)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    paid = 0
    for _ in range(100):
        _, rewards, done, _, _ = env.step(env.batch.random_actions(rng))
        won = env.batch.returns[:, 0] > 0
        assert (rewards[done] == np.where(won[done], 1.0, -1.0)).all()
        paid += int(done.sum())
    assert paid > 0


def test_the_same_seed_gives_the_same_episodes() -> None:
    first = _rollout(DicehallVectorEnv("pig", 4), 50, 7)
    again = _rollout(DicehallVectorEnv("pig", 4), 50, 7)
    assert all((a == b).all() for a, b in zip(first, again, strict=True))


def test_bad_actions_and_options_are_refused() -> None:
    env = DicehallVectorEnv("pig", 2, target=5)
    env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(np.array([0]))
    with pytest.raises(DicehallError, match="reward must be"):
        DicehallVectorEnv("pig", 2, reward="money")
