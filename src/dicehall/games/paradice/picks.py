"""The machine's pick lists from tables made once: `machine.row_groups` and
`machine.column_runs` give the same answers one die at a time (rules.md, *Picks*).

Whether two dice of a row match (by colour, by number), whether a die may join a pick with
the die above it, and whether a column run goes on are looked up per pair of die codes. A
row's groups then depend only on which neighbours match by colour (5 bits), which by number
(5 bits) and which dice stand alone (5 bits, never one an edge touches): a row index, of
which 1,475 can occur, with 488 distinct groups among them. Both tables are made here once,
by the rule itself (`_form`), so nothing is added or evicted while games are played: an
evicting cache of rows or machines leaves memory behind that is not given back
(docs/performance.md, *Memory*).
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


def _split(relations: int) -> int:
    """10 bits of edge relations (colour | number << 1 per edge) as the colour edges, the
    number edges and the columns those edges touch (5 bits each)."""
    colour = number = touched = 0
    for i, (a, b) in enumerate(_EDGES):
        relation = relations >> (2 * i) & 3
        colour |= (relation & 1) << i
        number |= (relation >> 1) << i
        if relation:
            touched |= 1 << a | 1 << b
    return colour | number << 5 | touched << 10


_SPLIT = tuple(_split(relations) for relations in range(1 << 10))
ROW_INDICES = 1 << 15
"""Row indices are below this: colour edges | number edges << 5 | lone dice << 10."""


def row_groups(
    row: tuple[int, ...], above: tuple[int, ...], wrap: bool, no_black: bool, whole: bool = False
) -> tuple[tuple[int, ...], ...]:
    """`sorted(machine.row_groups(row, above, wrap=wrap, no_black=no_black, whole=whole))` as
    a tuple."""
    distinct, ids = tables(whole)
    return distinct[ids[row_index(row, above, wrap, no_black)]]


def row_index(row: tuple[int, ...], above: tuple[int, ...], wrap: bool, no_black: bool) -> int:
    """What a row's groups depend on (see `ROW_INDICES`); `IDS` numbers its groups."""
    rel, blocks, present = _REL[no_black], _ABOVE[no_black], _PRESENT[no_black]
    r0, r1, r2, r3, r4 = row
    edges = rel[r0][r1] | rel[r1][r2] << 2 | rel[r2][r3] << 4 | rel[r3][r4] << 6
    if wrap:
        edges |= rel[r4][r0] << 8
    split = _SPLIT[edges]
    a0, a1, a2, a3, a4 = above
    # a die is alone when it counts, no edge touches it and it does not join the die above
    alone = (present[r0] | present[r1] << 1 | present[r2] << 2 | present[r3] << 3
             | present[r4] << 4) & ~(split >> 10)  # fmt: skip
    alone &= ~(blocks[r0][a0] | blocks[r1][a1] << 1 | blocks[r2][a2] << 2 | blocks[r3][a3] << 3
               | blocks[r4][a4] << 4)  # fmt: skip
    return split & 1023 | alone << 10


def _form(index: int, whole: bool = False) -> tuple[tuple[int, ...], ...]:
    """The groups of a row with this `row_index`, as `machine.row_groups` forms them:
    maximal colour runs, maximal number runs, lone dice. Edges join present dice only, so
    the runs are the components of the edges. `whole` (the house rule `grouping=whole`,
    rules.md *House rules*): the components of the colour and number edges together."""
    colour = [_EDGES[i] for i in range(COLUMNS) if index >> i & 1]
    number = [_EDGES[i] for i in range(COLUMNS) if index >> (5 + i) & 1]
    columns = list(range(COLUMNS))
    if whole:
        out = set(mc._components(columns, colour + number))
    else:
        out = set(mc._components(columns, colour)) | set(mc._components(columns, number))
    out.update((c,) for c in columns if index >> (10 + c) & 1)
    return tuple(sorted(out))


def _touched(edges: int) -> int:
    """The columns that colour edges (bits 0-4) or number edges (bits 5-9) touch: edge `i`
    joins columns `i` and `i + 1`, the last one 4 and 0."""
    either = (edges | edges >> 5) & 31
    return (either | either << 1 | either >> 4) & 31


Groups = tuple[tuple[tuple[int, ...], ...], ...]


def _group_tables(whole: bool = False) -> tuple[Groups, list[int]]:
    numbers: dict[tuple[tuple[int, ...], ...], int] = {}
    ids = [-1] * ROW_INDICES
    for edges in range(1 << 10):
        touched = _touched(edges)
        for alone in range(1 << COLUMNS):
            if not alone & touched:  # the indices `row_index` can give
                index = edges | alone << 10
                ids[index] = numbers.setdefault(_form(index, whole), len(numbers))
    return tuple(numbers), ids


DISTINCT, IDS = _group_tables()
"""The distinct groups of rows, and their number in `DISTINCT` by row index (-1 where no row
has that index)."""


@lru_cache(maxsize=1)  # made once, only by games with the house rule
def whole_tables() -> tuple[Groups, list[int]]:
    """`DISTINCT` and `IDS` under the house rule `grouping=whole` (rules.md, *House rules*)."""
    return _group_tables(whole=True)


def tables(whole: bool) -> tuple[Groups, list[int]]:
    """(`DISTINCT`, `IDS`) of the grouping rule in play."""
    return whole_tables() if whole else (DISTINCT, IDS)


def _linked_run(column: tuple[int, ...], start: int, no_black: bool) -> tuple[int, ...]:
    """House rule `grouping=whole`: the dice going up from `start` while each shares colour
    or number with the die below it (and may join the pick), if 2 or more."""
    rel = _REL[no_black]
    first = prev = column[start]
    n = 1
    for d in column[start + 1 :]:
        if not rel[prev][d] or not mc.may_stack(first, d, no_black=no_black):
            break
        n, prev = n + 1, d
    return (n,) if n >= 2 else ()


def run_lengths(
    column: tuple[int, ...], start: int, no_black: bool, whole: bool = False
) -> tuple[int, ...]:
    """`sorted(machine.column_runs(column, start, no_black=no_black, whole=whole))` as a
    tuple."""
    if start + 1 >= len(column):
        return ()  # a run takes two dice
    if whole:
        return _linked_run(column, start, no_black)
    first = column[start]
    colour, number = _COLOUR_RUN[no_black][first], _NUMBER_RUN[no_black][first]
    if not colour[column[start + 1]] and not number[column[start + 1]]:
        return ()  # the die above goes on neither run
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


def runs_above(
    column: tuple[int, ...], no_black: bool, whole: bool = False
) -> list[tuple[int, tuple[int, ...]]]:
    """`(start, run_lengths(column, start, no_black, whole))` for every start with a run."""
    colour, number = _COLOUR_RUN[no_black], _NUMBER_RUN[no_black]
    out = []
    for start in range(len(column) - 1):
        first, second = column[start], column[start + 1]
        if colour[first][second] or number[first][second]:
            runs = run_lengths(column, start, no_black, whole)
            if runs:
                out.append((start, runs))
    return out
