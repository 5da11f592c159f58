"""Player actions per CPU-second through the research adapters (`dicehall bench --adapters`).

For each game: the raw rules (`engine`: a loop over `Game` with one random source), the
PettingZoo AEC environment (`aec`), the Gymnasium environment against random bots (`gym`,
counting the agent's and the bots' actions) and the OpenSpiel game (`openspiel`). Every kind
plays whole games with uniformly random legal actions and counts player actions only (chance
outcomes excluded); PettingZoo's own `connect_four_v3` runs through the same AEC loop as a
yardstick. Each measurement runs in a fresh process (`WORKER`) timed in its CPU seconds, the
kinds interleaved run by run, so other load on the machine moves them alike; medians are
reported. With a revision to compare, the same worker runs that revision's code (a temporary
git worktree, as in `dicehall bench --compare`). Figures are reported, never asserted.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dicehall.core import DicehallError
from dicehall.sim.compare import checkout, run_script, source_root

KINDS = ("engine", "aec", "gym", "openspiel")
YARDSTICK = "connect_four_v3"

WORKER = r"""
import json, random, sys, time
args = json.loads(sys.argv[1])
clock = time.process_time
kind, game_id, params, seed = args["kind"], args["game"], args["params"], args["seed"]
rng = random.Random(seed)

def aec_loop(e, seed):
    e.reset(seed=seed)
    moves = 0
    for _ in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
        else:
            ids = obs["action_mask"].nonzero()[0]
            e.step(int(ids[rng.randrange(len(ids))]))
            moves += 1
    return moves

if kind == "connect_four_v3":
    from pettingzoo.classic import connect_four_v3
    yardstick = connect_four_v3.env()
    def play(seed):
        return aec_loop(yardstick, seed)
elif kind == "engine":
    from dicehall.core import CHANCE, sample
    from dicehall.rl import make_game
    game = make_game(game_id, **params)
    def play(seed):
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
elif kind in ("aec", "aec_constant"):
    from dicehall.rl.pettingzoo import env
    aec = env(game_id, **params)
    if kind == "aec_constant":  # every observation one constant array: the env's own cost
        import numpy as np
        constant = np.zeros(aec.observer.size, np.float32)
        aec.observer.vector = lambda state, seat: constant
    def play(seed):
        return aec_loop(aec, seed)
elif kind == "gym":
    from dicehall.rl.gym import DicehallEnv
    gym = DicehallEnv(game_id, opponents="random", **params)
    def play(seed):
        _, info = gym.reset(seed=seed)
        done = False
        while not done:
            ids = info["action_mask"].nonzero()[0]
            _, _, done, _, info = gym.step(int(ids[rng.randrange(len(ids))]))
        return len(gym.runner.moves)
elif kind == "openspiel":
    from dicehall.rl.openspiel import load
    spiel = load(game_id, **params)
    def play(seed):
        state, moves = spiel.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                ids = [o for o, _ in outcomes]
                state.apply_action(rng.choices(ids, [p for _, p in outcomes])[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                moves += 1
        return moves
else:
    raise SystemExit(f"unknown kind {kind}")

play(seed)  # warm caches
played = moves = 0
start = clock()
while played == 0 or clock() - start < args["seconds"]:
    moves += play(seed + 1 + played)
    played += 1
print(json.dumps({"moves": moves, "seconds": clock() - start}))
"""


@dataclass
class Rates:
    """Player actions per CPU-second of each run, by (version, game, kind)."""

    runs: dict[tuple[str, str, str], list[float]] = field(default_factory=dict)
    games: list[str] = field(default_factory=list)  # the games measured, in order

    def drop(self, game: str) -> None:
        """Forget a game's runs (one left out after some of its kinds ran)."""
        self.runs = {key: rates for key, rates in self.runs.items() if key[1] != game}

    def add(self, version: str, game: str, kind: str, rate: float) -> None:
        self.runs.setdefault((version, game, kind), []).append(rate)

    def median(self, version: str, game: str, kind: str) -> float | None:
        found = self.runs.get((version, game, kind))
        return statistics.median(found) if found else None


def run_worker(src: Path, kind: str, game: str, params: dict[str, Any], seconds: float,
               seed: int) -> float:  # fmt: skip
    """Player actions per CPU-second of one timed run with the dicehall found in `src`."""
    args = {"kind": kind, "game": game, "params": params, "seconds": seconds, "seed": seed}
    out = run_script(src, WORKER, args, f"{kind} {game}")
    return float(out["moves"]) / float(out["seconds"]) if out["seconds"] > 0 else 0.0


def has_yardstick() -> bool:
    """Whether PettingZoo's classic games (and their extra dependencies) are installed."""
    try:
        from pettingzoo.classic import connect_four_v3  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return False
    return True


def measure(
    games: dict[str, dict[str, Any]],
    seconds: float = 1.0,
    runs: int = 3,
    seed: int = 0,
    rev: str | None = None,
    progress: Callable[[str], None] = lambda _: None,
    skip: Callable[[str, str], None] | None = None,
) -> Rates:
    """`runs` interleaved runs of every kind on every game (id -> params), and of the yardstick;
    with `rev`, of that revision's code too (as version "base"; this checkout is "head").

    With `skip`, a game that fails its first run in either version (one REV does not have, a
    plugin installed since) is left out and `skip(game, reason)` told; without, it raises."""
    if runs < 1 or seconds < 0:
        raise DicehallError("bench --adapters needs runs >= 1 and seconds >= 0")
    head = source_root()
    rates = Rates()
    yardstick = has_yardstick()
    todo = dict(games)
    with checkout(rev, head.parent) if rev else nullcontext(None) as base:
        versions = [("head", head)] + ([("base", base)] if base is not None else [])
        for r in range(runs):
            order = versions if r % 2 == 0 else versions[::-1]
            if yardstick:
                progress(f"run {r + 1}/{runs}: {YARDSTICK}")
                rate = run_worker(head, YARDSTICK, "", {}, seconds, seed + r)
                rates.add("head", YARDSTICK, "aec", rate)
            for game, params in list(todo.items()):
                try:
                    for kind in KINDS:
                        for name, src in order:
                            progress(f"run {r + 1}/{runs}: {game} {kind} ({name})")
                            rate = run_worker(src, kind, game, params, seconds, seed + r)
                            rates.add(name, game, kind, rate)
                except DicehallError as exc:
                    if skip is None or r > 0:
                        raise
                    skip(game, str(exc))
                    del todo[game]
                    rates.drop(game)
    rates.games = list(todo)
    return rates


__all__ = ["KINDS", "YARDSTICK", "Rates", "has_yardstick", "measure", "run_worker"]
