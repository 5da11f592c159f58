"""Puru Puru Solo solved exactly by dynamic programming (docs/rules/puru.md: *A turn*,
*Resolving: the majority face*, *The end*, *Solo*).

A position is (your Love, Excitement, Jelly, AutoPuray's Love, Excitement, Jelly). `W` is the
probability that you win at the start of your turn when you play optimally (a shared win, both
at 20 in one roll, counts `shared`: 1 by default, the expert's objective; both dripped to 0 in
one roll is nobody's win), `Q` the same at the start of AutoPuray's turn. Every die moves one
coordinate one step towards an end, so each roll raises the progress
`a + b + d + e + (20 - c) + (20 - f)` by at least 3: positions are solved in batches of three
progress levels, from the end of the game backwards, each batch vectorised with numpy.

Your turn is solved exactly: the 6-dice roll, then resolve or a free reroll of any dice, then
resolve or a paid reroll (1 Jelly first; paying your last Jelly loses at once), then resolve;
six of a kind lets you keep or give the dice. For a chosen set of kept dice the expectation of
the roll that completes it is built one die at a time, and the best reroll of a roll is the best
over its sub-multisets, built one die at a time too.

Tables are float32 over a padded grid (coordinates may overshoot 20 or 0 by a roll's worth, so
a move is one index offset): about 1.7 GB per table, some minutes of CPU. Errors are ~1e-6.
`load_or_solve` keeps what the expert reads, AutoPuray's-turn values over the running
positions (256 MB), in the disk cache (`core.tables`) and memory-maps it from there.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from dicehall.core.tables import tables
from dicehall.games.puru.dice import DEFAULT_DIE, MAX_DICE, Counts, multisets, parse_die, pattern
from dicehall.games.puru.spec import SPEC

SOLVER_VERSION = 2  # raise when the solver's results change: it names the cached tables
TRACK, JELLY = 20, 20
LOW, HIGH = 7, 7  # padding: Jelly down to -7, tracks up to 26 (a roll's worth past the end)
DIE = (
    DEFAULT_DIE  # the die solved for (puru.md, *What you need*): 2 Heart, 2 Star, 1 Crying, 1 Angry
)
FACE_P = tuple(Fraction(w, len(DIE)) for w in parse_die(DIE))
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
    """Coordinate changes of your resolved roll: one, or (keep, give) for six of a kind
    (puru.md, *Resolving: the majority face*)."""
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
    """AutoPuray's roll (puru.md, *Solo*): Heart and Star feed its tracks, Crying and Angry
    drip you."""
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


@lru_cache(maxsize=1)
def kept_sets() -> tuple[tuple[Counts, ...], dict[Counts, int]]:
    """Every multiset of 0..6 dice and its position in that list."""
    every = tuple(m for n in range(MAX_DICE + 1) for m in multisets(n))
    return every, {m: i for i, m in enumerate(every)}


def _plus(k: Counts, face: int, by: int = 1) -> Counts:
    return (k[0] + (face == 0) * by, k[1] + (face == 1) * by, k[2] + (face == 2) * by,
            k[3] + (face == 3) * by)  # fmt: skip


@lru_cache(maxsize=1)
def _plan() -> tuple[list[tuple[int, list[int]]], list[tuple[int, list[int]]], list[int], Any]:
    """Row plans over `kept_sets()`: completing one die (largest kept sets first), the sub-sets
    one die smaller (smallest first), the 6-dice rows and their probabilities."""
    every, pos = kept_sets()
    expect = [(pos[k], [pos[_plus(k, f)] for f in range(4)])
              for k in reversed(every) if sum(k) < MAX_DICE]  # fmt: skip
    smaller = [(pos[k], [pos[_plus(k, f, -1)] for f in range(4) if k[f]]) for k in every]
    sixes = [pos[m] for m in multisets(MAX_DICE)]
    probs = [float(probability(m)) for m in multisets(MAX_DICE)]
    return expect, smaller, sixes, probs


def turn_values(np: Any, resolve: Any, paid: Any) -> tuple[Any, Any, Any]:
    """Your turn's value from the value of resolving each 6-dice roll, now and after paying.

    `resolve`, `paid`: arrays (every multiset, positions) holding values in the 6-dice rows;
    both are overwritten (work space).
    Returns (turn value per position, expectation of each kept set before the free reroll's
    roll, the same before the paid reroll's roll), the last two in the rows of 0..5 dice.
    """
    _, _, sixes, probs = _plan()
    after_paid = _expect(np, paid)
    first = resolve.copy()
    _best_reroll(np, after_paid, first)
    after_free = _expect(np, first)
    _best_reroll(np, after_free, resolve)  # now the value of the first roll's choice
    return np.asarray(probs, dtype=resolve.dtype) @ resolve[sixes], after_free, after_paid


def _expect(np: Any, out: Any) -> Any:
    """E[value of kept set + the roll completing it to 6 dice], one die at a time (in place:
    the 6-dice rows of `out` are read, the other rows written)."""
    tmp = np.empty_like(out[0])
    for i, (h, s, c, a) in _plan()[0]:
        row = out[i]
        np.add(out[h], out[s], out=row)  # Heart and Star: 2 sides each, Crying, Angry: 1
        np.add(out[c], out[a], out=tmp)
        row *= 2
        row += tmp
        row /= 6
    return out


def _best_reroll(np: Any, kept: Any, target: Any) -> None:
    """Raise each 6-dice row of `target` to the best kept proper sub-multiset's value."""
    _, smaller, sixes, _ = _plan()
    best = np.empty_like(kept)
    six = set(sixes)
    for i, subs in smaller:
        row = target[i] if i in six else best[i]
        if i not in six:
            row[...] = kept[i]
        for j in subs:
            np.maximum(row, best[j], out=row)


@dataclass
class Solution:
    """The solved tables of one opponent (`auto_dice` 3: AutoPuray, 4: SuperAutoPuray).

    `auto_turn`: Q over the running positions of the grid, shape `(20 - lo,) * 6`, indexed by
    (a, b, c - 1, d, e, f - 1) less `lo` on the tracks (a view of the padded table, or a
    memory map of the cached one). `win`: W over the padded grid, only after `solve`.
    `shared`: what a shared win was worth in the solve."""

    auto_dice: int
    grid: Grid
    auto_turn: Any
    win: Any = None
    shared: float = 1.0

    def start(self) -> float:
        """Your probability of winning from the opening position (you roll first)."""
        return self.value(0, 0, JELLY, 0, 0, JELLY)

    def value(self, a: int, b: int, c: int, d: int, e: int, f: int) -> float:
        """W at a position: your win probability at the start of your turn."""
        if self.win is not None:
            return float(self.win[self.grid.index(a, b, c, d, e, f)])
        return turn_tables(self, (a, b, c, d, e, f))[3]

    def auto_value(self, a: int, b: int, c: int, d: int, e: int, f: int) -> float:
        """Q at a position (tracks may overshoot 20, Jellies 0): at the start of AutoPuray's
        turn, or the end value of a finished game."""
        lo = self.grid.lo
        if min(a, b, d, e) < lo or max(c, f) > JELLY - lo:
            raise ValueError(f"{(a, b, c, d, e, f)} is outside the solved grid (lo={lo})")
        if max(a, b, d, e) >= TRACK or min(c, f) <= 0:
            return float(end_value(a, b, c, d, e, f, self.shared))
        return float(self.auto_turn[a - lo, b - lo, c - 1, d - lo, e - lo, f - 1])


def turn_tables(sol: Solution, pos: Delta) -> tuple[Any, Any, Any, float]:
    """Your turn at `pos`, as arrays with a row of shape (1,) per multiset of `kept_sets()`:
    (the value of resolving each 6-dice roll, in the 6-dice rows; each kept set's expectation
    before the free reroll's roll; the same before the paid reroll's roll; the turn's value W)."""
    return roller_turn(sol.auto_value, pos)


def roller_turn(after: Callable[..., float], pos: Delta) -> tuple[Any, Any, Any, float]:
    """`turn_tables` for any game whose roller's resolved roll, reaching position p, is worth
    `after(*p)` to the roller (Solo: AutoPuray's turn follows; the duel: the other's turn)."""
    import numpy as np

    every, where = kept_sets()
    resolve = np.zeros((len(every), 1), dtype=np.float32)
    paid = np.zeros_like(resolve)
    for m in multisets(MAX_DICE):
        moves = player_effects(m)
        resolve[where[m], 0] = max(after(*moved(pos, x)) for x in moves)
        if pos[2] > 1:  # paying your last Jelly loses at once (puru.md, *A turn*)
            paid_pos = moved(pos, (0, 0, -1, 0, 0, 0))
            paid[where[m], 0] = max(after(*moved(paid_pos, x)) for x in moves)
    now = resolve.copy()
    value, after_free, after_paid = turn_values(np, resolve, paid)  # (overwrites its inputs)
    return now, after_free, after_paid, float(value[0])


def moved(pos: Delta, delta: Delta) -> Delta:
    """`pos` moved by `delta`, coordinate by coordinate."""
    a, b, c, d, e, f = (p + x for p, x in zip(pos, delta, strict=True))
    return (a, b, c, d, e, f)


def end_value(a: Any, b: Any, c: Any, d: Any, e: Any, f: Any, shared: float = 1.0) -> Any:
    """Your score of a finished game: 1 won, `shared` for a shared win, 0 not won (scalars or
    arrays; tracks are capped at 20 and Jellies at 0 first) (puru.md, *The end* and *Solo*)."""
    import numpy as np

    a, b, d, e = (np.minimum(x, TRACK) for x in (a, b, d, e))
    you_top = (a == TRACK) | (b == TRACK)
    auto_top = (d == TRACK) | (e == TRACK)
    paradice = np.where(you_top, np.where(auto_top, shared, 1.0), 0.0)
    return np.where(you_top | auto_top, paradice, drip_out_value(np, c, f))


def drip_out_value(np: Any, c: Any, f: Any) -> Any:
    """Your score when nobody reached 20: a player at 0 Jelly loses, so you win only when
    AutoPuray dripped out and you did not; both out in one roll is nobody's win (*The end*)."""
    return np.where(c <= 0, 0.0, np.where(f <= 0, 1.0, 0.0))


def terminal_values(np: Any, grid: Grid, shared: float = 1.0) -> Any:
    """Your end score (`end_value`) over the flat padded grid.

    Running positions get values too; the solver overwrites them.
    """
    t = np.arange(grid.dims[0]) + grid.lo
    j = np.arange(grid.dims[2]) - LOW
    a, b, c, d, e, f = np.ix_(t, t, j, t, t, j)
    return end_value(a, b, c, d, e, f, shared).astype(np.float32).reshape(-1)


def running_view(grid: Grid, padded: Any) -> Any:
    """The running positions of a flat padded table, as a (20 - lo,) * 6 view."""
    n = TRACK - grid.lo
    t, j = slice(0, n), slice(LOW + 1, LOW + 1 + n)
    return padded.reshape(grid.dims)[t, t, j, t, t, j]


def _batches(np: Any, grid: Grid, batch: int) -> Any:
    """Padded indices of every running position, by progress level, the latest level first.

    Yields per level a list of batches (indices, your Jelly at each, mirrored indices). Heart
    and Star have two sides each, so swapping Love with Excitement (yours and AutoPuray's at
    once) keeps every value: only positions with a < b, or a = b and d <= e, are listed, and
    their mirror images take the same values."""
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
        x = np.unravel_index(group, sizes)
        keep = (x[0] < x[1]) | ((x[0] == x[1]) & (x[3] <= x[4]))
        x = tuple(v[keep] for v in x)
        mirror = (x[1], x[0], x[2], x[4], x[3], x[5])
        shifts = (0, 0, LOW + 1, 0, 0, LOW + 1)
        padded, mirrored = (
            sum((v + shift) * s for v, shift, s in zip(xs, shifts, grid.strides, strict=True))
            for xs in (x, mirror)
        )
        jelly = x[2] + 1
        yield [
            (padded[i : i + batch], jelly[i : i + batch], mirrored[i : i + batch])
            for i in range(0, len(padded), batch)
        ]


def solve(
    auto_dice: int = 3, lo: int = 0, batch: int = 20_000, threads: int = 0, shared: float = 1.0
) -> Solution:
    """Solve Puru Puru Solo against AutoPuray (3 dice) or SuperAutoPuray (4 dice).

    `lo > 0` solves only the late-game corner of `Grid(lo)` (see there). Batches of one
    progress level do not depend on each other and run on `threads` threads (numpy releases
    the GIL; 0: one per core). `shared`: what a shared win is worth to you (1: a win; 0.5
    values it as half a win, and is not cached)."""
    import numpy as np

    grid = Grid(lo)
    win = terminal_values(np, grid, shared)
    auto = win.copy()
    sweep = _Sweep(np, grid, auto_dice, win, auto)
    with ThreadPoolExecutor(threads or os.cpu_count() or 1) as pool:
        for group in _batches(np, grid, batch):
            list(pool.map(sweep.solve, group))
    return Solution(auto_dice, grid, running_view(grid, auto), win, shared)


def cache_name(auto_dice: int, lo: int = 0) -> str:
    """The cached table's name: it changes with the solver, the opponent, the grid, the
    rules' spec version and the die."""
    return f"puru-solo-v{SOLVER_VERSION}-spec{SPEC.version}-{DIE}-auto{auto_dice}-lo{lo}"


def load_or_solve(auto_dice: int = 3, lo: int = 0, threads: int = 0) -> Solution:
    """The solution from the disk cache, else solved now and cached (then memory-mapped)."""
    table = tables().load_or_make(
        cache_name(auto_dice, lo),
        (TRACK - lo,) * 6,
        "float32",
        lambda: solve(auto_dice, lo, threads=threads).auto_turn,
    )
    return Solution(auto_dice, Grid(lo), table)


class _Sweep:
    """Solves one batch of positions whose successors are solved already."""

    def __init__(self, np: Any, grid: Grid, auto_dice: int, win: Any, auto: Any) -> None:
        self.np, self.win, self.auto = np, win, auto
        self.auto_moves = [
            (grid.offset(auto_effect(m)), np.float32(probability(m))) for m in multisets(auto_dice)
        ]
        self.moves = [
            (kept_sets()[1][m], [grid.offset(x) for x in player_effects(m)])
            for m in multisets(MAX_DICE)
        ]
        self.cost = grid.offset((0, 0, -1, 0, 0, 0))

    def solve(self, batch: tuple[Any, Any, Any]) -> None:
        np, win, auto = self.np, self.win, self.auto
        idx, jelly, mirrored = batch
        q = np.zeros(len(idx), dtype=np.float32)
        for off, p in self.auto_moves:
            q += p * win[idx + off]
        auto[idx] = q
        auto[mirrored] = q
        resolve = np.zeros((len(kept_sets()[0]), len(idx)), dtype=np.float32)
        paid = np.zeros_like(resolve)
        broke = jelly == 1  # paying the last Jelly ends the game, lost (puru.md, *A turn*)
        after_paying = idx + self.cost
        for row, offs in self.moves:
            resolve[row] = auto[idx + offs[0]]
            paid[row] = auto[after_paying + offs[0]]
            for o in offs[1:]:  # six of a kind: keep or give, whichever is better
                np.maximum(resolve[row], auto[idx + o], out=resolve[row])
                np.maximum(paid[row], auto[after_paying + o], out=paid[row])
            paid[row][broke] = 0.0
        win[idx] = win[mirrored] = turn_values(np, resolve, paid)[0]
