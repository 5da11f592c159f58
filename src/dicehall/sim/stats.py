"""Small statistics for simulation summaries: Wilson intervals, mean, median, value summaries."""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 and n successes.
    With no trials nothing is known: (0, 1).
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be in 0..{trials}, got {successes}")
    if trials == 0:
        return 0.0, 1.0
    n = trials
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # at 0 and n successes the bound is exactly 0 (or 1); keep rounding error out
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == n else min(1.0, centre + half)
    return lo, hi


def mean(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None


def median(values: Sequence[float]) -> float | None:
    return float(statistics.median(values)) if values else None


MAX_COUNTED = 12  # integers with at most this many distinct values are also counted


def _is_number(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool)


def _counts(values: Sequence[Any]) -> dict[str, int]:
    counted = Counter(
        "missing" if v is None else v if isinstance(v, str) else json.dumps(v) for v in values
    )
    return dict(sorted(counted.items(), key=lambda kv: (-kv[1], kv[0])))


def describe(values: Sequence[Any]) -> dict[str, Any]:
    """Summary of one view value over many games (`--stat KEY`).

    Numbers: mean, median, min, max (and counts when few distinct integers); lists are
    pooled item by item, with the mean at each position for lists of numbers; anything
    else (text, booleans, None, objects) is counted.
    """
    if values and all(isinstance(v, list) for v in values):
        items = [x for v in values for x in v]
        pooled = describe(items)
        pooled["items_per_game"] = len(items) / len(values)
        if items and all(_is_number(x) for x in items):
            width = max(len(v) for v in values)
            pooled["by_position"] = [
                mean([v[i] for v in values if len(v) > i]) for i in range(width)
            ]
        return pooled
    if values and all(_is_number(v) for v in values):
        out: dict[str, Any] = {
            "mean": mean(values),
            "median": median(values),
            "min": min(values),
            "max": max(values),
        }
        if all(isinstance(v, int) for v in values) and len(set(values)) <= MAX_COUNTED:
            out["counts"] = _counts(values)
        return out
    return {"counts": _counts(values)}
