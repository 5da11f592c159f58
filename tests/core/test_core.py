"""Core pieces: exact distributions, action codecs and ids, parameters, ranks."""

from __future__ import annotations

import bisect
import random
from collections import Counter
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from itertools import accumulate

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicehall.core import (
    ActionCodec,
    ActionIndex,
    Distribution,
    GameSpec,
    MalformedActionError,
    ParamError,
    ParamSpec,
    competition_ranks,
    resolve_params,
)


class Colour(Enum):
    RED = 1
    BLUE = 2


@dataclass(frozen=True, slots=True)
class Place:
    space: int
    dice: tuple[int, ...]
    colour: Colour
    wild: bool


@dataclass(frozen=True, slots=True)
class Stop:
    pass


def test_distribution_rejects_bad_probabilities() -> None:
    with pytest.raises(ValueError, match="sum to exactly 1"):
        Distribution([("a", Fraction(1, 2)), ("b", Fraction(1, 3))])
    with pytest.raises(ValueError, match="positive"):
        Distribution([("a", Fraction(1)), ("b", Fraction(0))])


def test_distribution_sampling_matches_probabilities() -> None:
    dist = Distribution([("a", Fraction(1, 6)), ("b", Fraction(1, 3)), ("c", Fraction(1, 2))])
    rng = random.Random(7)
    counts = Counter(dist.sample(rng) for _ in range(60_000))
    for outcome, p in dist:
        assert abs(counts[outcome] / 60_000 - float(p)) < 0.01
    assert dist.probability("b") == Fraction(1, 3)
    assert dist.probability("z") == 0


@given(st.lists(st.integers(1, 50), min_size=1, max_size=8), st.integers(0, 2**32))
def test_distribution_sample_is_a_listed_outcome(weights: list[int], seed: int) -> None:
    total = sum(weights)
    dist = Distribution((i, Fraction(w, total)) for i, w in enumerate(weights))
    assert 0 <= dist.sample(random.Random(seed)) < len(weights)


@given(st.lists(st.integers(1, 70), min_size=1, max_size=9), st.integers(0, 2**32))
def test_distribution_sample_draws_as_randrange_does(weights: list[int], seed: int) -> None:
    """Saved seeds replay: a sample is `randrange(total)` on the cumulative weights, leaving
    the generator where `randrange` leaves it (totals of 1 and powers of two included)."""
    dist = Distribution.from_weights(enumerate(weights))
    ours, theirs = random.Random(seed), random.Random(seed)
    cumulative = list(accumulate(weights))
    for _ in range(20):
        expected = bisect.bisect_right(cumulative, theirs.randrange(cumulative[-1]))
        assert dist.sample(ours) == expected
    assert ours.getstate() == theirs.getstate()


def test_codec_round_trip_and_errors() -> None:
    codec = ActionCodec(Place, Stop)
    action = Place(3, (1, 2), Colour.BLUE, False)
    data = codec.to_json(action)
    assert data == {"type": "Place", "space": 3, "dice": [1, 2], "colour": "BLUE", "wild": False}
    assert codec.from_json(data) == action
    assert codec.from_json({"type": "Stop"}) == Stop()
    bad = [
        [],
        {"type": "Jump"},
        {"type": "Place", "space": "3", "dice": [1], "colour": "RED", "wild": False},
        {"type": "Place", "space": 3, "dice": [1], "colour": "GREEN", "wild": False},
        {"type": "Place", "space": 3, "dice": [1], "colour": "RED", "wild": 1},
        {"type": "Place", "space": 3, "dice": [1], "colour": "RED"},
        {"type": "Stop", "extra": 1},
    ]
    for data in bad:
        with pytest.raises(MalformedActionError):
            codec.from_json(data)


def test_action_index() -> None:
    index = ActionIndex([Stop(), Place(1, (1,), Colour.RED, True)])
    assert index.encode(Stop()) == 0
    assert index.decode(1) == Place(1, (1,), Colour.RED, True)
    for bad in (-1, 2, True, "0"):
        with pytest.raises(MalformedActionError):
            index.decode(bad)  # type: ignore[arg-type]
    with pytest.raises(MalformedActionError):
        index.encode(Place(9, (), Colour.RED, True))


def test_params_resolve_and_reject() -> None:
    spec = GameSpec(
        "x",
        "X",
        2,
        4,
        (
            ParamSpec("players", int, 2, "", minimum=2, maximum=4),
            ParamSpec("side", str, "a", "", choices=("a", "b")),
            ParamSpec("full", bool, False, ""),
        ),
    )
    assert resolve_params(spec, {"players": "3", "full": "true"}) == {
        "players": 3,
        "side": "a",
        "full": True,
    }
    for bad in ({"players": 5}, {"side": "c"}, {"colour": 1}, {"players": "x"}, {"full": 3}):
        with pytest.raises(ParamError):
            resolve_params(spec, bad)


def test_competition_ranks() -> None:
    assert competition_ranks([5, 9, 5, 1]) == (2, 1, 2, 4)
    assert competition_ranks([5, 9], higher_is_better=False) == (1, 2)


def test_distribution_from_weights_is_the_exact_distribution() -> None:
    fast = Distribution.from_weights([("a", 1), ("b", 2), ("c", 3)])
    exact = Distribution([("a", Fraction(1, 6)), ("b", Fraction(1, 3)), ("c", Fraction(1, 2))])
    assert tuple(fast) == tuple(exact)
    rng_a, rng_b = random.Random(4), random.Random(4)
    assert [fast.sample(rng_a) for _ in range(50)] == [exact.sample(rng_b) for _ in range(50)]
    with pytest.raises(ValueError):
        Distribution.from_weights([("a", 0)])
