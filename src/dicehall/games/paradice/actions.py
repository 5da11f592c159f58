"""Paradice actions: small steps of a turn, chance outcomes, and the fixed action index."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from dicehall.core import ActionCodec, ActionIndex
from dicehall.core.tuples import holds
from dicehall.games.paradice.spec import COLOURS, COLUMNS, ROWS, TYPES, die_name


def _cols(cols: tuple[int, ...]) -> str:
    return ",".join(str(c + 1) for c in cols)


# --- player actions ---------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PickRow:
    """Take the bottom-row dice of these columns (a run, or a single die)."""

    cols: tuple[int, ...]

    def __str__(self) -> str:
        return f"take bottom-row dice of column(s) {_cols(self.cols)}"


@dataclass(frozen=True, slots=True)
class PickColumn:
    """Take `count` dice up column `col` from its bottom die."""

    col: int
    count: int

    def __str__(self) -> str:
        return f"take {self.count} dice up column {self.col + 1}"


@dataclass(frozen=True, slots=True)
class Roulette:
    def __str__(self) -> str:
        return "roulette: roll the bottom row"


@dataclass(frozen=True, slots=True)
class RoulettePick:
    cols: tuple[int, ...]

    def __str__(self) -> str:
        return f"keep roulette dice of column(s) {_cols(self.cols)}"


@dataclass(frozen=True, slots=True)
class TakeStall:
    """The Take-a-stall basic action: Plaza card `slot`; the turn ends."""

    slot: int

    def __str__(self) -> str:
        return f"take Plaza stall {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class DuckRow:
    """Duck power: take dice in `row` (0 = bottom) of these columns, ends not connected."""

    row: int
    cols: tuple[int, ...]

    def __str__(self) -> str:
        return f"duck: take row {self.row + 1} dice of column(s) {_cols(self.cols)}"


@dataclass(frozen=True, slots=True)
class DuckColumn:
    """Duck power: take `count` dice up column `col` starting at `row`."""

    col: int
    row: int
    count: int

    def __str__(self) -> str:
        return f"duck: take {self.count} dice up column {self.col + 1} from row {self.row + 1}"


@dataclass(frozen=True, slots=True)
class Place:
    """Put pending die `die` (code colour*10+value) on active stall `stall`, slot `slot`."""

    die: int
    stall: int
    slot: int

    def __str__(self) -> str:
        return f"place {die_name(self.die)} on stall {self.stall + 1} slot {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class StoreMove:
    """Use black die `die` to move the Storehouse token of `kind` by `step` (+1 or -1)."""

    die: int
    kind: int
    step: int

    def __str__(self) -> str:
        way = "forward" if self.step > 0 else "back"
        return f"use {die_name(self.die)} to move the {TYPES[self.kind]} token {way}"


@dataclass(frozen=True, slots=True)
class BagMove:
    """Surprise Bag prize: move the Storehouse token of `kind` by `step`."""

    kind: int
    step: int

    def __str__(self) -> str:
        way = "forward" if self.step > 0 else "back"
        return f"surprise: move the {TYPES[self.kind]} token {way}"


@dataclass(frozen=True, slots=True)
class Balloon:
    """Balloon power: swap the pending `colour` die with the machine die at (col, row)."""

    colour: int
    col: int
    row: int

    def __str__(self) -> str:
        return (
            f"balloon: swap my {COLOURS[self.colour]} die with the machine die at "
            f"column {self.col + 1} row {self.row + 1}"
        )


@dataclass(frozen=True, slots=True)
class Fries:
    """Fries power: turn pending die `die` to `value`."""

    die: int
    value: int

    def __str__(self) -> str:
        return f"fries: turn {die_name(self.die)} into a {self.value}"


@dataclass(frozen=True, slots=True)
class CottonCandy:
    col: int

    def __str__(self) -> str:
        return f"cotton candy: take the top die of column {self.col + 1}"


@dataclass(frozen=True, slots=True)
class SurpriseBag:
    def __str__(self) -> str:
        return "surprise bag: draw a card"


@dataclass(frozen=True, slots=True)
class ChooseStall:
    """Take Plaza card `slot` for a stall gained this turn."""

    slot: int

    def __str__(self) -> str:
        return f"gain Plaza stall {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    def __str__(self) -> str:
        return "end the turn (unplaceable dice pass left)"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass (no basic action is possible)"


# --- chance outcomes --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Drop:
    """A die of `colour` rolled `value` drops into column `col` of the machine."""

    colour: int
    value: int
    col: int

    def __str__(self) -> str:
        return f"{COLOURS[self.colour]} {self.value} drops into column {self.col + 1}"


@dataclass(frozen=True, slots=True)
class Roll:
    value: int

    def __str__(self) -> str:
        return f"roulette die shows {self.value}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Stall card `card` (its id) is drawn from the deck."""

    card: str

    def __str__(self) -> str:
        return f"draw stall {self.card}"


@dataclass(frozen=True, slots=True)
class BagDraw:
    card: str

    def __str__(self) -> str:
        return f"surprise bag card {self.card}"


PLAYER_TYPES = (
    PickRow, PickColumn, Roulette, RoulettePick, TakeStall, DuckRow, DuckColumn, Place,
    StoreMove, BagMove, Balloon, Fries, CottonCandy, SurpriseBag, ChooseStall, EndTurn, Pass,
)  # fmt: skip
CODEC = ActionCodec(*PLAYER_TYPES, Drop, Roll, Draw, BagDraw)
ParadiceAction: TypeAlias = (
    PickRow
    | PickColumn
    | Roulette
    | RoulettePick
    | TakeStall
    | DuckRow
    | DuckColumn
    | Place
    | StoreMove
    | BagMove
    | Balloon
    | Fries
    | CottonCandy
    | SurpriseBag
    | ChooseStall
    | EndTurn
    | Pass
    | Drop
    | Roll
    | Draw
    | BagDraw
)
"""Every action of the game: the players' and the chance outcomes."""
SUBSETS = tuple(
    tuple(c for c in range(COLUMNS) if mask >> c & 1) for mask in range(1, 1 << COLUMNS)
)
INTERVALS = tuple(tuple(range(a, b + 1)) for a in range(COLUMNS) for b in range(a, COLUMNS))
DICE = tuple(colour * 10 + value for colour in range(6) for value in range(1, 7))


def _all_actions() -> list[object]:
    out: list[object] = [PickRow(cols) for cols in SUBSETS]
    out += [PickColumn(c, n) for c in range(COLUMNS) for n in range(2, ROWS + 1)]
    out += [Roulette(), *(RoulettePick(cols) for cols in SUBSETS)]
    out += [TakeStall(i) for i in range(4)]
    out += [DuckRow(r, cols) for r in range(ROWS) for cols in INTERVALS]
    out += [
        DuckColumn(c, r, n)
        for c in range(COLUMNS)
        for r in range(ROWS)
        for n in range(2, ROWS - r + 1)
    ]
    out += [Place(d, s, k) for d in DICE for s in range(5) for k in range(3)]
    out += [StoreMove(d, t, step) for d in DICE[30:] for t in range(5) for step in (-1, 1)]
    out += [BagMove(t, step) for t in range(5) for step in (-1, 1)]
    out += [Balloon(k, c, r) for k in range(5) for c in range(COLUMNS) for r in range(ROWS)]
    out += [Fries(d, v) for d in DICE[:30] for v in range(1, 7) if v != d % 10]
    out += [CottonCandy(c) for c in range(COLUMNS)]
    out += [SurpriseBag(), *(ChooseStall(i) for i in range(4)), EndTurn(), Pass()]
    return out


INDEX = ActionIndex(_all_actions())
PLACES = {(a.die, a.stall, a.slot): a for a in INDEX.actions if isinstance(a, Place)}
"""Every placement, made once (legal-action lists reuse these)."""
INTERNED = {a: a for a in INDEX.actions}
"""Each player action to the index's own object (compared by identity on the hot path)."""
END_TURN, PASS, ROULETTE = INTERNED[EndTurn()], INTERNED[Pass()], INTERNED[Roulette()]
TAKE_STALL = tuple(INTERNED[TakeStall(i)] for i in range(4))
CHOOSE_STALL = tuple(INTERNED[ChooseStall(i)] for i in range(4))
ROULETTE_PICKS = {cols: INTERNED[RoulettePick(cols)] for cols in SUBSETS}
PICK_ROWS = {a.cols: a for a in INDEX.actions if isinstance(a, PickRow)}
PICK_COLUMNS = {(a.col, a.count): a for a in INDEX.actions if isinstance(a, PickColumn)}
DUCK_ROWS = {(a.row, a.cols): a for a in INDEX.actions if isinstance(a, DuckRow)}
DUCK_COLUMNS = {(a.col, a.row, a.count): a for a in INDEX.actions if isinstance(a, DuckColumn)}
COTTON_CANDY = tuple(INTERNED[CottonCandy(c)] for c in range(COLUMNS))
SURPRISE_BAG = INTERNED[SurpriseBag()]
STORE_MOVES = {(a.die, a.kind, a.step): a for a in INDEX.actions if isinstance(a, StoreMove)}
BAG_MOVES = {(a.kind, a.step): a for a in INDEX.actions if isinstance(a, BagMove)}
FRIES_TURNS = {(a.die, a.value): a for a in INDEX.actions if isinstance(a, Fries)}
BALLOONS = {(a.colour, a.col, a.row): a for a in INDEX.actions if isinstance(a, Balloon)}
PICK_RANK = {a: i for i, a in enumerate(PICK_ROWS.values())}
ROULETTE_RANK = {a: i for i, a in enumerate(ROULETTE_PICKS.values())}
"""The index's own objects by their numbers (legal lists hand these out, no new objects)."""


def contains(actions: Sequence[object], action: object) -> bool:
    """`action in actions`, trying identity first (dataclass equality is slow)."""
    return holds(actions, action)
