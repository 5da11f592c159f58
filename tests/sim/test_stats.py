"""Wilson score intervals against hand-computed values, and their basic properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicehall.sim.stats import Z95, describe, mean, median, wilson


def test_wilson_five_of_ten_by_hand() -> None:
    # p = 0.5, n = 10, z^2 = 3.841459: centre (0.5 + 0.192073) / 1.384146 = 0.5,
    # half = 1.959964 / 1.384146 * sqrt(0.025 + 0.009604) = 1.416009 * 0.186021 = 0.263407
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.236593, abs=1e-6)
    assert hi == pytest.approx(0.763407, abs=1e-6)


def test_wilson_zero_of_ten_by_hand() -> None:
    # p = 0: centre = half, so hi = (z^2 / 10) / (1 + z^2 / 10) = 0.384146 / 1.384146 = 0.277533
    lo, hi = wilson(0, 10)
    assert lo == 0.0
    assert hi == pytest.approx(0.277533, abs=1e-6)


def test_wilson_edges_and_errors() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0
    with pytest.raises(ValueError):
        wilson(11, 10)
    with pytest.raises(ValueError):
        wilson(-1, 10)
    assert abs(Z95 - 1.959964) < 1e-6


@given(st.integers(1, 5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_contains_the_estimate_and_is_symmetric(kn: tuple[int, int]) -> None:
    k, n = kn
    lo, hi = wilson(k, n)
    assert 0.0 <= lo <= k / n <= hi <= 1.0
    mirror_lo, mirror_hi = wilson(n - k, n)
    assert math.isclose(lo, 1 - mirror_hi, abs_tol=1e-12)
    assert math.isclose(hi, 1 - mirror_lo, abs_tol=1e-12)


def test_wilson_narrows_with_more_trials() -> None:
    small = wilson(30, 100)
    large = wilson(300, 1000)
    assert large[1] - large[0] < small[1] - small[0]


def test_mean_and_median() -> None:
    assert mean([1, 2, 6]) == 3
    assert median([1, 2, 6, 7]) == 4.0
    assert mean([]) is None and median([]) is None


def test_describe_numbers_texts_and_lists() -> None:
    numbers = describe([1, 2, 2, 5])
    assert numbers["mean"] == 2.5 and numbers["median"] == 2.0
    assert (numbers["min"], numbers["max"]) == (1, 5)
    assert numbers["counts"] == {"2": 2, "1": 1, "5": 1}  # few distinct integers: counted too
    assert "counts" not in describe([0.5, 1.5])
    assert describe(["timer", "all", "timer", None]) == {
        "counts": {"timer": 2, "all": 1, "missing": 1}
    }
    pooled = describe([[1, 3], [3, 5]])
    assert pooled["mean"] == 3.0 and pooled["by_position"] == [2.0, 4.0]
    assert pooled["items_per_game"] == 2.0
    texts = describe([["timer", "all"], ["all"]])
    assert texts["counts"] == {"all": 2, "timer": 1} and texts["items_per_game"] == 1.5
