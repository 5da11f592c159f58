"""Random agents on every game through PettingZoo: the AEC env, and Jelly Monster's ticks in
the Parallel env. Prints wins per seat, average rewards and game lengths.

Usage: python examples/rl_pettingzoo_random.py [games per environment]
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

import numpy as np

from dicehall.rl.pettingzoo import env, parallel_env


def play_aec(game_id: str, seed: int) -> tuple[dict[str, float], int]:
    aec, rng = env(game_id, reward="win"), np.random.default_rng(seed)
    aec.reset(seed=seed)
    totals: dict[str, float] = Counter()
    steps = 0
    for agent in aec.agent_iter():
        obs, reward, term, trunc, _ = aec.last()
        totals[agent] += reward
        if term or trunc:
            aec.step(None)
        else:
            aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
    return dict(totals), steps


def play_parallel(seed: int, **params: Any) -> tuple[dict[str, float], int]:
    par, rng = parallel_env("jelly", reward="score", **params), np.random.default_rng(seed)
    observations, _ = par.reset(seed=seed)
    totals: dict[str, float] = Counter()
    ticks = 0
    while par.agents:
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in observations.items()
        }
        observations, rewards, *_ = par.step(actions)
        for agent, r in rewards.items():
            totals[agent] += r
        ticks += 1
    return dict(totals), ticks


def report(name: str, runs: list[tuple[dict[str, float], int]], wins_of: str) -> None:
    agents = sorted(runs[0][0])
    means = {a: sum(t[a] for t, _ in runs) / len(runs) for a in agents}
    length = sum(n for _, n in runs) / len(runs)
    line = "  ".join(f"{a}: {means[a]:+.2f}" for a in agents)
    print(f"{name:24} {wins_of}: {line}   steps/game: {length:.0f}")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"{games} games of random agents per environment")
    for game_id in ("puru", "purrramid", "paradice", "jelly"):
        report(f"AEC {game_id}", [play_aec(game_id, s) for s in range(games)], "mean win reward")
    runs = [play_parallel(s, players=4) for s in range(games)]
    report("Parallel jelly (ticks)", runs, "mean final Jelly")


if __name__ == "__main__":
    main()
