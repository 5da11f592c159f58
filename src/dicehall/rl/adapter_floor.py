"""Where the PettingZoo AEC environment's time goes: the rules, the loop, the observation.

`python -m dicehall.rl.adapter_floor [GAME ...] [--seconds S] [--runs R]` times, in CPU
microseconds per player action and interleaved run by run (medians printed), three loops of
uniformly random games: the rules alone (the `dicehall bench --adapters` engine loop), the AEC
loop of `dicehall bench --adapters` with the observation replaced by one constant array (what
the environment costs with free features), and the full AEC loop. The first over the second
is the most any feature code could let the environment keep of the rules' speed. Figures are
printed, never asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from dicehall.core import CHANCE, sample
from dicehall.rl import make_game
from dicehall.rl.pettingzoo import env

LOOPS = ("rules", "aec without features", "aec")
Loop = Callable[[int, random.Random], int]


def rules_loop(game_id: str) -> Loop:
    game = make_game(game_id)

    def play(_: int, rng: random.Random) -> int:
        state, moves = game.initial_state(), 0
        while not game.is_terminal(state):
            actors = game.actors(state)
            if actors == (CHANCE,):
                state = game.apply(state, CHANCE, sample(game, state, rng))
            else:
                legal = game.legal_actions(state, actors[0])
                state = game.apply(state, actors[0], legal[rng.randrange(len(legal))])
                moves += 1
        return moves

    return play


def aec_loop(game_id: str, features: bool, aec: Any = None) -> Loop:
    """The AEC loop on `aec` (default: a new environment of the game); without `features`,
    every observation is one constant array."""
    aec = aec if aec is not None else env(game_id)
    if not features:
        constant = np.zeros(aec.observer.size, np.float32)
        aec.observer.vector = lambda state, seat: constant

    def play(seed: int, rng: random.Random) -> int:
        aec.reset(seed=seed)
        moves = 0
        for _ in aec.agent_iter():
            obs, _, term, trunc, _ = aec.last()
            if term or trunc:
                aec.step(None)
            else:
                ids = obs["action_mask"].nonzero()[0]
                aec.step(int(ids[rng.randrange(len(ids))]))
                moves += 1
        return moves

    return play


def per_action(play: Loop, seconds: float, seed: int) -> float:
    """CPU microseconds per player action over whole games for at least `seconds`."""
    rng, played, moves = random.Random(seed), 0, 0
    play(seed, rng)  # warm the caches
    start = time.process_time()
    while played == 0 or time.process_time() - start < seconds:
        moves += play(seed + 1 + played, rng)
        played += 1
    return 1e6 * (time.process_time() - start) / max(moves, 1)


def measure(game_id: str, seconds: float = 2.0, runs: int = 3) -> dict[str, float]:
    """The median microseconds per player action of each loop, runs interleaved."""
    plays = (rules_loop(game_id), aec_loop(game_id, False), aec_loop(game_id, True))
    loops = dict(zip(LOOPS, plays, strict=True))
    times: dict[str, list[float]] = {name: [] for name in LOOPS}
    for run in range(runs):
        for name, play in loops.items():
            times[name].append(per_action(play, seconds, 1000 * run))
    return {name: statistics.median(found) for name, found in times.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", default=["puru", "purrramid", "paradice", "jelly"])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    print("| game | rules | AEC without features | AEC | share without features | share |")
    print("|---|---:|---:|---:|---:|---:|")
    for game_id in args.games:
        found = measure(game_id, args.seconds, args.runs)
        rules, bare, full = (found[name] for name in LOOPS)
        print(f"| {game_id} | {rules:.2f} µs | {bare:.2f} µs | {full:.2f} µs "
              f"| {rules / bare:.0%} | {rules / full:.0%} |")  # fmt: skip


if __name__ == "__main__":
    main()
