"""The Dispensing Machine: 5 columns of dice, bottom first; legal picks and gravity.

A machine is a tuple of 5 column tuples of die codes (colour*10 + value), index 0 the bottom.
Taking dice closes the gap (gravity); returned dice go on top of a column.
"""

from __future__ import annotations

from functools import lru_cache

from dicehall.core.tuples import replace_at
from dicehall.games.paradice.spec import BLACK, COLUMNS

Machine = tuple[tuple[int, ...], ...]


def row_of(machine: Machine, row: int) -> tuple[int, ...]:
    """The dice at height `row` of each column (0 where the column is shorter)."""
    return tuple(col[row] if len(col) > row else 0 for col in machine)


def _match(a: int, b: int, *, no_black: bool) -> tuple[bool, bool]:
    """(same colour, same number) of two present dice; black never matches under the Duck."""
    if not a or not b or (no_black and (a // 10 == BLACK or b // 10 == BLACK)):
        return False, False
    return a // 10 == b // 10, a % 10 == b % 10


def may_stack(bottom: int, above: int, *, no_black: bool) -> bool:
    """Whether `above` may join a column pick that starts at `bottom` (a bottom-row die): a
    black die only when the pick's bottom die is black too, since a pick may hold black dice
    only when one of them is in the bottom row (rules.md, *Picks* and *Black dice*)."""
    if above // 10 != BLACK:
        return True
    return not no_black and bottom // 10 == BLACK


def _edges(row: tuple[int, ...], wrap: bool) -> list[tuple[int, int]]:
    pairs = [(c, c + 1) for c in range(COLUMNS - 1)]
    if wrap:
        pairs.append((COLUMNS - 1, 0))  # the bottom row's ends are adjacent (*Picks*)
    return [(a, b) for a, b in pairs if row[a] and row[b]]


def _components(cols: list[int], edges: list[tuple[int, int]]) -> list[tuple[int, ...]]:
    parent = list(range(COLUMNS))  # union-find over the 5 columns, no recursion
    for a, b in edges:
        while parent[a] != a:
            a = parent[a]
        while parent[b] != b:
            b = parent[b]
        parent[a] = b
    groups: dict[int, list[int]] = {}
    for c in cols:
        root = c
        while parent[root] != root:
            root = parent[root]
        groups.setdefault(root, []).append(c)
    return [tuple(g) for g in groups.values() if len(g) > 1]  # cols ascend: groups are sorted


def row_groups(
    row: tuple[int, ...],
    above: tuple[int, ...],
    *,
    wrap: bool,
    no_black: bool,
    whole: bool = False,
) -> set[tuple[int, ...]]:
    """Maximal colour runs, maximal number runs and lone dice of one row (column tuples).

    A die is lone when it shares neither colour nor number with a row neighbour or the die
    above it (the rulebook's single-die pick); the whole-group rule follows from maximality.
    `whole`, the house rule `grouping=whole` ("If a grouping matches in both color and
    number, you must always choose the entire grouping", read as the whole connected group;
    rules.md *House rules*): the dice linked by colour or by number form one group.
    """
    edges = _edges(row, wrap)
    same_colour: list[tuple[int, int]] = []
    same_number: list[tuple[int, int]] = []
    touched: set[int] = set()
    for a, b in edges:
        colour, number = _match(row[a], row[b], no_black=no_black)
        if colour:
            same_colour.append((a, b))
        if number:
            same_number.append((a, b))
        if colour or number:
            touched.update((a, b))
    present = [c for c in range(COLUMNS) if row[c]]
    if no_black:
        present = [c for c in present if row[c] // 10 != BLACK]
    if whole:
        out = set(_components(present, same_colour + same_number))
    else:
        out = set(_components(present, same_colour)) | set(_components(present, same_number))
    for c in present:
        stacks = bool(above[c]) and may_stack(row[c], above[c], no_black=no_black)
        if c not in touched and not (stacks and any(_match(row[c], above[c], no_black=no_black))):
            out.add((c,))
    return out


def _run(column: tuple[int, ...], start: int, by_colour: bool, no_black: bool) -> int:
    first = column[start]
    n = 0
    for d in column[start:]:
        if not may_stack(first, d, no_black=no_black):
            break  # a black die above a non-black run ends the run below it
        if (d // 10 != first // 10) if by_colour else (d % 10 != first % 10):
            break
        n += 1
    return n


def column_runs(
    column: tuple[int, ...], start: int, *, no_black: bool, whole: bool = False
) -> set[int]:
    """Lengths (2+) of the maximal colour run and number run going up from `start`; `whole`
    (house rule `grouping=whole`): of the one run of dice each sharing colour or number with
    the die below it."""
    if start >= len(column):
        return set()
    if whole:
        first = prev = column[start]
        n = 1
        for d in column[start + 1 :]:
            if not any(_match(prev, d, no_black=no_black)):
                break
            if not may_stack(first, d, no_black=no_black):
                break
            n, prev = n + 1, d
        return {n} if n >= 2 else set()
    runs = {_run(column, start, by_colour, no_black) for by_colour in (True, False)}
    return {n for n in runs if n >= 2}


@lru_cache(maxsize=512)
def _sorted_row_groups(
    row: tuple[int, ...], above: tuple[int, ...], wrap: bool, no_black: bool, whole: bool
) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(row_groups(row, above, wrap=wrap, no_black=no_black, whole=whole)))


@lru_cache(maxsize=4096)
def _run_lengths(
    column: tuple[int, ...], start: int, no_black: bool, whole: bool
) -> tuple[int, ...]:
    return tuple(sorted(column_runs(column, start, no_black=no_black, whole=whole)))


def basic_picks(
    machine: Machine, whole: bool = False
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]]:
    """Bottom-row groups (wrap-around) and vertical runs `(col, count)` from the bottom."""
    rows = _sorted_row_groups(row_of(machine, 0), row_of(machine, 1), True, False, whole)
    cols = tuple((c, n) for c in range(COLUMNS) for n in _run_lengths(machine[c], 0, False, whole))
    return rows, cols


def duck_picks(
    machine: Machine, whole: bool = False
) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], tuple[tuple[int, int, int], ...]]:
    """Duck picks: any row treated as the bottom row, ends not connected, no black dice."""
    rows: list[tuple[int, tuple[int, ...]]] = []
    cols: list[tuple[int, int, int]] = []
    height = max(len(col) for col in machine)
    for r in range(height):
        found = _sorted_row_groups(row_of(machine, r), row_of(machine, r + 1), False, True, whole)
        rows += [(r, g) for g in found]
        for c in range(COLUMNS):
            cols += [(c, r, n) for n in _run_lengths(machine[c], r, True, whole)]
    return tuple(rows), tuple(cols)


def take_row(machine: Machine, row: int, cols: tuple[int, ...]) -> tuple[Machine, list[int]]:
    """Remove the dice at height `row` of `cols`; the dice above fall (gravity)."""
    taken = [machine[c][row] for c in cols]
    new = tuple(col[:row] + col[row + 1 :] if c in cols else col for c, col in enumerate(machine))
    return new, taken


def take_column(machine: Machine, col: int, row: int, count: int) -> tuple[Machine, list[int]]:
    column = machine[col]
    taken = list(column[row : row + count])
    new = column[:row] + column[row + count :]
    return replace_at(machine, col, new), taken


def drop(machine: Machine, col: int, code: int) -> Machine:
    """A returned die lands on top of column `col`."""
    return replace_at(machine, col, (*machine[col], code))


def emptiest(machine: Machine) -> tuple[int, ...]:
    """The columns with the fewest dice (returned dice fill these first)."""
    heights = tuple(map(len, machine))
    low = min(heights)
    h0, h1, h2, h3, h4 = heights
    return _COLUMN_SETS[(h0 == low) | (h1 == low) << 1 | (h2 == low) << 2 | (h3 == low) << 3
                        | (h4 == low) << 4]  # fmt: skip


_COLUMN_SETS = tuple(tuple(c for c in range(COLUMNS) if bits >> c & 1) for bits in range(32))
"""[bit c set for column c]: those columns, in order."""


def replace(machine: Machine, col: int, row: int, code: int) -> Machine:
    column = machine[col]
    return replace_at(machine, col, replace_at(column, row, code))
