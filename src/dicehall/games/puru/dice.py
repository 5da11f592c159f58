"""Puru Puru dice: faces, multisets of faces and their exact probabilities, built once.

A multiset of dice is a tuple of counts `(heart, star, crying, angry)`. Every table here is
keyed by such tuples and computed once per die description (rules.md, *What you need*: 2 Heart,
2 Star, 1 Crying, 1 Angry by default), so the rules never enumerate dice on the hot path.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from functools import lru_cache
from itertools import product

from dicehall.core.errors import ParamError

Counts = tuple[int, int, int, int]
MAX_DICE = 6
DEFAULT_DIE = "HHSSCA"


class Face(IntEnum):
    """A die face; Crying and Angry have the same effect but are different faces
    (rules.md, *Resolving: the majority face*)."""

    HEART = 0
    STAR = 1
    CRYING = 2
    ANGRY = 3

    @property
    def label(self) -> str:
        return self.name.lower()


FACE_LABELS = tuple(f.label for f in Face)  # by face value: quicker than the enum's property
FACE_LETTERS = {"H": Face.HEART, "S": Face.STAR, "C": Face.CRYING, "A": Face.ANGRY}
NO_MAJORITY = -1


def counts_text(counts: Counts) -> str:
    """'2 heart, 1 angry' (faces in die order, zero counts left out)."""
    parts = [f"{n} {label}" for label, n in zip(FACE_LABELS, counts, strict=True) if n]
    return ", ".join(parts) or "no dice"


def faces_of(counts: Counts) -> tuple[Face, ...]:
    """The sorted faces of a multiset."""
    return tuple(Face(f) for f, n in enumerate(counts) for _ in range(n))


def counts_of(faces: tuple[Face, ...]) -> Counts:
    return (
        faces.count(Face.HEART),
        faces.count(Face.STAR),
        faces.count(Face.CRYING),
        faces.count(Face.ANGRY),
    )


def multisets(n: int) -> tuple[Counts, ...]:
    """Every multiset of `n` dice, in lexicographic order of counts."""
    return tuple(_counts(c) for c in product(range(n + 1), repeat=4) if sum(c) == n)


def sub_multisets(counts: Counts) -> tuple[Counts, ...]:
    """Every non-empty sub-multiset of `counts` (the dice one may reroll)."""
    ranges = (range(n + 1) for n in counts)
    return tuple(_counts(c) for c in product(*ranges) if any(c))


def _counts(c: tuple[int, ...]) -> Counts:
    return (c[0], c[1], c[2], c[3])


@dataclass(frozen=True, slots=True)
class Pattern:
    """What a final multiset shows: its majority face and the patterns of the
    Full-game powers (rules.md, *Resolving: the majority face*, *Full game*)."""

    majority: int
    majority_count: int
    all_same: bool
    three_three: bool
    all_four: bool


@lru_cache(maxsize=1024)
def pattern(counts: Counts) -> Pattern:
    """The majority face is one whose count is strictly greater than every other count."""
    top = max(counts)
    face = counts.index(top)
    unique = counts.count(top) == 1 and top > 0
    n = sum(counts)
    return Pattern(
        majority=face if unique else NO_MAJORITY,
        majority_count=top if unique else 0,
        all_same=n == MAX_DICE and top == MAX_DICE,
        three_three=n == MAX_DICE and sorted(counts)[-2:] == [3, 3],
        all_four=all(counts),
    )


MAX_SIDES = 20
"""The largest die a description may name (a d20); the tables grow with the side count."""


def parse_die(text: str) -> tuple[int, int, int, int]:
    """Face weights from a die description such as 'HHSSCA' (one letter per side)."""
    letters = text.strip().upper()
    if len(letters) > MAX_SIDES:
        raise ParamError(f"puru: a die has at most {MAX_SIDES} sides, got {len(letters)} letters")
    if not letters or any(ch not in FACE_LETTERS for ch in letters):
        raise ParamError(f"puru: die must be letters H, S, C, A (one per side), got {text!r}")
    weights = [0, 0, 0, 0]
    for ch in letters:
        weights[FACE_LETTERS[ch]] += 1
    return (weights[0], weights[1], weights[2], weights[3])


@dataclass(frozen=True, slots=True)
class DiceTables:
    """Exact roll distributions for 0..6 dice of one die, as `(counts, Fraction)` pairs."""

    weights: tuple[int, int, int, int]
    rolls: tuple[tuple[tuple[Counts, Fraction], ...], ...]


def _probability(counts: Counts, weights: tuple[int, int, int, int]) -> Fraction:
    """Multinomial: n! / prod(c!) * prod((w/sides)^c)."""
    n = sum(counts)
    sides = sum(weights)
    ways = math.factorial(n)
    for c in counts:
        ways //= math.factorial(c)
    num = ways * math.prod(w**c for w, c in zip(weights, counts, strict=True))
    return Fraction(num, sides**n)


@lru_cache(maxsize=8)
def tables(weights: tuple[int, int, int, int]) -> DiceTables:
    rolls = []
    for n in range(MAX_DICE + 1):
        pairs = [(c, _probability(c, weights)) for c in multisets(n)]
        rolls.append(tuple((c, p) for c, p in pairs if p > 0))
    return DiceTables(weights, tuple(rolls))


def _kept_after_rerolls() -> dict[tuple[Counts, Counts], Counts]:
    """(dice shown, dice rerolled) -> dice kept, for every non-empty part of every roll."""
    return {
        (dice, part): (dice[0] - part[0], dice[1] - part[1], dice[2] - part[2], dice[3] - part[3])
        for n in range(MAX_DICE + 1)
        for dice in multisets(n)
        for part in sub_multisets(dice)
    }


def _dice_after_rolls() -> dict[tuple[Counts, Counts], Counts]:
    """(dice kept, dice rolled) -> dice shown, for every roll of at most 6 dice in all."""
    return {
        (kept, rolled): (kept[0] + rolled[0], kept[1] + rolled[1], kept[2] + rolled[2],
                         kept[3] + rolled[3])
        for n in range(MAX_DICE + 1)
        for kept in multisets(n)
        for m in range(MAX_DICE + 1 - n)
        for rolled in multisets(m)
    }  # fmt: skip


KEPT = _kept_after_rerolls()
"""(dice shown, dice rerolled) -> dice kept (about 2,800 entries)."""
ADDED = _dice_after_rolls()
"""(dice kept, dice rolled) -> dice shown (about 3,000 entries)."""
