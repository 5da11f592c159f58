"""Where the PettingZoo AEC environment's time goes: the rules, the loop, the observation.

`python scripts/adapter_floor.py [GAME ...] [--seconds S] [--runs R]` times, in CPU
microseconds per player action and interleaved run by run (medians printed), three loops of
uniformly random games run by `dicehall bench --adapters`'s worker: the rules alone
(`engine`), the AEC loop with every observation replaced by one constant array
(`aec_constant`: what the environment costs with free features) and the full AEC loop
(`aec`). The first over the second is the most any feature code could let the environment
keep of the rules' speed. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import statistics

from dicehall.sim.bench_adapters import run_worker
from dicehall.sim.compare import source_root

LOOPS = {"rules": "engine", "aec without features": "aec_constant", "aec": "aec"}
"""Each loop's name and the worker kind that plays it."""


def measure(game_id: str, seconds: float = 2.0, runs: int = 3) -> dict[str, float]:
    """The median microseconds per player action of each loop, runs interleaved."""
    src = source_root()
    times: dict[str, list[float]] = {name: [] for name in LOOPS}
    for run in range(runs):
        for name, kind in LOOPS.items():
            rate = run_worker(src, kind, game_id, {}, seconds, 1000 * run)
            times[name].append(1e6 / rate if rate > 0 else float("inf"))
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
        rules, bare, full = measure(game_id, args.seconds, args.runs).values()
        print(f"| {game_id} | {rules:.2f} µs | {bare:.2f} µs | {full:.2f} µs "
              f"| {rules / bare:.0%} | {rules / full:.0%} |")  # fmt: skip


if __name__ == "__main__":
    main()
