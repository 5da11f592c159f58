"""A PettingZoo-style batched Parallel environment over a game's batched form:
`DicehallBatchParallelEnv(game_id, num_envs)`.

PettingZoo's Parallel API with every value an array over `num_envs` games (the convention of
batched multi-agent simulators such as pgx): the agents are `player_<seat>` for every seat
that decides (not a solo game's automated opponent); `reset(seed)` and `step(actions)` return
dicts by agent, whose values are arrays `[num_envs, ...]`:

- `observations[agent]`: `{"observation": float32 [B, F], "action_mask": int8 [B, A + 1]}`.
  In the games where the agent is to move, the observation is `DicehallEnv`'s observation of
  it and the mask its legal actions (action ids as in the Gymnasium env). In the others it
  must send the extra action `A` ("wait", as in `parallel_env`): the only one its mask allows,
  and its observation there is zeros.
- `actions[agent]`: int `[B]`; the action of the agent to move is applied in each game, the
  others must be "wait" (an agent left out waits everywhere).
- `rewards[agent]`: float `[B]`, at the end of a game only (`reward="win"`: +1 for a winner,
  -1 for the others, 0 for all when all win; `"returns"`: `Game.returns`).
- `terminations[agent]`: bool `[B]`, the games that ended in the step; they start again in
  place in the same step (the observation returned is the new game's). `truncations` are all
  False; `infos[agent]` holds `"scores"` (float `[B, players]`, the final scores of the games
  that ended).

An action outside an agent's mask, or an array of the wrong shape or type, raises
`IllegalActionError` before anything changes.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from dicehall import batch as batchmod
from dicehall.core import DicehallError, IllegalActionError
from dicehall.rl._spaces import BOUND

REWARDS = ("win", "returns")


class DicehallBatchParallelEnv:
    """`num_envs` games of `game_id` with `params`, every agent's values as arrays."""

    metadata: dict[str, Any] = {"is_parallelizable": True}  # noqa: RUF012

    def __init__(
        self, game_id: str, num_envs: int = 64, *, reward: str = "win", **params: Any
    ) -> None:
        if reward not in REWARDS:
            raise DicehallError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        self.reward = reward
        self.batch = batchmod.make(game_id, batch=num_envs, **params)
        self.num_envs = num_envs
        self.metadata = {**self.metadata, "name": f"dicehall_{game_id}_batch_v0"}
        game = self.batch.game
        auto = game.automated_seats()
        self.seats = [s for s in range(game.num_players) if s not in auto]
        self.possible_agents = [f"player_{s}" for s in self.seats]
        self.agents = list(self.possible_agents)
        self.wait = self.batch.num_actions
        size = self.batch.observations().shape[1]
        one = spaces.Dict(
            {
                "observation": spaces.Box(-BOUND, BOUND, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.wait + 1,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, one)
        self.action_spaces = {a: spaces.Discrete(self.wait + 1) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self.batch.reset(seed)
        self.agents = list(self.possible_agents)
        return self._observe(), {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[
        dict[str, dict[str, np.ndarray]], dict[str, np.ndarray], dict[str, np.ndarray],
        dict[str, np.ndarray], dict[str, dict[str, Any]],
    ]:  # fmt: skip
        chosen = self._chosen(actions)
        movers = self.batch.current_player
        self.batch.step(chosen)
        done = self.batch.done.copy()
        rewards = {a: self._rewards(s, done) for a, s in zip(self.agents, self.seats, strict=True)}
        scores = self.batch.scores.copy()
        return (
            self._observe(),
            rewards,
            {a: done.copy() for a in self.agents},
            {a: np.zeros(self.num_envs, dtype=bool) for a in self.agents},
            {a: {"scores": scores, "movers": movers} for a in self.agents},
        )

    def _chosen(self, actions: dict[str, Any]) -> np.ndarray:
        """The action of the player to move in each game; every other agent's must be wait."""
        unknown = set(actions) - set(self.agents)
        if unknown:
            raise IllegalActionError(f"no agents {sorted(unknown)}; agents: {self.agents}")
        movers = self.batch.current_player
        chosen = np.full(self.num_envs, -1, dtype=np.int64)
        for agent, seat in zip(self.agents, self.seats, strict=True):
            given = actions.get(agent)
            acts = np.full(self.num_envs, self.wait) if given is None else np.asarray(given)
            if acts.shape != (self.num_envs,) or acts.dtype.kind not in "iu":
                raise IllegalActionError(f"{agent}: an int array of shape ({self.num_envs},)")
            mine = movers == seat
            if (acts[~mine] != self.wait).any():
                i = int(np.flatnonzero(~mine & (acts != self.wait))[0])
                raise IllegalActionError(f"{agent}, game {i}: not its turn, only wait")
            chosen[mine] = acts[mine]
        if (chosen < 0).any() or (chosen >= self.wait).any():
            i = int(np.flatnonzero((chosen < 0) | (chosen >= self.wait))[0])
            raise IllegalActionError(f"game {i}: the player to move must act, not wait")
        legal = self.batch.legal_mask()[np.arange(self.num_envs), chosen]
        if not legal.all():
            i = int(np.argmin(legal))
            raise IllegalActionError(f"game {i}: action {int(chosen[i])} is not legal now")
        return chosen

    def _rewards(self, seat: int, done: np.ndarray) -> np.ndarray:
        returns = self.batch.returns
        if self.reward == "returns":
            return np.where(done, returns[:, seat], 0.0)
        won = returns > 0
        everyone = won.all(axis=1)
        reward = np.where(everyone, 0.0, np.where(won[:, seat], 1.0, -1.0))
        return np.where(done, reward, 0.0)

    def _observe(self) -> dict[str, dict[str, np.ndarray]]:
        obs, legal = self.batch.observations(), self.batch.legal_mask()
        movers = self.batch.current_player
        out: dict[str, dict[str, np.ndarray]] = {}
        for agent, seat in zip(self.agents, self.seats, strict=True):
            mine = movers == seat
            mask = np.zeros((self.num_envs, self.wait + 1), dtype=np.int8)
            mask[mine, : self.wait] = legal[mine]
            mask[~mine, self.wait] = 1
            seen = np.where(mine[:, None], obs, np.float32(0.0)).astype(np.float32)
            out[agent] = {"observation": seen, "action_mask": mask}
        return out

    def close(self) -> None:
        pass


__all__ = ["DicehallBatchParallelEnv"]
