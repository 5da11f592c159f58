"""Side-by-side speed of this checkout and another git revision (`dicehall bench --compare`).

Both versions run the same timing loop (the one in `WORKER`, with each version's own rules,
`core.sample` and MCTS) in fresh processes, interleaved run by run and alternating which goes
first, and are timed in CPU seconds of the worker process, so that other load on a shared
machine moves both alike. The other revision is checked out into a temporary git worktree,
removed afterwards. Figures are reported, never asserted.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dicehall.core import DicehallError

WORKER = r"""
import json, random, sys, time
args = json.loads(sys.argv[1])
clock = time.process_time
time.perf_counter = clock  # MCTS timing in CPU seconds too
from dicehall import games
from dicehall.core import CHANCE, sample

game = games.make(args["game"], **args["params"])

def playout(rng):
    state = game.initial_state()
    n = 0
    while not game.is_terminal(state):
        actors = game.actors(state)
        if actors == (CHANCE,):
            seat, action = CHANCE, sample(game, state, rng)
        else:
            seat = min(actors)
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        state = game.apply(state, seat, action)
        n += 1
    return n

rng = random.Random(args["seed"])
playout(rng)  # warm caches
played = actions = 0
start = clock()
while played == 0 or clock() - start < args["seconds"]:
    actions += playout(rng)
    played += 1
out = {"games": played, "actions": actions, "seconds": clock() - start, "mcts": None}
import dicehall
out["where"] = dicehall.__file__
if args["mcts"]:
    from dicehall.bots.mcts import iterations_per_second
    try:
        iterations, elapsed = iterations_per_second(game, args["seconds"], args["seed"])
        out["mcts"] = iterations / elapsed if elapsed > 0 else None
    except Exception:
        pass
print(json.dumps(out))
"""


@dataclass
class Side:
    """Per-run figures of one version on one game."""

    actions_per_s: list[float] = field(default_factory=list)
    games_per_s: list[float] = field(default_factory=list)
    mcts_per_s: list[float] = field(default_factory=list)

    def median(self, name: str) -> float | None:
        values: list[float] = getattr(self, name)
        return statistics.median(values) if values else None


@dataclass
class Comparison:
    game: str
    params: dict[str, Any]
    base: Side = field(default_factory=Side)
    head: Side = field(default_factory=Side)

    def speedup(self, name: str = "actions_per_s") -> float | None:
        b, h = self.base.median(name), self.head.median(name)
        return h / b if b and h is not None else None


def source_root() -> Path:
    """The `src` folder of the dicehall being run (an editable checkout)."""
    return Path(__file__).resolve().parents[2]


@contextmanager
def checkout(rev: str, repo: Path) -> Iterator[Path]:
    """A temporary detached git worktree of `rev`; yields its `src` folder."""
    with tempfile.TemporaryDirectory(prefix="dicehall-compare-") as tmp:
        tree = Path(tmp) / "tree"
        added = subprocess.run(
            ["git", "-C", str(repo), "worktree", "add", "--detach", str(tree), rev],
            capture_output=True,
            text=True,
        )
        if added.returncode != 0:
            raise DicehallError(f"cannot check out {rev!r}: {added.stderr.strip()}")
        try:
            yield tree / "src"
        finally:
            subprocess.run(
                ["git", "-C", str(repo), "worktree", "remove", "--force", str(tree)],
                capture_output=True,
            )


def run_script(src: Path, script: str, args: dict[str, Any], what: str) -> dict[str, Any]:
    """Run `script` (given `args` as JSON) with the dicehall found in `src`; its last line."""
    done = subprocess.run(
        [sys.executable, "-c", script, json.dumps(args)],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"},
        cwd=src,
    )
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no output"]
        raise DicehallError(f"{what} at {src}: {tail[0]}")
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def run_worker(src: Path, game: str, params: dict[str, Any], seconds: float, seed: int,
               mcts: bool) -> dict[str, Any]:  # fmt: skip
    """One timed run of `game` with the dicehall found in `src`."""
    args = {"game": game, "params": params, "seconds": seconds, "seed": seed, "mcts": mcts}
    return run_script(src, WORKER, args, game)


def compare(
    rev: str,
    games: dict[str, dict[str, Any]],
    seconds: float = 1.0,
    runs: int = 5,
    seed: int = 0,
    mcts: bool = False,
    progress: Callable[[str], None] = lambda _: None,
    skip: Callable[[str, str], None] | None = None,
) -> list[Comparison]:
    """`runs` interleaved runs of every game (id -> params) at `rev` and in this checkout.

    With `skip`, a game that fails its first run in either version (one REV does not have, a
    plugin installed since) is left out and `skip(game, reason)` told; without, it raises."""
    if runs < 1 or seconds < 0:
        raise DicehallError("compare needs runs >= 1 and seconds >= 0")
    head = source_root()
    results = [Comparison(g, p) for g, p in games.items()]
    with checkout(rev, head.parent) as base:
        for r in range(runs):
            order = (
                ((base, "base"), (head, "head")) if r % 2 == 0 else ((head, "head"), (base, "base"))
            )
            for item in list(results):
                for src, name in order:
                    progress(f"run {r + 1}/{runs}: {item.game} ({name})")
                    try:
                        out = run_worker(src, item.game, item.params, seconds, seed + r, mcts)
                    except DicehallError as exc:
                        if skip is None or r > 0:
                            raise
                        skip(item.game, str(exc))
                        results.remove(item)
                        break
                    side: Side = getattr(item, name)
                    side.actions_per_s.append(out["actions"] / out["seconds"])
                    side.games_per_s.append(out["games"] / out["seconds"])
                    if out["mcts"] is not None:
                        side.mcts_per_s.append(out["mcts"])
    return results
