"""Puru Puru Solo solved exactly by dynamic programming (RULINGS §4, §6, §7, §9).

A position is (your Love, Excitement, Jelly, AutoPuray's Love, Excitement, Jelly). `W` is the
probability that you win (shared wins count) at the start of your turn when you play optimally,
`Q` the same at the start of AutoPuray's turn. Every die moves one coordinate one step towards
an end, so each roll raises the progress `a + b + d + e + (20 - c) + (20 - f)` by at least 3:
positions are solved in batches of three progress levels, from the end of the game backwards,
each batch vectorised with numpy.

Your turn is solved exactly: the 6-dice roll, then resolve or a free reroll of any dice, then
resolve or a paid reroll (1 Jelly first; paying your last Jelly loses at once), then resolve;
six of a kind lets you keep or give the dice. For a chosen set of kept dice the expectation of
the roll that completes it is built one die at a time, and the best reroll of a roll is the best
over its sub-multisets, built one die at a time too.

Tables are float32 over a padded grid (coordinates may overshoot 20 or 0 by a roll's worth, so
a move is one index offset): about 1.7 GB per table, some minutes of CPU. Errors are ~1e-6.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from dicehall.games.puru.dice import MAX_DICE, Counts, multisets, pattern

TRACK, JELLY = 20, 20
LOW, HIGH = 7, 7  # padding: Jelly down to -7, tracks up to 26 (a roll's worth past the end)
FACE_P = (Fraction(2, 6), Fraction(2, 6), Fraction(1, 6), Fraction(1, 6))
Delta = tuple[int, int, int, int, int, int]


@dataclass(frozen=True)
class Grid:
    """The padded grid of positions whose tracks are all >= `lo` and Jellies <= 20 - `lo`.

    Such positions only lead to such positions, so `lo > 0` solves a late-game corner exactly
    (tests use it); `lo = 0` is the whole game. Coordinates: a b c d e f = your Love,
    Excitement, Jelly, AutoPuray's Love, Excitement, Jelly.
    """

    lo: int = 0

    @property
    def dims(self) -> tuple[int, ...]:
        t, j = TRACK + HIGH + 1 - self.lo, JELLY - self.lo + LOW + 1
        return (t, t, j, t, t, j)

    @property
    def strides(self) -> tuple[int, ...]:
        out, step = [], 1
        for size in reversed(self.dims):
            out.append(step)
            step *= size
        return tuple(reversed(out))

    @property
    def size(self) -> int:
        return self.strides[0] * self.dims[0]

    def offset(self, delta: Delta) -> int:
        return sum(d * s for d, s in zip(delta, self.strides, strict=True))

    def index(self, a: int, b: int, c: int, d: int, e: int, f: int) -> int:
        lo = self.lo
        return self.offset((a - lo, b - lo, c + LOW, d - lo, e - lo, f + LOW))


def player_effects(dice: Counts) -> list[Delta]:
    """Coordinate changes of your resolved roll: one, or (keep, give) for six of a kind (§6)."""
    h, s, c, a = dice
    pat = pattern(dice)
    mine = [h, s, -(c + a)]
    theirs = [0, 0, 0]
    if pat.majority >= 0:
        face = pat.majority
        n = dice[face]
        slot = min(face, 2)  # heart -> Love, star -> Excitement, crying/angry -> Jelly
        mine[slot] += -n if slot < 2 else n
        theirs[slot] += n if slot < 2 else -n
    give = (mine[0], mine[1], mine[2], theirs[0], theirs[1], theirs[2])
    if pat.all_same:
        keep = (h, s, -(c + a), 0, 0, 0)
        return [keep, give]
    return [give]


def auto_effect(dice: Counts) -> Delta:
    """AutoPuray's roll (§9): Heart and Star feed its tracks, Crying and Angry drip you."""
    h, s, c, a = dice
    return (0, 0, -(c + a), h, s, 0)


def probability(dice: Counts) -> Fraction:
    from math import factorial

    ways = factorial(sum(dice))
    for n in dice:
        ways //= factorial(n)
    p = Fraction(ways)
    for n, q in zip(dice, FACE_P, strict=True):
        p *= q**n
    return p


@cache
def kept_sets() -> tuple[tuple[Counts, ...], dict[Counts, int]]:
    """Every multiset of 0..6 dice and its position in that list."""
    every = tuple(m for n in range(MAX_DICE + 1) for m in multisets(n))
    return every, {m: i for i, m in enumerate(every)}


def _plus(k: Counts, face: int, by: int = 1) -> Counts:
    return (k[0] + (face == 0) * by, k[1] + (face == 1) * by, k[2] + (face == 2) * by,
            k[3] + (face == 3) * by)  # fmt: skip


def turn_values(np: Any, resolve: Any, paid: Any) -> tuple[Any, Any, Any]:
    """Your turn's value from the value of resolving each 6-dice roll, now and after paying.

    `resolve`, `paid`: arrays (positions, every multiset) holding values at the 6-dice entries.
    Returns (turn value, expectation of each kept set before the free reroll's roll, the same
    before the paid reroll's roll), the last two over every multiset of 0..5 dice.
    """
    every, pos = kept_sets()
    w = [float(p) for p in FACE_P]
    after_paid = _expect(np, paid, every, pos, w)
    first = np.maximum(resolve, _best_sub(np, after_paid, every, pos))
    after_free = _expect(np, first, every, pos, w)
    start = np.maximum(resolve, _best_sub(np, after_free, every, pos))
    sixes = [pos[m] for m in multisets(MAX_DICE)]
    probs = np.array([float(probability(m)) for m in multisets(MAX_DICE)], dtype=resolve.dtype)
    return start[:, sixes] @ probs, after_free, after_paid


def _expect(np: Any, final: Any, every: tuple[Counts, ...], pos: dict[Counts, int], w: Any) -> Any:
    """E[value of kept set + the roll completing it to 6 dice], one die at a time."""
    out = np.array(final)
    for k in reversed(every):
        if sum(k) < MAX_DICE:
            i = pos[k]
            out[:, i] = sum(w[f] * out[:, pos[_plus(k, f)]] for f in range(4))
    return out


def _best_sub(np: Any, kept: Any, every: tuple[Counts, ...], pos: dict[Counts, int]) -> Any:
    """For each 6-dice roll: the best kept proper sub-multiset (its value in `kept`)."""
    best = np.full_like(kept, -1.0)
    for k in every:
        if sum(k) < MAX_DICE:
            col = kept[:, pos[k]]
            for f in range(4):
                if k[f]:
                    col = np.maximum(col, best[:, pos[_plus(k, f, -1)]])
            best[:, pos[k]] = col
    out = np.full_like(kept, -1.0)
    for k in multisets(MAX_DICE):
        col = out[:, pos[k]]
        for f in range(4):
            if k[f]:
                col = np.maximum(col, best[:, pos[_plus(k, f, -1)]])
        out[:, pos[k]] = col
    return out


@dataclass
class Solution:
    """The solved tables of one opponent (`auto_dice` 3: AutoPuray, 4: SuperAutoPuray)."""

    auto_dice: int
    grid: Grid
    win: Any  # W over the padded grid, float32
    auto_turn: Any  # Q over the padded grid, float32

    def start(self) -> float:
        """Your probability of winning from the opening position (you roll first)."""
        return self.value(0, 0, JELLY, 0, 0, JELLY)

    def value(self, a: int, b: int, c: int, d: int, e: int, f: int) -> float:
        """W at a position: your win probability at the start of your turn."""
        return float(self.win[self.grid.index(a, b, c, d, e, f)])


def terminal_values(np: Any, grid: Grid) -> Any:
    """1.0 where you have won, 0.0 where not, over the flat padded grid (RULINGS §7, §9).

    Running positions get values too; the solver overwrites them.
    """
    t = np.minimum(np.arange(grid.dims[0]) + grid.lo, TRACK)
    j = np.maximum(np.arange(grid.dims[2]) - LOW, 0)
    a, b, c, d, e, f = np.ix_(t, t, j, t, t, j)
    you_top = (a == TRACK) | (b == TRACK)
    auto_top = (d == TRACK) | (e == TRACK)
    you_out, auto_out = c == 0, f == 0
    paradice = you_top | auto_top
    # both out: the lower tracks compare, ties share the win
    both = np.minimum(a, b) >= np.minimum(d, e)
    drip = np.where(you_out, np.where(auto_out, both, False), auto_out)
    return np.where(paradice, you_top, drip).astype(np.float32).reshape(-1)


def _batches(np: Any, grid: Grid, batch: int) -> Any:
    """Padded indices of every running position, in batches of progress, the latest first.

    Yields (indices, your Jelly at each)."""
    n = TRACK - grid.lo
    r = np.arange(n)
    a, b, c, d, e, f = np.ix_(r, r, r + 1, r, r, r + 1)  # offsets from lo; Jelly 1..20-lo
    progress = (a + b + d + e + (JELLY - c) + (JELLY - f)).astype(np.int16).ravel()
    level = progress // 3
    order = np.argsort(-level, kind="stable")
    counts = np.bincount(level, minlength=level.max() + 1)[::-1]
    sizes = (n,) * 6
    start = 0
    for n in counts:
        group = order[start : start + n]
        start += n
        coords = np.unravel_index(group, sizes)
        shifts = (0, 0, LOW + 1, 0, 0, LOW + 1)
        padded = sum(
            (x + shift) * s for x, shift, s in zip(coords, shifts, grid.strides, strict=True)
        )
        for i in range(0, len(padded), batch):
            yield padded[i : i + batch], coords[2][i : i + batch] + 1


def solve(auto_dice: int = 3, lo: int = 0, batch: int = 50_000) -> Solution:
    """Solve Puru Puru Solo against AutoPuray (3 dice) or SuperAutoPuray (4 dice).

    `lo > 0` solves only the late-game corner of `Grid(lo)` (see there)."""
    import numpy as np

    grid = Grid(lo)
    value = terminal_values(np, grid)
    win = value.copy()
    auto = value.copy()
    del value
    every, pos = kept_sets()
    six = multisets(MAX_DICE)
    auto_moves = [
        (grid.offset(auto_effect(m)), float(probability(m))) for m in multisets(auto_dice)
    ]
    moves = [[grid.offset(x) for x in player_effects(m)] for m in six]
    cost = grid.offset((0, 0, -1, 0, 0, 0))
    for idx, jelly in _batches(np, grid, batch):
        q = np.zeros(len(idx), dtype=np.float32)
        for off, p in auto_moves:
            q += np.float32(p) * win[idx + off]
        auto[idx] = q
        resolve = np.zeros((len(idx), len(every)), dtype=np.float32)
        paid = np.zeros_like(resolve)
        broke = jelly == 1  # paying the last Jelly ends the game, lost (§4)
        for m, offs in zip(six, moves, strict=True):
            col = pos[m]
            resolve[:, col] = np.max([auto[idx + o] for o in offs], axis=0)
            paid[:, col] = np.where(
                broke, 0.0, np.max([auto[idx + cost + o] for o in offs], axis=0)
            )
        win[idx] = turn_values(np, resolve, paid)[0]
    return Solution(auto_dice, grid, win, auto)
