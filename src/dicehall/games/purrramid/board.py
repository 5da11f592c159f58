"""Board geometry and the precomputed tables the rules run on.

Coordinates are in half-tile units: a row's spaces sit side by side from the row's `offset`;
a "10" space is 4 units wide (two tiles), every other space 2. Rows are counted from the bottom
(row 0). A space rests on the spaces of the row below that it overlaps (brick bond), and
touches the spaces next to it in its row and those it overlaps above and below.

Everything is turned into bit masks once per board so that support and connection checks are
a few integer operations. The dice tables (every sorted roll of 1-5 dice, its probability and
its sub-multisets by sum) are shared by all boards.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from dicehall.core.chance import Distribution

WIDE_NUMBER = 10  # a "10" space is two tiles wide and takes 2 tiles
TALL_NUMBER = 12  # a "12" space takes 3 tiles stacked
MAX_DICE = 5

Dice = tuple[int, ...]


def space_cost(number: int) -> int:
    """Tiles a space takes: 2 on a "10", 3 on a "12", else 1."""
    if number == WIDE_NUMBER:
        return 2
    if number == TALL_NUMBER:
        return 3
    return 1


def space_width(number: int) -> int:
    """Width in half-tile units: a "10" is two tiles wide."""
    return 4 if number == WIDE_NUMBER else 2


@dataclass(frozen=True, slots=True)
class Space:
    """One numbered space: its id (bottom row first, left to right), row, left edge and width."""

    id: int
    row: int
    index: int  # position within its row, from 0 at the left
    x: int  # left edge in half-tile units
    width: int  # 2, or 4 for a "10"
    number: int
    cost: int  # tiles it takes


@dataclass(frozen=True, slots=True)
class Board:
    """A board side with adjacency and support as bit masks over space ids."""

    name: str
    spaces: tuple[Space, ...]
    rows: tuple[tuple[int, ...], ...]  # space ids per row, bottom first
    below: tuple[int, ...]  # mask of the spaces each space rests on (0 on the bottom row)
    adjacent: tuple[int, ...]  # mask of the spaces each space touches
    row_mask: tuple[int, ...]  # mask of each row
    all_mask: int
    bottom_two_mask: int  # the rows the 2-player setup covers
    eights_mask: int  # "8" spaces (wool tokens start on the uncovered ones)
    each_adjacent: bool = False
    """The house rule `connection=adjacent` (rules.md, *House rules*): a rule of the game,
    not of the board file, carried here so that every check of a Stop reads it."""

    def joined(self, mask: int) -> bool:
        """Whether this turn's spaces in `mask` meet the connection condition at Stop."""
        return connected(mask, self.adjacent, self.each_adjacent)

    @property
    def num_rows(self) -> int:
        return len(self.rows)

    @property
    def total_tiles(self) -> int:
        return sum(s.cost for s in self.spaces)


def build_board(name: str, rows: Sequence[tuple[int, Sequence[int]]]) -> Board:
    """A board from `(offset, numbers)` per row, bottom row first (geometry already checked)."""
    spaces: list[Space] = []
    row_ids: list[tuple[int, ...]] = []
    for r, (offset, numbers) in enumerate(rows):
        x, ids = offset, []
        for i, number in enumerate(numbers):
            space = Space(len(spaces), r, i, x, space_width(number), number, space_cost(number))
            spaces.append(space)
            ids.append(space.id)
            x += space.width
        row_ids.append(tuple(ids))
    below = tuple(_mask(t for t in spaces if t.row == s.row - 1 and _overlap(s, t)) for s in spaces)
    adjacent = tuple(_mask(t for t in spaces if _touch(s, t)) for s in spaces)
    row_mask = tuple(_mask(spaces[i] for i in ids) for ids in row_ids)
    return Board(
        name=name,
        spaces=tuple(spaces),
        rows=tuple(row_ids),
        below=below,
        adjacent=adjacent,
        row_mask=row_mask,
        all_mask=(1 << len(spaces)) - 1,
        bottom_two_mask=_mask(s for s in spaces if s.row < 2),
        eights_mask=_mask(s for s in spaces if s.number == 8),
    )


def _mask(spaces: Iterable[Space]) -> int:
    out = 0
    for s in spaces:
        out |= 1 << s.id
    return out


def _overlap(a: Space, b: Space) -> bool:
    return max(a.x, b.x) < min(a.x + a.width, b.x + b.width)


def _touch(a: Space, b: Space) -> bool:
    if a.id == b.id:
        return False
    if a.row == b.row:
        return a.x + a.width == b.x or b.x + b.width == a.x
    return abs(a.row - b.row) == 1 and _overlap(a, b)


def bits(mask: int) -> list[int]:
    """Space ids set in `mask`, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def is_connected(mask: int, adjacent: tuple[int, ...]) -> bool:
    """Whether the spaces in `mask` form one group through `adjacent`."""
    if not mask:
        return True
    seen = frontier = mask & -mask
    while frontier:
        low = frontier & -frontier
        frontier ^= low
        new = adjacent[low.bit_length() - 1] & mask & ~seen
        seen |= new
        frontier |= new
    return seen == mask


def is_each_adjacent(mask: int, adjacent: tuple[int, ...]) -> bool:
    """Whether every space in `mask` touches another space in `mask` (one space alone is
    fine: "If you placed dice on more than one space")."""
    if mask & (mask - 1) == 0:
        return True
    rest = mask
    while rest:
        low = rest & -rest
        if not adjacent[low.bit_length() - 1] & mask:
            return False
        rest ^= low
    return True


def connected(mask: int, adjacent: tuple[int, ...], each_adjacent: bool) -> bool:
    """The Stop's connection condition: "All spaces occupied by dice must be connected. If
    you placed dice on more than one space, all spaces with dice must be adjacent to each
    other." The default reads it as one connected group (`is_connected`); the house rule
    `connection=adjacent` as each space touching another (`is_each_adjacent`)."""
    if each_adjacent:
        return is_each_adjacent(mask, adjacent)
    return is_connected(mask, adjacent)


def is_supported(mask: int, filled: int, below: tuple[int, ...]) -> bool:
    """Whether every space in `mask` rests only on spaces in `filled` (tiles or dice)."""
    while mask:
        low = mask & -mask
        if below[low.bit_length() - 1] & ~filled:
            return False
        mask ^= low
    return True


def levels(mask: int, row_mask: tuple[int, ...]) -> int:
    """How many rows (levels) the spaces in `mask` cover."""
    return sum(1 for m in row_mask if m & mask)


# --- dice tables (the same for every board) -----------------------------------------------


@lru_cache(maxsize=8)
def multisets(size: int) -> tuple[Dice, ...]:
    """Every sorted multiset of `size` die faces, in lexicographic order."""
    return tuple(itertools.combinations_with_replacement(range(1, 7), size))


@lru_cache(maxsize=64)
def multisets_with_sum(total: int) -> tuple[Dice, ...]:
    """Sorted multisets of 1-5 dice adding up to `total`: fewer dice first, then lexicographic."""
    return tuple(m for k in range(1, MAX_DICE + 1) for m in multisets(k) if sum(m) == total)


@lru_cache(maxsize=8)
def roll_distribution(n: int) -> Distribution:
    """The chance node of rolling `n` dice: sorted multisets with exact probabilities."""
    denominator = 6**n
    return Distribution((m, Fraction(_arrangements(m), denominator)) for m in multisets(n))


def _arrangements(m: Dice) -> int:
    out = math.factorial(len(m))
    for face in set(m):
        out //= math.factorial(m.count(face))
    return out


@lru_cache(maxsize=1024)
def sub_multisets(roll: Dice) -> dict[int, tuple[Dice, ...]]:
    """Distinct non-empty sub-multisets of `roll`, grouped by sum, in `multisets_with_sum` order."""
    found: set[Dice] = set()
    for k in range(1, len(roll) + 1):
        found.update(itertools.combinations(roll, k))
    by_sum: dict[int, list[Dice]] = {}
    for m in sorted(found, key=lambda d: (len(d), d)):
        by_sum.setdefault(sum(m), []).append(m)
    return {total: tuple(ms) for total, ms in by_sum.items()}


@lru_cache(maxsize=1024)
def sub_multiset_positions(roll: Dice) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Per sum of a sub-multiset of `roll`: the positions of those multisets in
    `multisets_with_sum(sum)`, ascending (so place ids come out sorted)."""
    out = []
    for total, ms in sub_multisets(roll).items():
        order = multisets_with_sum(total)
        out.append((total, tuple(sorted(order.index(m) for m in ms))))
    return tuple(out)
