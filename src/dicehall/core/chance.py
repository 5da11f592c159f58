"""Exact chance: distributions with `Fraction` probabilities and the one place that samples.

Rules never draw random numbers. A game returns its outcomes with exact probabilities from
`chance_outcomes`; `sample` picks one with an integer draw, so sampling is exact too.
Games that want speed return a cached `Distribution`, whose cumulative integer weights are
computed once.
"""

from __future__ import annotations

import bisect
import functools
import math
import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import accumulate
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dicehall.core.game import Game


class Distribution(tuple):  # type: ignore[type-arg]
    """A tuple of `(outcome, Fraction)` pairs with its integer sampling table built once."""

    outcomes: tuple[Any, ...]
    _cumulative: list[int]
    _total: int

    def __new__(cls, pairs: Iterable[tuple[Any, Fraction]]) -> Distribution:
        items = tuple((o, Fraction(p)) for o, p in pairs)
        if not items:
            raise ValueError("a distribution needs at least one outcome")
        if sum(p for _, p in items) != 1:
            raise ValueError("probabilities must sum to exactly 1")
        if any(p <= 0 for _, p in items):
            raise ValueError("every listed outcome must have a positive probability")
        self = super().__new__(cls, items)
        denominator = math.lcm(*(p.denominator for _, p in items))
        weights = [p.numerator * (denominator // p.denominator) for _, p in items]
        self.outcomes = tuple(o for o, _ in items)
        self._cumulative = list(accumulate(weights))
        self._total = denominator
        return self

    @classmethod
    def from_weights(cls, pairs: Iterable[tuple[Any, int]]) -> Distribution:
        """Outcomes with positive integer weights (probability weight / total).

        Exact like `Distribution(...)`, but without summing Fractions: a fast path for chance
        nodes with many outcomes.
        """
        columns = tuple(zip(*pairs, strict=True))
        if not columns:
            raise ValueError("a distribution needs outcomes with positive weights")
        return cls.from_columns(columns[0], columns[1])

    @classmethod
    def from_columns(cls, outcomes: Sequence[Any], weights: Sequence[int]) -> Distribution:
        """`from_weights` given the outcomes and their weights as two sequences."""
        if not outcomes or len(outcomes) != len(weights) or min(weights) <= 0:
            raise ValueError("a distribution needs outcomes with positive weights")
        cumulative = list(accumulate(weights))
        total = cumulative[-1]
        share = {w: _fraction(w, total) for w in set(weights)}
        self = super().__new__(cls, zip(outcomes, map(share.__getitem__, weights), strict=True))
        self.outcomes = tuple(outcomes)
        self._cumulative = cumulative
        self._total = total
        return self

    def sample(self, rng: random.Random) -> Any:
        """One outcome drawn exactly with the listed probabilities (`draw_below`: a seed gives
        the same outcomes and leaves the generator in the same state)."""
        return self.outcomes[bisect.bisect_right(self._cumulative, draw_below(rng, self._total))]

    @property
    def total(self) -> int:
        """The sum of the integer weights: `sample` draws an integer below it."""
        return self._total

    def by_draw(self) -> tuple[Any, ...]:
        """Entry i is the outcome `sample` returns when `draw_below` draws i: each outcome as
        many times as its integer weight, in order (`total` entries; rules that keep this table
        pick an outcome by index instead of by bisection)."""
        out: list[Any] = []
        before = 0
        for outcome, upto in zip(self.outcomes, self._cumulative, strict=True):
            out += [outcome] * (upto - before)
            before = upto
        return tuple(out)

    def floats(self) -> list[float]:
        """`[float(p) for _, p in self]` from the integer weights: a weight over the total is
        the same rational as its Fraction, and int / int rounds correctly, so these are the
        same floats (the RL interfaces' chance lists)."""
        total, before = self._total, 0
        out = []
        for upto in self._cumulative:
            out.append((upto - before) / total)
            before = upto
        return out

    def probability(self, outcome: Any) -> Fraction:
        for o, p in self:
            if o == outcome:
                return p  # type: ignore[no-any-return]
        return Fraction(0)


_PLAIN_RANDOM = random.Random


@functools.lru_cache(maxsize=4096)
def _fraction(numerator: int, denominator: int) -> Fraction:
    return Fraction(numerator, denominator)


def uniform(outcomes: Sequence[Any]) -> Distribution:
    """Every outcome equally likely."""
    p = Fraction(1, len(outcomes))
    return Distribution((o, p) for o in outcomes)


def draw_below(rng: random.Random, total: int) -> int:
    """`rng.randrange(total)` without its Python layers for a plain `random.Random`: the same
    `getrandbits(total.bit_length())` draws, retried while too large."""
    if type(rng) is _PLAIN_RANDOM:
        getrandbits = rng.getrandbits
        bits = total.bit_length()
        draw = getrandbits(bits)
        while draw >= total:
            draw = getrandbits(bits)
        return draw
    return rng.randrange(total)


def sample(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    """The only place where dicehall draws a chance outcome for a state."""
    quick = getattr(game, "sample_chance", None)
    if quick is not None:  # the same draw without building the distribution
        return quick(state, rng)
    outcomes = game.chance_outcomes(state)
    if not isinstance(outcomes, Distribution):
        outcomes = Distribution(outcomes)
    return outcomes.sample(rng)
