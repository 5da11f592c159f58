"""`core.chance.Distribution`'s draw table (`by_draw`), shared by rules that sample by index."""

from __future__ import annotations

import bisect
from fractions import Fraction

from dicehall.core.chance import Distribution


def test_by_draw_is_what_sample_picks_for_each_integer() -> None:
    """Entry i is the outcome `sample` returns when it draws i, for weights given as
    Fractions (the total is their common denominator) or as integers (their sum)."""
    for dist in (
        Distribution([("a", Fraction(1, 6)), ("b", Fraction(1, 2)), ("c", Fraction(1, 3))]),
        Distribution.from_weights([("a", 1), ("b", 2), ("c", 4)]),
    ):
        table = dist.by_draw()
        assert len(table) == dist.total
        for i, outcome in enumerate(table):
            assert outcome == dist.outcomes[bisect.bisect_right(dist._cumulative, i)]
