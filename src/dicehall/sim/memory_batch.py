"""Is the batch engines' memory flat? Resident memory after 1 million and after 10 million
batched player actions of each batched game.

`python -m dicehall.sim.memory_batch [GAME ...] [--batch B] [--actions N] [--check M]` steps
random legal actions through `dicehall.batch.make(GAME, batch=B)` in a fresh process per game
and prints the resident set size (RSS) after `M` actions and after `N`, and their ratio (the
issue's bound: within 10%). Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys

import numpy as np

from dicehall import batch
from dicehall.sim.memory import rss_bytes


def measure(game_id: str, size: int, checkpoints: list[int], seed: int = 0) -> dict[int, int]:
    """RSS bytes after each checkpoint (player actions stepped), in this process."""
    env = batch.make(game_id, batch=size)
    env.reset(seed)
    rng = np.random.default_rng(seed)
    out: dict[int, int] = {}
    for target in sorted(checkpoints):
        while env.actions_taken < target:
            env.step(env.random_actions(rng))
        gc.collect()
        out[target] = rss_bytes()
    return out


def _child(game_id: str, size: int, checkpoints: list[int]) -> dict[int, int]:
    code = (
        "import json, sys; from dicehall.sim.memory_batch import measure; "
        "a = json.loads(sys.argv[1]); print(json.dumps(measure(a[0], a[1], a[2])))"
    )
    args = json.dumps([game_id, size, checkpoints])
    done = subprocess.run(
        [sys.executable, "-c", code, args], capture_output=True, text=True, check=True
    )
    return {int(k): v for k, v in json.loads(done.stdout).items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", help="batched games (default: all)")
    parser.add_argument("--batch", type=int, default=4096, help="games stepped together")
    parser.add_argument("--actions", type=int, default=10_000_000, help="player actions in all")
    parser.add_argument("--check", type=int, default=1_000_000, help="the first measure")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    rows = {}
    for game_id in args.games or batch.available():
        found = _child(game_id, args.batch, [args.check, args.actions])
        first, last = found[args.check], found[args.actions]
        rows[game_id] = {"rss_first": first, "rss_last": last, "ratio": round(last / first, 3)}
        if not args.json:
            print(
                f"{game_id:10} B={args.batch:,}: RSS {first / 2**20:.1f} MiB after "
                f"{args.check:,} actions, {last / 2**20:.1f} MiB after {args.actions:,}: "
                f"x{last / first:.3f}"
            )
    if args.json:
        print(json.dumps({"batch": args.batch, "check": args.check, "actions": args.actions,
                          "games": rows}))  # fmt: skip


if __name__ == "__main__":
    main()
