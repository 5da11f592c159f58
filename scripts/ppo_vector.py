"""Stable-Baselines3's `VecEnv` over dicehall's batched Puru Puru Solo (`train_ppo.py --env
vector`): the envs of a MaskablePPO rollout stepped as numpy arrays in one call, instead of one
`DicehallEnv` per env in SB3's `DummyVecEnv`.

sb3-contrib's `MaskablePPO` takes SB3's `VecEnv`, not Gymnasium's, so this wraps
`dicehall.rl.vector.DicehallVectorEnv` (its observations and masks are `DicehallEnv`'s: seat 0
of `DicehallEnv("puru", solo=True)`) and hands out `train_ppo`'s training reward at the end of
each game: +1 for a win, 0 for a shared win, -1 otherwise, plus the progress difference read
from the final position (`BatchGame.keep_finals`). Finished games start again in the same
step; their last observation is not kept (no episode here is truncated, so nothing bootstraps
from it). Needs the `train` extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from stable_baselines3.common.vec_env.base_vec_env import VecEnv

from dicehall.rl.vector import DicehallVectorEnv


class BatchVecEnv(VecEnv):  # type: ignore[misc]
    """`envs` games of Puru Puru Solo as one SB3 `VecEnv`, with `train_ppo`'s reward."""

    def __init__(self, envs: int, seed: int, progress: Any, scale: float = 1.0) -> None:
        self.vector = DicehallVectorEnv("puru", num_envs=envs, solo=True)
        self.batch = self.vector.batch
        self.batch.keep_finals()
        self.progress, self.scale, self._seed = progress, scale, seed
        self._actions = np.zeros(envs, dtype=np.int64)
        super().__init__(envs, self.vector.single_observation_space,
                         self.vector.single_action_space)  # fmt: skip

    def reset(self) -> np.ndarray:
        obs, _ = self.vector.reset(seed=self._seed)
        self._seed += 1
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, dtype=np.int64)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        obs, _, done, _, _ = self.vector.step(self._actions)
        rewards = np.zeros(self.num_envs, dtype=np.float32)
        game, finals = self.batch.game, self.batch.finals or {}
        for i in np.flatnonzero(done).tolist():
            share = float(self.batch.returns[i, 0])
            outcome = 1.0 if share == 1.0 else (0.0 if share > 0 else -1.0)
            view = game.observe(finals[i], 0)
            ahead = (self.progress(view, 0) - self.progress(view, 1)) / self.scale
            rewards[i] = outcome + ahead
        return obs, rewards, done, [{} for _ in range(self.num_envs)]

    def close(self) -> None:
        pass

    def env_method(
        self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any
    ) -> list[Any]:
        if method_name != "action_masks":
            raise AttributeError(method_name)
        return list(self.vector.action_masks()[self._rows(indices)])

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        return [getattr(self.vector, attr_name)] * len(self._rows(indices))

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(attr_name)

    def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
        return [False] * len(self._rows(indices))

    def _rows(self, indices: Any) -> Sequence[int]:
        if indices is None:
            return range(self.num_envs)
        return [indices] if isinstance(indices, int) else list(indices)
