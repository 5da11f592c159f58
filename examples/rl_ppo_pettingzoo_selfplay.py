"""Self-play with sb3-contrib's MaskablePPO on a multiplayer game's PettingZoo environment.

Every seat of Puru Puru (2 players by default) is played by one shared policy: SuperSuit's
`pettingzoo_env_to_vec_env_v1` turns the Parallel env into a vector env with one row per seat,
`concat_vec_envs_v1` stacks copies of the game, and MaskablePPO learns from all rows at once
(the rewards are `reward="win"`: +1 for a win, -1 for a loss). The Parallel env offers the
seats that are not to move one action, `wait`, so every row has a legal action at every step;
the masks come from the observations' `action_mask`. Before training and after each block
the deterministic policy plays seat 0 against uniformly random players; the script prints its
win share next to the random line (one share in `players`).

Needs the `train` extra (sb3-contrib, torch) besides `rl`:

    python examples/rl_ppo_pettingzoo_selfplay.py [--game puru] [--players 2] [--blocks 4]
        [--steps 20000] [--games 200] [--seed 0]
"""

from __future__ import annotations

import argparse
import time
import warnings
from typing import Any

import numpy as np
import supersuit
from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import VecEnv, VecEnvWrapper

from dicehall.rl.pettingzoo import parallel_env


class Masks(VecEnvWrapper):  # type: ignore[misc]
    """Answers MaskablePPO's `action_masks` from the last observations' `action_mask` rows."""

    def __init__(self, venv: VecEnv) -> None:
        super().__init__(venv)
        self.masks = np.ones((venv.num_envs, venv.action_space.n), bool)

    def seed(self, seed: int | None = None) -> list[int | None]:
        """Not passed on: SuperSuit 3.11's SB3 wrapper fails to seed its ConcatVecEnv, so
        the training games draw their own seeds (the evaluation games are seeded)."""
        return [seed] * self.num_envs

    def reset(self) -> Any:
        obs = self.venv.reset()
        self.masks = obs["action_mask"].astype(bool)
        return obs

    def step_wait(self) -> Any:
        obs, rewards, dones, infos = self.venv.step_wait()
        self.masks = obs["action_mask"].astype(bool)
        return obs, rewards, dones, infos

    def has_attr(self, name: str) -> bool:
        return name == "action_masks" or bool(self.venv.has_attr(name))

    def get_attr(self, name: str, indices: Any = None) -> list[Any]:
        if name == "action_masks":
            return [self.action_masks] * self.num_envs
        return list(self.venv.get_attr(name, indices))

    def env_method(self, name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list[Any]:
        if name == "action_masks":
            return list(self.masks)
        return list(self.venv.env_method(name, *args, indices=indices, **kwargs))

    def action_masks(self) -> np.ndarray:
        return self.masks


def training_env(game: str, players: int, copies: int) -> VecEnv:
    venv = supersuit.pettingzoo_env_to_vec_env_v1(parallel_env(game, players=players))
    venv = supersuit.concat_vec_envs_v1(venv, copies, num_cpus=0, base_class="stable_baselines3")
    return Masks(venv)


def evaluate(model: MaskablePPO | None, game: str, players: int, games: int, seed: int) -> float:
    """Seat 0's win share (1 shared among the winners) against random players, the policy
    deterministic (`model=None`: a random seat 0, the line)."""
    rng = np.random.default_rng(seed)
    total = 0.0
    for g in range(games):
        env = parallel_env(game, players=players, reward="returns")
        obs, _ = env.reset(seed=seed * 100_000 + g)
        while env.agents:
            actions = {}
            for agent in env.agents:
                mask = obs[agent]["action_mask"]
                if agent == "player_0" and model is not None:
                    action, _ = model.predict(obs[agent], action_masks=mask, deterministic=True)
                    actions[agent] = int(action)
                else:
                    actions[agent] = int(rng.choice(np.flatnonzero(mask)))
            obs, rewards, _, _, _ = env.step(actions)
            total += rewards.get("player_0", 0.0)
    return total / games


def main(argv: list[str] | None = None) -> list[tuple[int, float, float]]:
    """Prints and returns the curve: (steps trained, CPU seconds, seat 0's win share)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="puru")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--blocks", type=int, default=4)
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--copies", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    # SuperSuit's SB3 vector env defines no render_mode attribute; SB3 warns and sets None
    warnings.filterwarnings("ignore", message="The `render_mode` attribute is not defined")
    env = training_env(args.game, args.players, args.copies)
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=256,
        batch_size=512,
        learning_rate=1e-3,
        gamma=1.0,
        seed=args.seed,
        verbose=0,
        device="cpu",
    )
    line = evaluate(None, args.game, args.players, args.games, args.seed + 1)
    print(f"{args.game}, {args.players} players: seat 0 against random players, {args.games} games")
    print(f"  random seat 0: win share {line:.3f}")
    curve, trained, cpu = [], 0, 0.0
    for block in range(args.blocks + 1):
        share = evaluate(model, args.game, args.players, args.games, args.seed + 1)
        print(f"  MaskablePPO after {trained:>7,} steps ({cpu:5.0f} CPU s): win share {share:.3f}")
        curve.append((trained, cpu, share))
        if block == args.blocks:
            break
        start = time.process_time()
        model.learn(args.steps, reset_num_timesteps=False)
        cpu += time.process_time() - start
        trained += args.steps
    return curve


if __name__ == "__main__":
    main()
