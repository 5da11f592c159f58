"""Per die: the roll distributions and the dice each roll shows (rules.md, *A turn*).

Built once per die description (an LRU of 8) and shared by the games that use it. The
distributions' own `Roll` objects stay alive with the tables, so the rules find a sampled
outcome by its identity, without hashing; any equal `Roll` (a record read back) is found by
value. `draws` lets `PuruGame.sample_chance` pick the outcome `Distribution.sample` would pick
for the same integer drawn, by index instead of by bisection.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from dicehall.core.chance import Distribution
from dicehall.games.puru.actions import Roll
from dicehall.games.puru.dice import ADDED, Counts, faces_of, tables


class RollTables(NamedTuple):
    rolls: tuple[Distribution, ...]
    """The roll of n dice, by n (0 to 6)."""
    counts: dict[Roll, Counts]
    """Each outcome's face counts, by value."""
    shown: dict[int, dict[Counts, Counts]]
    """By the identity of a distribution's outcome: dice kept -> dice shown after it."""
    draws: tuple[tuple[Roll, ...] | None, ...]
    """By n: the roll's draw table (`Distribution.by_draw`); None when it would be longer
    than `MAX_DRAWS` (a die of many sides: the distribution samples)."""


MAX_DRAWS = 6**6
"""The longest draw table (6 dice of 6 sides: 46,656 entries, about 0.4 MB per die)."""


@lru_cache(maxsize=8)
def roll_tables(weights: tuple[int, int, int, int]) -> RollTables:
    rolls, counts, shown = [], {}, {}
    by_rolled: dict[Counts, dict[Counts, Counts]] = {}
    for (kept, rolled), dice in ADDED.items():
        by_rolled.setdefault(rolled, {})[kept] = dice
    for pairs in tables(weights).rolls:
        outcomes = [(Roll(faces_of(c)), p) for c, p in pairs]
        rolls.append(Distribution(outcomes))
        for (outcome, _), (c, _) in zip(outcomes, pairs, strict=True):
            counts[outcome] = c
            shown[id(outcome)] = by_rolled[c]
    return RollTables(tuple(rolls), counts, shown, tuple(map(_draws, rolls)))


def _draws(roll: Distribution) -> tuple[Roll, ...] | None:
    return roll.by_draw() if roll.total <= MAX_DRAWS else None
