"""Gymnasium `VectorEnv` over a game's batched form: `DicehallVectorEnv(game_id, num_envs)`.

Every sub-environment is one game of a `dicehall.batch` engine, and the agent makes every
decision in it: the observation is the Gymnasium environment's (`DicehallEnv`) observation of
the player to move, and the reward of a step goes to the player who made it (`reward="win"`:
+1 for a winner, -1 for the others, 0 for all when all win; `"returns"`: `Game.returns`). Where
only one seat decides (a solo game against an automated opponent), that is exactly
`DicehallEnv` with vectorised stepping; with several seats it is self-play, as in pgx.
`info["action_mask"]` and `action_masks()` give the legal actions (bool `[num_envs, num_actions]`).

Finished games start again in the same step (`AutoresetMode.SAME_STEP`): the observation
returned is the new game's first; the last one of the finished game is not kept (a terminal
step needs no bootstrap).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from dicehall import batch as batchmod
from dicehall.core import DicehallError, IllegalActionError
from dicehall.rl._spaces import BOUND

REWARDS = ("win", "returns")


class DicehallVectorEnv(VectorEnv[np.ndarray, np.ndarray, np.ndarray]):
    """`num_envs` games of `game_id` with `params`, stepped as arrays."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self, game_id: str, num_envs: int = 64, *, reward: str = "win", **params: Any
    ) -> None:
        if reward not in REWARDS:
            raise DicehallError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        self.reward = reward
        self.batch = batchmod.make(game_id, batch=num_envs, **params)
        self.num_envs = num_envs
        size = self.batch.observations().shape[1]
        self.single_observation_space = spaces.Box(-BOUND, BOUND, (size,), np.float32)
        self.single_action_space = spaces.Discrete(self.batch.num_actions)
        self.observation_space = spaces.Box(-BOUND, BOUND, (num_envs, size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.batch.num_actions))

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        if seed is not None:
            self._np_random_seed = seed
        self.batch.reset(seed)
        return self.batch.observations(), self._info()

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        movers = self.batch.current_player
        try:
            self.batch.step(np.asarray(actions, dtype=np.int64))
        except ValueError as exc:
            raise IllegalActionError(str(exc)) from None
        done = self.batch.done.copy()
        rows = np.arange(self.num_envs)
        if self.reward == "returns":
            rewards = self.batch.returns[rows, movers]
        else:
            won = self.batch.returns > 0
            everyone = won.all(axis=1)
            rewards = np.where(everyone, 0.0, np.where(won[rows, movers], 1.0, -1.0))
            rewards = np.where(done, rewards, 0.0)
        info = self._info()
        info["scores"] = self.batch.scores.copy()
        info["_scores"] = done.copy()
        truncated = np.zeros(self.num_envs, dtype=bool)
        return self.batch.observations(), rewards.astype(np.float64), done, truncated, info

    def action_masks(self) -> np.ndarray:
        """Legal actions as booleans (the sb3-contrib MaskablePPO convention)."""
        return self.batch.legal_mask()

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.batch.legal_mask()}


__all__ = ["DicehallVectorEnv"]
