"""The machine's pick lists from tables made once: `machine.row_groups` and
`machine.column_runs` give the same answers one die at a time (rules.md, *Picks*).

Whether two dice of a row match (by colour, by number), whether a die may join a pick with
the die above it, and whether a column run goes on are looked up per pair of die codes; a
row's groups then depend only on which neighbours match how, which columns hold a die that
counts and which of those match the die above them: a 20-bit key, whose groups are worked out
once by the rule itself (`_groups`, an LRU over the keys met).
"""

from __future__ import annotations

from functools import lru_cache

from dicehall.games.paradice import machine as mc
from dicehall.games.paradice.spec import BLACK, COLUMNS

_CODES = range(BLACK * 10 + 7)  # die codes are colour*10 + value; 0 = no die
_EDGES = tuple((c, (c + 1) % COLUMNS) for c in range(COLUMNS))  # the last joins 4 and 0


def _relation(a: int, b: int, no_black: bool) -> int:
    colour, number = mc._match(a, b, no_black=no_black)
    return colour | number << 1


def _blocks_lone(bottom: int, above: int, no_black: bool) -> int:
    """1 when `bottom` shares colour or number with the die above it and may stack with it
    (then it is no single-die pick)."""
    if not above or not mc.may_stack(bottom, above, no_black=no_black):
        return 0
    return int(any(mc._match(bottom, above, no_black=no_black)))


def _counts(code: int, no_black: bool) -> int:
    return int(bool(code) and not (no_black and code // 10 == BLACK))


def _run_table(by_colour: bool, no_black: bool) -> tuple[tuple[bool, ...], ...]:
    """[first][die]: whether `die` continues a column run that starts at `first`."""
    out = []
    for first in _CODES:
        row = []
        for d in _CODES:
            same = d // 10 == first // 10 if by_colour else d % 10 == first % 10
            row.append(bool(d) and same and mc.may_stack(first, d, no_black=no_black))
        out.append(tuple(row))
    return tuple(out)


# per `no_black` (False: the basic picks; True: the Duck's), indexed by die codes
_REL = tuple(
    tuple(tuple(_relation(a, b, nb) for b in _CODES) for a in _CODES) for nb in (False, True)
)
_ABOVE = tuple(
    tuple(tuple(_blocks_lone(a, b, nb) for b in _CODES) for a in _CODES) for nb in (False, True)
)
_PRESENT = tuple(tuple(_counts(c, nb) for c in _CODES) for nb in (False, True))
_COLOUR_RUN = (_run_table(True, False), _run_table(True, True))
_NUMBER_RUN = (_run_table(False, False), _run_table(False, True))


def row_groups(
    row: tuple[int, ...], above: tuple[int, ...], wrap: bool, no_black: bool
) -> tuple[tuple[int, ...], ...]:
    """`sorted(machine.row_groups(row, above, wrap=wrap, no_black=no_black))` as a tuple."""
    rel, blocks, present = _REL[no_black], _ABOVE[no_black], _PRESENT[no_black]
    r0, r1, r2, r3, r4 = row
    key = rel[r0][r1] | rel[r1][r2] << 2 | rel[r2][r3] << 4 | rel[r3][r4] << 6
    if wrap:
        key |= rel[r4][r0] << 8
    key |= (present[r0] | present[r1] << 1 | present[r2] << 2 | present[r3] << 3
            | present[r4] << 4) << 10  # fmt: skip
    a0, a1, a2, a3, a4 = above
    key |= (blocks[r0][a0] | blocks[r1][a1] << 1 | blocks[r2][a2] << 2 | blocks[r3][a3] << 3
            | blocks[r4][a4] << 4) << 15  # fmt: skip
    return _groups(key)


@lru_cache(maxsize=4096)
def _groups(key: int) -> tuple[tuple[int, ...], ...]:
    """The groups of a row described by `key` (see `row_groups`), as `machine.row_groups`
    forms them: maximal colour runs, maximal number runs, lone dice."""
    present = [c for c in range(COLUMNS) if key >> (10 + c) & 1]
    same_colour: list[tuple[int, int]] = []
    same_number: list[tuple[int, int]] = []
    touched: set[int] = set()
    for i, (a, b) in enumerate(_EDGES):
        relation = key >> (2 * i) & 3
        if relation & 1:
            same_colour.append((a, b))
        if relation & 2:
            same_number.append((a, b))
        if relation:
            touched.update((a, b))
    out = set(mc._components(present, same_colour)) | set(mc._components(present, same_number))
    for c in present:
        if c not in touched and not key >> (15 + c) & 1:
            out.add((c,))
    return tuple(sorted(out))


def run_lengths(column: tuple[int, ...], start: int, no_black: bool) -> tuple[int, ...]:
    """`sorted(machine.column_runs(column, start, no_black=no_black))` as a tuple."""
    if start >= len(column):
        return ()
    first = column[start]
    colour, number = _COLOUR_RUN[no_black][first], _NUMBER_RUN[no_black][first]
    by_colour = by_number = 0
    for d in column[start:]:
        if not colour[d]:
            break
        by_colour += 1
    for d in column[start:]:
        if not number[d]:
            break
        by_number += 1
    if by_colour == by_number:
        return (by_colour,) if by_colour >= 2 else ()
    low, high = (by_colour, by_number) if by_colour < by_number else (by_number, by_colour)
    return (low, high) if low >= 2 else (high,) if high >= 2 else ()
