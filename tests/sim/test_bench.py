"""The random-playout benchmark loop (figures are reported, never asserted)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from dicehall import games
from dicehall.core import CHANCE, DicehallError, sample
from dicehall.sim.bench import BenchResult, BenchRun, bench, random_playout, timed_run


def _count_by_hand(seed: int) -> int:
    game = games.make("clitoy", players=3)
    rng = random.Random(seed)
    state, n = game.initial_state(), 0
    while not game.is_terminal(state):
        actors = game.actors(state)
        if actors == (CHANCE,):
            state = game.apply(state, CHANCE, sample(game, state, rng))
        else:
            legal = game.legal_actions(state, min(actors))
            state = game.apply(state, min(actors), legal[rng.randrange(len(legal))])
        n += 1
    return n


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_playout_counts_every_action_chance_included(seed: int) -> None:
    game = games.make("clitoy", players=3)
    assert random_playout(game, random.Random(seed)) == _count_by_hand(seed)


def _ticks(step: float) -> Iterator[float]:
    t = 0.0
    while True:
        yield t
        t += step


def test_timed_run_plays_whole_games_for_the_time_given() -> None:
    game = games.make("clitoy")
    clock = _ticks(0.25)
    run = timed_run(game, 1.0, seed=4, clock=lambda: next(clock))
    assert run.games == 4 and run.seconds == 1.0
    assert run.games_per_s == 4.0 and run.actions_per_s == run.actions


def test_bench_reports_medians() -> None:
    runs = (BenchRun(10, 100, 1.0), BenchRun(30, 300, 1.0), BenchRun(20, 100, 1.0))
    result = BenchResult("clitoy", {}, runs)
    assert result.games_per_s == 20.0 and result.actions_per_s == 100.0
    assert result.actions_per_game == pytest.approx(500 / 60)
    real = bench(games.make("clitoy"), seconds=0.0, runs=2)
    assert len(real.runs) == 2 and all(r.games == 1 for r in real.runs)
    with pytest.raises(DicehallError):
        bench(games.make("clitoy"), runs=0)
