"""Is memory flat? Resident memory after 1,000 and after 10,000 random games of each game.

`python -m dicehall.sim.memory [GAME ...] [--games N] [--check M]` plays uniformly random
games (the `dicehall bench` loop) in a fresh process per game and prints the resident set size
(RSS) after `M` games and after `N`, and their ratio. Every cache the rules keep is bounded,
so the ratio should stay near 1. Beside it, the ratio of the interpreter's allocated blocks
(`sys.getallocatedblocks`: live objects and buffers, whatever the allocator keeps): a leak
grows both, an allocator that keeps freed memory only the first. Figures are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import resource
import subprocess
import sys
from typing import Any

from dicehall import games
from dicehall.sim.bench import random_playout


def rss_bytes() -> int:
    """Resident memory of this process now (Linux /proc), else its peak (getrusage)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


def measure(game_id: str, params: dict[str, Any], checkpoints: list[int], seed: int = 0) -> dict[
    int, tuple[int, int]
]:  # fmt: skip
    """(RSS bytes, allocated blocks) after each checkpoint (games played), in this process."""
    game = games.make(game_id, **params)
    rng = random.Random(seed)
    out: dict[int, tuple[int, int]] = {}
    played = 0
    for target in sorted(checkpoints):
        while played < target:
            random_playout(game, rng)
            played += 1
        gc.collect()
        out[target] = (rss_bytes(), sys.getallocatedblocks())
    return out


def _child(game_id: str, checkpoints: list[int]) -> dict[int, tuple[int, int]]:
    params = {"mode": "tick"} if games.spec(game_id).real_time else {}
    code = (
        "import json, sys; from dicehall.sim.memory import measure; "
        "a = json.loads(sys.argv[1]); print(json.dumps(measure(a[0], a[1], a[2])))"
    )
    args = json.dumps([game_id, params, checkpoints])
    done = subprocess.run(
        [sys.executable, "-c", code, args], capture_output=True, text=True, check=True
    )
    found = json.loads(done.stdout.strip().splitlines()[-1]).items()
    return {int(k): (rss, blocks) for k, (rss, blocks) in found}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--games", dest="total", type=int, default=10_000)
    parser.add_argument("--check", type=int, default=1_000)
    args = parser.parse_args(argv)
    print(
        f"{'game':10} {'RSS after ' + str(args.check):>18} {'after ' + str(args.total):>14} ratio"
        "  blocks ratio"
    )
    for game_id in args.games or games.available():
        found = _child(game_id, [args.check, args.total])
        (early, early_blocks), (late, late_blocks) = found[args.check], found[args.total]
        print(
            f"{game_id:10} {early / 2**20:15.1f} MiB {late / 2**20:10.1f} MiB "
            f"{late / early:5.3f} {late_blocks / early_blocks:13.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
