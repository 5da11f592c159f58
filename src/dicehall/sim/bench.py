"""Random-playout throughput of a game's rules on one core (`dicehall bench`).

The loop is the one OpenSpiel's Python benchmarks time: at a chance node sample an outcome
with `core.chance.sample`, otherwise apply a uniformly random legal action of the lowest actor.
Every applied action counts, chance outcomes included. Figures are reported, never asserted.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dicehall.core import CHANCE, DicehallError, Game, sample


@dataclass(frozen=True, slots=True)
class BenchRun:
    games: int
    actions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0


@dataclass(frozen=True, slots=True)
class BenchResult:
    game: str
    params: dict[str, Any]
    runs: tuple[BenchRun, ...]
    mcts_per_s: float | None = None  # MCTS iterations per second, when measured

    @property
    def games_per_s(self) -> float:
        """Median over the runs."""
        return statistics.median(r.games_per_s for r in self.runs)

    @property
    def actions_per_s(self) -> float:
        """Median over the runs."""
        return statistics.median(r.actions_per_s for r in self.runs)

    @property
    def actions_per_game(self) -> float:
        games = sum(r.games for r in self.runs)
        return sum(r.actions for r in self.runs) / games if games else 0.0


def random_playout(game: Game[Any, Any], rng: random.Random, chance: bool = True) -> int:
    """Play one game with uniformly random choices; the number of actions applied (players'
    only where `chance` is False, as the batched engines count them)."""
    state = game.initial_state()
    actions = played = 0
    limit = game.max_game_length
    while not game.is_terminal(state):
        actors = game.actors(state)
        if actors == (CHANCE,):
            seat, action = CHANCE, sample(game, state, rng)
        else:
            seat = min(actors)
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
            played += 1
        state = game.apply(state, seat, action)
        actions += 1
        if actions > limit:
            raise DicehallError(f"{game.id}: playout longer than its maximum {limit}")
    return actions if chance else played


def timed_run(
    game: Game[Any, Any],
    seconds: float,
    seed: int,
    clock: Callable[[], float] = time.perf_counter,
) -> BenchRun:
    """Whole random playouts for at least `seconds` (and at least one game)."""
    rng = random.Random(seed)
    games = actions = 0
    start = clock()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        actions += random_playout(game, rng)
        games += 1
        elapsed = clock() - start
    return BenchRun(games, actions, elapsed)


def bench(game: Game[Any, Any], seconds: float = 1.0, runs: int = 5, seed: int = 0) -> BenchResult:
    """`runs` timed runs of `seconds` each (run r seeded with `seed + r`)."""
    if runs < 1 or seconds < 0:
        raise DicehallError("bench needs runs >= 1 and seconds >= 0")
    timed_run(game, 0.0, seed)  # warm caches (precomputed tables, distributions)
    return BenchResult(
        game.id, dict(game.params), tuple(timed_run(game, seconds, seed + r) for r in range(runs))
    )


def mcts_rate(game: Game[Any, Any], seconds: float = 1.0, seed: int = 0) -> float | None:
    """MCTS iterations per second on decisions of random games; None without a determiniser."""
    from dicehall.bots.mcts import iterations_per_second

    try:
        iterations, elapsed = iterations_per_second(game, seconds, seed)
    except DicehallError:
        return None
    return iterations / elapsed if elapsed > 0 else None
