"""The batch engine against the rules engine: player actions per CPU-second, interleaved
(`dicehall bench GAME --batch B`).

Both play uniformly random legal actions with chance drawn as the rules say: the rules engine
one game at a time (`core.sample` at chance nodes), the batch engine B games per `step`. Only
player actions count on both sides (chance draws are inside a batch `step`). Runs alternate,
scalar then batch, so that both see the same machine; the median of the runs is reported.
Figures are printed, never asserted.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from dicehall import batch as batchmod
from dicehall.core import Game
from dicehall.sim.bench import random_playout


@dataclass(frozen=True, slots=True)
class BatchBench:
    game: str
    params: dict[str, Any]
    batch: int
    scalar: tuple[float, ...]
    """Player actions per CPU-second of the rules engine, per run."""
    batched: tuple[float, ...]
    """The same of the batch engine, per run."""

    @property
    def scalar_rate(self) -> float:
        return statistics.median(self.scalar)

    @property
    def batch_rate(self) -> float:
        return statistics.median(self.batched)

    @property
    def ratio(self) -> float:
        return self.batch_rate / self.scalar_rate if self.scalar_rate else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "params": self.params, "batch": self.batch,
            "scalar_actions_per_cpu_s": round(self.scalar_rate),
            "batch_actions_per_cpu_s": round(self.batch_rate), "ratio": round(self.ratio, 2),
            "runs": len(self.scalar), "scalar_runs": [round(x) for x in self.scalar],
            "batch_runs": [round(x) for x in self.batched],
        }  # fmt: skip


def scalar_rate(game: Game[Any, Any], seconds: float, rng: random.Random) -> float:
    """Player actions per CPU-second of random games of the rules engine (whole games)."""
    actions = 0
    start = time.process_time()
    while True:
        actions += random_playout(game, rng, chance=False)
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return actions / elapsed


def batch_rate(env: batchmod.BatchGame, seconds: float, rng: np.random.Generator) -> float:
    """Player actions per CPU-second of `env` stepping random legal actions."""
    before = env.actions_taken
    start = time.process_time()
    while True:
        env.step(env.random_actions(rng))
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return (env.actions_taken - before) / elapsed


def bench(
    game_id: str, params: dict[str, Any], size: int, seconds: float = 1.0, runs: int = 3,
    seed: int = 0,
) -> BatchBench:  # fmt: skip
    """`runs` interleaved pairs of timed runs of `seconds` each."""
    env = batchmod.make(game_id, batch=size, **params)
    env.reset(seed)
    rng, np_rng = random.Random(seed), np.random.default_rng(seed)
    scalar_rate(env.game, 0.0, rng)  # warm the rules' caches
    batch_rate(env, 0.0, np_rng)
    scalar, batched = [], []
    for _ in range(runs):
        scalar.append(scalar_rate(env.game, seconds, rng))
        batched.append(batch_rate(env, seconds, np_rng))
    return BatchBench(game_id, dict(env.game.params), size, tuple(scalar), tuple(batched))
