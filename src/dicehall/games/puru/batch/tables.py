"""Puru Puru's dice as packed ints, and every table the batched rules read.

A multiset of dice `(heart, star, crying, angry)` is packed into one int, 3 bits per face
(`h + 8 s + 64 c + 512 a`, below 4,096), so that adding kept and rolled dice is one addition
and every question about a roll is one table lookup. The tables are built from the rules
engine's own helpers (`dice.pattern`, `powers.distribute`), so they say what the rules say.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from dicehall.games.puru import powers
from dicehall.games.puru.actions import GIVE_AWAY, INDEX, KEEP, RESOLVE, Reroll
from dicehall.games.puru.dice import MAX_DICE, NO_MAJORITY, Counts, multisets, pattern

SHIFT = 3
PACKED = 1 << (4 * SHIFT)
"""Packed multisets are below 4,096."""
FACE_PACK = np.array([1 << (SHIFT * f) for f in range(4)], dtype=np.int64)
NOT_KEPT, KEPT_MAJORITY, GIVEN_AWAY = 0, 1, 2
"""How a roll resolves: no choice, the majority kept, the majority given away (*Resolving*)."""


def pack(counts: Counts) -> int:
    return int(sum(int(n) << (SHIFT * f) for f, n in enumerate(counts)))


def unpack(packed: int) -> Counts:
    mask = (1 << SHIFT) - 1
    return (packed & mask, packed >> 3 & mask, packed >> 6 & mask, packed >> 9 & mask)


class Tables(NamedTuple):
    dice: np.ndarray
    """Per packed multiset: how many dice."""
    all_same: np.ndarray
    """Per packed multiset: six of a kind (the roller keeps or gives, *Resolving*)."""
    majority: np.ndarray
    """Per packed multiset: the majority face, or -1."""
    roller_gain: np.ndarray
    """`[(love, excitement, drips), packed * 3 + how resolved]`: what the roller receives."""
    neighbour_gain: np.ndarray
    """The same for each neighbour (the whole majority, *Resolving*)."""
    reroll_pack: np.ndarray
    """Per action id: the packed dice a Reroll sends back (0 for the other actions)."""
    masks: np.ndarray
    """Legal actions by key: `packed * 2 + may reroll` when choosing, `KEEP_KEY` when keeping."""
    rolls: np.ndarray
    """`[dice rolled, draw]`: the packed faces that the first dice of a draw show, a draw
    being a uniform integer below `sides ** 6` read as six base-`sides` digits (one per die),
    so that every sequence of faces is equally likely: the exact multinomial of the rules."""


KEEP_KEY = 2 * PACKED


def build(weights: tuple[int, int, int, int]) -> Tables:
    dice = np.zeros(PACKED, dtype=np.int64)
    all_same = np.zeros(PACKED, dtype=bool)
    majority = np.full(PACKED, NO_MAJORITY, dtype=np.int64)
    roller = np.zeros((PACKED, 3, 3), dtype=np.int64)
    neighbour = np.zeros((PACKED, 3, 3), dtype=np.int64)
    masks = np.zeros((KEEP_KEY + 1, len(INDEX)), dtype=bool)
    reroll_pack = np.zeros(len(INDEX), dtype=np.int64)
    rerolls = [(i, pack(a.counts)) for i, a in enumerate(INDEX.actions) if isinstance(a, Reroll)]
    for i, packed in rerolls:
        reroll_pack[i] = packed
    resolve = INDEX.encode(RESOLVE)
    for n in range(MAX_DICE + 1):
        for counts in multisets(n):
            p = pack(counts)
            pat = pattern(counts)
            dice[p], all_same[p], majority[p] = n, pat.all_same, pat.majority
            for how, kept in ((NOT_KEPT, None), (KEPT_MAJORITY, True), (GIVEN_AWAY, False)):
                # seat 0 rolls among 3 seats: seat 1 is a neighbour (the gains do not depend
                # on the seats, only on who is the roller)
                res = powers.distribute(counts, 0, (1, 2), 3, kept, None)
                roller[p, how] = (res.love[0], res.excite[0], res.drips[0])
                neighbour[p, how] = (res.love[1], res.excite[1], res.drips[1])
            masks[2 * p, resolve] = masks[2 * p + 1, resolve] = True
            for i, r in rerolls:  # a non-empty part of the dice shown (*A turn*)
                masks[2 * p + 1, i] = all((r >> (SHIFT * f) & 7) <= counts[f] for f in range(4))
    masks[KEEP_KEY, INDEX.encode(KEEP)] = masks[KEEP_KEY, INDEX.encode(GIVE_AWAY)] = True
    how = roller.shape[1]
    return Tables(
        dice, all_same, majority, roller.reshape(PACKED * how, 3).T.copy(),
        neighbour.reshape(PACKED * how, 3).T.copy(), reroll_pack, masks, rolls(weights),
    )  # fmt: skip


MAX_SIDES = 10
"""The largest die of the batched form: its draw table has `sides ** 6` entries (a million)."""


def rolls(weights: tuple[int, int, int, int]) -> np.ndarray:
    """The draw table of `Tables.rolls` (a die of at most `MAX_SIDES` sides)."""
    sides = [f for f, w in enumerate(weights) for _ in range(w)]
    size = len(sides) ** MAX_DICE
    draws = np.arange(size)
    table = np.zeros((MAX_DICE + 1, size), dtype=np.int64)
    packs = FACE_PACK[np.array(sides)]
    for die in range(MAX_DICE):
        table[die + 1] = table[die] + packs[draws // len(sides) ** die % len(sides)]
    return table
