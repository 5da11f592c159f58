"""Simulated real time: reaction times from speed profiles, timers at their deadlines."""

from __future__ import annotations

import random

import pytest
from tests.games.jelly.helpers import game

from dicehall.bots import RandomBot
from dicehall.bots.speed import PROFILES, SpeedProfile, profile
from dicehall.core import ENGINE, DicehallError
from dicehall.engine import Record, verify
from dicehall.engine.realtime import simulate_realtime
from dicehall.games.jelly.bots.greedy import GreedyBot

G = game(4)


def greedy(seed: int, speeds: dict[int, str] | None = None):  # type: ignore[no-untyped-def]
    return simulate_realtime(G, seed, {s: GreedyBot(G, s) for s in range(4)}, speeds)


def test_the_same_seed_and_speeds_give_the_same_simulated_game() -> None:
    speeds = {0: "fast", 1: "slow", 2: "human", 3: "fast"}
    first, second = greedy(7, speeds), greedy(7, speeds)
    assert [e.to_json() for e in first.log] == [e.to_json() for e in second.log]
    assert first.clock is not None and second.clock is not None
    assert first.clock.now() == second.clock.now() > 0


def test_other_speeds_give_another_game() -> None:
    a = greedy(7, {0: "fast"})
    b = greedy(7, {0: "slow"})
    assert [e.to_json() for e in a.log] != [e.to_json() for e in b.log]


def test_a_simulated_game_is_an_ordinary_record_that_replays() -> None:
    match = greedy(3)
    assert match.is_over
    times = [e.t for e in match.log]
    assert all(t is not None for t in times) and times == sorted(times)  # type: ignore[type-var]
    assert verify(Record.of(match)) == match.result()


def test_time_up_fires_exactly_ten_seconds_after_a_flip() -> None:
    for seed in range(30):
        match = greedy(seed, {0: "fast", 1: "slow", 2: "slow", 3: "slow"})
        log = [(e.seat, e.action["type"], e.t) for e in match.log]
        flips = [t for _, kind, t in log if kind == "FlipTimer"]
        ups = [t for seat, kind, t in log if seat == ENGINE]
        if ups:
            assert all(any(abs(u - (f + 10.0)) < 1e-6 for f in flips) for u in ups)  # type: ignore[operator]
            return
    pytest.fail("no simulated round ended by the sand timer")


def test_fast_profiles_finish_rounds_sooner() -> None:
    fast = greedy(5, dict.fromkeys(range(4), "fast"))
    slow = greedy(5, dict.fromkeys(range(4), "slow"))
    assert fast.clock is not None and slow.clock is not None
    assert fast.clock.now() < slow.clock.now()


def test_speed_profiles_sample_from_the_callers_rng_only() -> None:
    human = profile(None)
    assert human is PROFILES["human"]
    draws = [human.sample(random.Random(1), "quick") for _ in range(3)]
    assert draws[0] == draws[1] == draws[2] >= human.minimum
    samples = [human.sample(random.Random(i)) for i in range(2000)]
    assert abs(sum(samples) / len(samples) - human.decide) < 0.1
    assert profile(SpeedProfile("x", 1, 2)).name == "x"
    with pytest.raises(KeyError, match="known: human, fast, slow"):
        profile("lightning")


def test_every_seat_needs_a_bot() -> None:
    with pytest.raises(DicehallError, match="missing"):
        simulate_realtime(G, 1, {0: RandomBot(G, 0)})
