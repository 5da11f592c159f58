"""MaskablePPO (sb3-contrib) on Puru Puru Solo through the Gymnasium env, with a learning curve.

The agent plays seat 0 of `DicehallEnv("puru", solo=True)` against AutoPuray and learns from
the final margin (`reward="margin"`: its final score minus AutoPuray's), choosing among the
legal actions only (the env's `action_masks()`). The margin, not the win (+1/-1), because a
random player never beats AutoPuray: learning from wins alone gets no signal to start from.
Every `--every` steps the current policy (deterministic, masked) plays `--games` evaluation
games; the curve of win rates, next to dicehall's greedy bot measured on the same seeds and
the exact optimum (docs/analysis.md), goes to a JSON file and a plot.
Training runs on one thread; the CPU seconds it took are recorded (evaluation excluded).

Needs the `train` extra (sb3-contrib, torch, matplotlib); `make train` runs
`python -m dicehall.rl.train_ppo --out docs/rl-ppo-puru-solo` (800,000 steps, an evaluation of
500 games every 40,000).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from dicehall.bots import make_bot
from dicehall.rl.gym import DicehallEnv

OPTIMUM = 0.518820703
"""The exact optimum's win rate against AutoPuray (docs/analysis.md)."""
EVAL_SEED = 10**6
"""Evaluation games use seeds EVAL_SEED, EVAL_SEED + 1, ... (training uses others)."""


@dataclass
class Curve:
    """Win rates of the policy after each block of training steps."""

    games: int
    greedy: float
    optimum: float = OPTIMUM
    steps: list[int] = field(default_factory=list)
    cpu_seconds: list[float] = field(default_factory=list)
    win_rate: list[float] = field(default_factory=list)

    def passed_greedy(self) -> tuple[int, float] | None:
        """(steps, training CPU seconds) of the first evaluation above greedy, if any."""
        for steps, cpu, rate in zip(self.steps, self.cpu_seconds, self.win_rate, strict=True):
            if rate > self.greedy:
                return steps, cpu
        return None


def make_env(seed: int = 0) -> DicehallEnv:
    env = DicehallEnv("puru", solo=True, reward="margin")
    env.reset(seed=seed)
    return env


def won(env: DicehallEnv) -> bool:
    return 0 in env.game.result(env.runner.state).winners


def greedy_rate(games: int) -> float:
    """dicehall's greedy bot's win rate on the evaluation seeds."""
    env = make_env()
    bot, wins = make_bot("greedy", env.game, 0), 0
    for i in range(games):
        env.reset(seed=EVAL_SEED + i)
        rng, done = random.Random(i), False
        while not done:
            legal = env.game.legal_actions(env.runner.state, 0)
            action = bot.act(env.view(), legal, rng)
            _, _, done, _, _ = env.step(env.game.encode(action))
        wins += won(env)
    return wins / games


def policy_rate(model: Any, games: int) -> float:
    """The policy's win rate on the evaluation seeds (deterministic, legal actions only)."""
    env, wins = make_env(), 0
    for i in range(games):
        obs, _ = env.reset(seed=EVAL_SEED + i)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _, done, _, _ = env.step(int(action))
        wins += won(env)
    return wins / games


def new_model(seed: int, envs: int = 8) -> Any:
    """A MaskablePPO with a small MLP (two layers of 128) on `envs` Puru Solo envs stepped
    together (one policy call per step of all of them)."""
    ppo = importlib.import_module("sb3_contrib").MaskablePPO
    vec = importlib.import_module("stable_baselines3.common.vec_env").DummyVecEnv
    policy = {"net_arch": [128, 128]}
    makers = [lambda i=i: make_env(seed * 1000 + i) for i in range(envs)]
    return ppo(
        "MlpPolicy", vec(makers), n_steps=2048 // envs, batch_size=256, n_epochs=5,
        learning_rate=3e-4, gamma=1.0, gae_lambda=0.95, ent_coef=0.01,
        policy_kwargs=policy, seed=seed, device="cpu", verbose=0,
    )  # fmt: skip


def train(
    steps: int, every: int, games: int, seed: int = 0, log: Any = print, out: Path | None = None
) -> Curve:
    """Train for `steps` environment steps, evaluating after every `every` steps (and at 0);
    the curve so far is written to `out` (JSON) after each evaluation."""
    importlib.import_module("torch").set_num_threads(1)
    curve = Curve(games=games, greedy=greedy_rate(games))
    log(f"greedy bot: {curve.greedy:.1%} of {games} games; exact optimum {OPTIMUM:.1%}")
    model, done, cpu = new_model(seed), 0, 0.0
    while True:
        rate = policy_rate(model, games)
        curve.steps.append(done)
        curve.cpu_seconds.append(round(cpu, 1))
        curve.win_rate.append(rate)
        log(f"{done:>9,} steps  {cpu:8.0f} CPU s  win rate {rate:.1%}")
        if out is not None:
            out.write_text(json.dumps(asdict(curve), indent=1) + "\n")
        if done >= steps:
            return curve
        start = time.process_time()
        model.learn(total_timesteps=every, reset_num_timesteps=False)
        cpu += time.process_time() - start
        done = int(model.num_timesteps)


def plot(curve: Curve, path: Path) -> None:
    """The curve next to greedy's and the optimum's lines, as a PNG."""
    matplotlib = importlib.import_module("matplotlib")
    matplotlib.use("Agg")
    plt = importlib.import_module("matplotlib.pyplot")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(np.array(curve.steps) / 1000, curve.win_rate, marker="o", label="MaskablePPO")
    ax.axhline(curve.greedy, color="tab:orange", ls="--", label=f"greedy bot {curve.greedy:.1%}")
    ax.axhline(curve.optimum, color="tab:green", ls=":", label=f"exact optimum {OPTIMUM:.1%}")
    ax.set_xlabel("training steps (thousands)")
    ax.set_ylabel(f"win rate vs AutoPuray ({curve.games} games)")
    ax.set_title("Puru Puru Solo: MaskablePPO through the Gymnasium env")
    ax.set_ylim(0, 0.6)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=800_000, help="training steps in all")
    parser.add_argument("--every", type=int, default=40_000, help="steps between evaluations")
    parser.add_argument("--games", type=int, default=500, help="games per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("rl-ppo-puru-solo"),
                        help="writes OUT.json (the curve) and OUT.png (the plot)")  # fmt: skip
    args = parser.parse_args(argv)
    curve = train(args.steps, args.every, args.games, args.seed, out=args.out.with_suffix(".json"))
    plot(curve, args.out.with_suffix(".png"))
    passed = curve.passed_greedy()
    if passed is None:
        print("did not pass greedy")
    else:
        print(f"passed greedy after {passed[0]:,} steps, {passed[1]:.0f} CPU s of training")


if __name__ == "__main__":
    main()
