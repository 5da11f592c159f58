"""The shape of a Puru Puru turn for expectimax: the exact roll distributions as matrices.

A turn (docs/rules/puru.md, *A turn*) is a roll of n dice, then up to two rerolls of any part.
After a reroll only the kept dice matter, so every chance node is one of the kept multisets
(fewer than n dice) and every decision is one of the final multisets (n dice). `roll[k, d]` is
the chance that kept dice `k` become dice `d` when the rest are rolled; `subs[d]` lists the kept
sets a reroll of dice `d` can leave. With a value per final multiset, a whole turn is two matrix
products and two maximisations (`best_choices`), the same backbone as the exact tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from dicehall.games.puru.dice import Counts, multisets, tables

TIE = 1e-9  # prefer resolving when a reroll is no better than this


@dataclass(frozen=True)
class TurnShape:
    finals: tuple[Counts, ...]
    final_index: dict[Counts, int]
    kept: tuple[Counts, ...]
    kept_index: dict[Counts, int]
    roll: Any
    """(kept sets, finals): the chance of each final multiset after rolling the rest."""
    opening: Any
    """(finals,): the chance of each first roll of all n dice."""
    subs: Any
    """(finals, most subsets): the kept-set rows a reroll may leave, padded with row 0."""
    valid: Any
    """(finals, most subsets): which entries of `subs` are real."""


def _below(k: Counts, d: Counts) -> bool:
    return k != d and all(x <= y for x, y in zip(k, d, strict=True))


@lru_cache(maxsize=16)
def turn_shape(weights: tuple[int, int, int, int], n: int) -> TurnShape:
    """The turn of `n` dice of a die with these face weights."""
    import numpy as np

    rolls = tables(weights).rolls
    finals = multisets(n)
    final_index = {d: i for i, d in enumerate(finals)}
    kept = tuple(k for j in range(n) for k in multisets(j))
    kept_index = {k: i for i, k in enumerate(kept)}
    roll = np.zeros((len(kept), len(finals)))
    for row, k in enumerate(kept):
        for c, p in rolls[n - sum(k)]:
            roll[row, final_index[(k[0] + c[0], k[1] + c[1], k[2] + c[2], k[3] + c[3])]] += float(p)
    below = [[kept_index[k] for k in kept if _below(k, d)] for d in finals]
    width = max(len(b) for b in below)
    subs = np.zeros((len(finals), width), dtype=np.intp)
    valid = np.zeros((len(finals), width), dtype=bool)
    for i, rows in enumerate(below):
        subs[i, : len(rows)] = rows
        valid[i, : len(rows)] = True
    return TurnShape(
        finals, final_index, kept, kept_index, roll, roll[kept_index[(0, 0, 0, 0)]], subs, valid
    )


def best_choices(shape: TurnShape, resolve: Any, rerolls: Any, seat: int) -> Any:
    """Per final multiset, the value vector of the choice best for `seat` (the roller): resolve
    (`resolve`, finals x seats) or a reroll's expectation (`rerolls`, kept sets x seats).
    Ties go to resolving."""
    import numpy as np

    candidates = rerolls[shape.subs]  # finals x subsets x seats
    mine = np.where(shape.valid, candidates[..., seat], -np.inf)
    best = mine.argmax(axis=1)
    rows = np.arange(len(shape.finals))
    reroll = mine[rows, best] > resolve[:, seat] + TIE
    return np.where(reroll[:, None], candidates[rows, best], resolve)
