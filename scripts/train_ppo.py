"""MaskablePPO (sb3-contrib) on Puru Puru Solo through the Gymnasium env, with a learning curve.

The agent plays seat 0 of `DicehallEnv("puru", solo=True)` against AutoPuray, choosing among
the legal actions only (the env's `action_masks()`). It learns from the end of the game: +1
for a win, -1 for a loss, plus how much closer to winning it got than AutoPuray (`progress`:
the better track toward 20, or the Jelly the other has lost), so that the games it loses, and
every game at the start (a random player never beats AutoPuray), still say which play was
better. Not the env's margin (its final score minus AutoPuray's): a player who drips out
scores -1 against AutoPuray's lower track, so losing fast scores a smaller margin than losing
late, and a policy trained on the margin learns to drip itself out (docs/rl.md).
Every `--every` steps the current policy (deterministic, masked) plays `--games` evaluation
games; the curve of win rates, next to dicehall's greedy bot measured on the same seeds and
the exact optimum (docs/analysis.md), goes to a JSON file and a plot.
Training runs on one thread; the CPU seconds it took are recorded (evaluation excluded).

Needs the `train` extra (sb3-contrib, torch, matplotlib); `make train` runs
`python scripts/train_ppo.py --out docs/rl-ppo-puru-solo` (4,000,000 steps, an evaluation
of 500 games every 200,000).
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

import gymnasium
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
    wall_seconds: list[float] = field(default_factory=list)
    """Training wall time (evaluations excluded), like `cpu_seconds`."""
    win_rate: list[float] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)

    def passed_greedy(self) -> tuple[int, float] | None:
        """(steps, training CPU seconds) of the first evaluation above greedy, if any."""
        for steps, cpu, rate in zip(self.steps, self.cpu_seconds, self.win_rate, strict=True):
            if rate > self.greedy:
                return steps, cpu
        return None


REWARDS = ("win+progress", "win", "win+margin", "margin")
"""What the agent can learn from (`Settings.reward`)."""


@dataclass(frozen=True)
class Settings:
    """What the agent learns from, and MaskablePPO's knobs."""

    reward: str = "win+progress"
    """"margin": the env's final margin (the agent's final score minus AutoPuray's), divided by
    `scale`; "win": +1 for a win, 0 for a shared win, -1 otherwise; "win+margin" and
    "win+progress": that plus the margin or the progress difference (`progress`) divided by
    `scale`."""
    scale: float = 1.0
    dense: bool = False
    """With "win+progress": hand out the progress difference as it changes, step by step
    (the same return, since it starts at 0)."""
    envs: int = 16
    n_steps: int = 512
    """Steps per env between updates (n_steps * envs per rollout)."""
    batch_size: int = 1024
    n_epochs: int = 10
    learning_rate: float = 1e-3
    final_rate: float = 0.1
    """The learning rate falls linearly, over the run's steps, to this fraction of
    `learning_rate`."""
    gamma: float = 1.0
    gae_lambda: float = 0.95
    ent_coef: float = 0.01
    net: tuple[int, ...] = (128, 128)
    env: str = "gym"
    """"gym": `envs` `DicehallEnv`s in SB3's `DummyVecEnv`; "vector": one batched
    `DicehallVectorEnv` of `envs` games (`ppo_vector.BatchVecEnv`, reward "win+progress")."""


def progress(view: dict[str, Any], seat: int) -> float:
    """How close `seat` is to winning Puru Puru Solo, 0..1: its better track toward 20, or
    the Jelly its opponent has lost (dripping the other to 0 wins too)."""
    me, other = view["players"][seat], view["players"][1 - seat]
    return float(max(me["love"], me["excitement"], 20 - other["jelly"])) / 20


class FinalReward(gymnasium.Wrapper[np.ndarray, Any, np.ndarray, Any]):
    """The reward `settings` asks for, at the end of the episode (the env's reward: margin)."""

    def __init__(self, env: DicehallEnv, settings: Settings) -> None:
        super().__init__(env)
        if settings.reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}: {settings.reward!r}")
        self.dicehall = env
        self.kind, self.scale = settings.reward, settings.scale
        self.dense = settings.dense and settings.reward == "win+progress"
        self.ahead = 0.0

    def reset(self, **kwargs: Any) -> tuple[np.ndarray, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        self.ahead = self._ahead()
        return obs, info

    def _ahead(self) -> float:
        view = self.dicehall.view()
        return (progress(view, 0) - progress(view, 1)) / self.scale

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        obs, margin, over, truncated, info = self.env.step(action)
        if self.dense:  # the progress difference as it changes, the outcome at the end
            before, self.ahead = self.ahead, self._ahead()
            reward = self.ahead - before + (self._outcome() if over else 0.0)
        else:
            reward = self.reward(float(margin)) if over else 0.0
        return obs, reward, over, truncated, info

    def _outcome(self) -> float:
        """+1 for a win, 0 for a shared win, -1 otherwise."""
        winners = self.dicehall.game.result(self.dicehall.runner.state).winners
        return (1.0 if len(winners) == 1 else 0.0) if 0 in winners else -1.0

    def reward(self, margin: float) -> float:
        """The reward at the end of the episode, given the env's margin."""
        if self.kind == "margin":
            return margin / self.scale
        if self.kind == "win+margin":
            return self._outcome() + margin / self.scale
        if self.kind == "win+progress":
            return self._outcome() + self._ahead()
        return self._outcome()

    def action_masks(self) -> np.ndarray:
        return self.dicehall.action_masks()


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


def new_model(seed: int, settings: Settings, steps: int) -> Any:
    """A MaskablePPO with an MLP on `settings.envs` Puru Solo envs stepped together (one
    policy call per step of all of them), for a run of `steps` steps."""
    ppo = importlib.import_module("sb3_contrib").MaskablePPO
    vec = importlib.import_module("stable_baselines3.common.vec_env").DummyVecEnv
    s = settings
    makers = [lambda i=i: FinalReward(make_env(seed * 1000 + i), s) for i in range(s.envs)]
    if s.env == "vector":
        if s.reward != "win+progress" or s.dense:
            raise ValueError("--env vector learns from the reward win+progress at the end")
        try:
            from scripts.ppo_vector import BatchVecEnv
        except ModuleNotFoundError:  # run as a script: its own folder is on the path
            from ppo_vector import BatchVecEnv  # type: ignore[no-redef]

        envs: Any = BatchVecEnv(s.envs, seed * 1000, progress, s.scale)
    else:
        envs = vec(makers)
    model: Any = None

    def rate(_: float) -> float:
        # sb3's progress argument restarts with each learn() call: count the model's steps
        done = min(model.num_timesteps if model is not None else 0, steps)
        return s.learning_rate * (1.0 - (1.0 - s.final_rate) * done / max(steps, 1))

    model = ppo(
        "MlpPolicy", envs, n_steps=s.n_steps, batch_size=s.batch_size,
        n_epochs=s.n_epochs, learning_rate=rate, gamma=s.gamma,
        gae_lambda=s.gae_lambda, ent_coef=s.ent_coef, policy_kwargs={"net_arch": list(s.net)},
        seed=seed, device="cpu", verbose=0,
    )  # fmt: skip
    return model


def train(
    steps: int,
    every: int,
    games: int,
    seed: int = 0,
    log: Any = print,
    out: Path | None = None,
    settings: Settings | None = None,
) -> Curve:
    """Train for `steps` environment steps, evaluating after every `every` steps (and at 0);
    the curve so far is written to `out` (JSON) after each evaluation."""
    importlib.import_module("torch").set_num_threads(1)
    curve = Curve(games=games, greedy=greedy_rate(games))
    log(f"greedy bot: {curve.greedy:.1%} of {games} games; exact optimum {OPTIMUM:.1%}")
    settings = settings or Settings()
    curve.settings = asdict(settings)
    model, done, cpu, wall = new_model(seed, settings, steps), 0, 0.0, 0.0
    while True:
        rate = policy_rate(model, games)
        curve.steps.append(done)
        curve.cpu_seconds.append(round(cpu, 1))
        curve.wall_seconds.append(round(wall, 1))
        curve.win_rate.append(rate)
        log(f"{done:>9,} steps  {cpu:8.0f} CPU s  {wall:8.0f} s  win rate {rate:.1%}")
        if out is not None:
            out.write_text(json.dumps(asdict(curve), indent=1) + "\n")
        if done >= steps:
            return curve
        start, started = time.process_time(), time.perf_counter()
        model.learn(total_timesteps=every, reset_num_timesteps=False)
        cpu += time.process_time() - start
        wall += time.perf_counter() - started
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
    passed = curve.passed_greedy()
    if passed is not None:
        at = curve.steps.index(passed[0])
        ax.annotate(
            f"above greedy: {passed[0]:,} steps,\n{passed[1] / 60:.1f} CPU minutes of training",
            (passed[0] / 1000, curve.win_rate[at]), xytext=(0.3, 0.68),
            textcoords="axes fraction", arrowprops={"arrowstyle": "->", "color": "gray"},
        )  # fmt: skip
    ax.set_xlabel("training steps (thousands)")
    ax.set_ylabel(f"win rate vs AutoPuray ({curve.games} games)")
    through = (
        "the batched vector env" if curve.settings.get("env") == "vector" else "the Gymnasium env"
    )
    ax.set_title(f"Puru Puru Solo: MaskablePPO through {through}")
    ax.set_ylim(0, 0.6)
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=4_000_000, help="training steps in all")
    parser.add_argument("--every", type=int, default=200_000, help="steps between evaluations")
    parser.add_argument("--games", type=int, default=500, help="games per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reward", choices=REWARDS, default=Settings.reward,
                        help="what the agent learns from (see Settings)")  # fmt: skip
    parser.add_argument("--out", type=Path, default=Path("rl-ppo-puru-solo"),
                        help="writes OUT.json (the curve) and OUT.png (the plot)")  # fmt: skip
    parser.add_argument("--env", choices=("gym", "vector"), default="gym",
                        help="gym: a DicehallEnv per env; vector: one batched env")  # fmt: skip
    parser.add_argument("--envs", type=int, default=Settings.envs, help="envs stepped together")
    parser.add_argument("--n-steps", type=int, default=Settings.n_steps, help="steps per env "
                        "between updates")  # fmt: skip
    args = parser.parse_args(argv)
    settings = Settings(reward=args.reward, env=args.env, envs=args.envs, n_steps=args.n_steps)
    out = args.out.with_suffix(".json")
    curve = train(args.steps, args.every, args.games, args.seed, out=out, settings=settings)
    plot(curve, args.out.with_suffix(".png"))
    passed = curve.passed_greedy()
    if passed is None:
        print("did not pass greedy")
    else:
        print(f"passed greedy after {passed[0]:,} steps, {passed[1]:.0f} CPU s of training")


if __name__ == "__main__":
    main()
