"""Stall cards: slot requirements, conditions, and whether a stall can still be completed.

A slot holds 0 (empty) or a die code. A black die on a stall is wild: it may stand for any
colour and number that keeps the stall completable (rules.md, *Stalls*).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from dicehall.core.tuples import replace_at
from dicehall.games.paradice.spec import BLACK, COLOURS

ALL_COLOURS = 0b11111  # the five real colours; black never counts as a colour on a stall


@dataclass(frozen=True, slots=True)
class Slot:
    """A slot's requirement: a colour (-1 any) and/or a number (0 any)."""

    colour: int = -1
    value: int = 0

    def text(self) -> str:
        parts = [COLOURS[self.colour]] if self.colour >= 0 else []
        if self.value:
            parts.append(str(self.value))
        return " ".join(parts) or "any"


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A stall card: 3 slots and a condition on all three dice (compared by identity)."""

    id: str
    type: int
    points: int
    slots: tuple[Slot, Slot, Slot]
    parity: int = 0  # 0 none, 1 all odd, 2 all even
    total_min: int = 3
    total_max: int = 18
    colours: int = ALL_COLOURS  # bit mask of the colours allowed on this stall

    def condition_text(self) -> str:
        parts = []
        if self.parity:
            parts.append("all odd" if self.parity == 1 else "all even")
        if self.total_min == self.total_max:
            parts.append(f"total = {self.total_min}")
        else:
            if self.total_min > 3:
                parts.append(f"total >= {self.total_min}")
            if self.total_max < 18:
                parts.append(f"total <= {self.total_max}")
        allowed = [COLOURS[c] for c in range(5) if self.colours >> c & 1]
        if len(allowed) <= 2:
            parts.append("only " + " and ".join(allowed))
        elif len(allowed) < 5:
            banned = [COLOURS[c] for c in range(5) if not self.colours >> c & 1]
            parts.append("no " + " and no ".join(banned))
        return ", ".join(parts) or "none"


def _values(card: Card, slot: Slot) -> tuple[int, ...]:
    """The numbers a free (empty or wild) slot could still take."""
    options: tuple[int, ...] = (slot.value,) if slot.value else (1, 2, 3, 4, 5, 6)
    if card.parity:
        options = tuple(v for v in options if v % 2 == card.parity % 2)
    return options


def _colour_ok(card: Card, slot: Slot) -> bool:
    allowed = card.colours if slot.colour < 0 else card.colours & (1 << slot.colour)
    return allowed != 0


def _fixed_ok(card: Card, slot: Slot, code: int) -> bool:
    colour, value = divmod(code, 10)
    if slot.colour >= 0 and colour != slot.colour:
        return False
    if slot.value and value != slot.value:
        return False
    if card.parity and value % 2 != card.parity % 2:
        return False
    return bool(card.colours >> colour & 1)


def _feasible(card: Card, dice: tuple[int, int, int]) -> bool:
    sums = {0}
    for slot, code in zip(card.slots, dice, strict=True):
        if code and code // 10 != BLACK:
            if not _fixed_ok(card, slot, code):
                return False
            sums = {s + code % 10 for s in sums}
            continue
        if not _colour_ok(card, slot):
            return False
        values = _values(card, slot)
        sums = {s + v for s in sums for v in values}
    return any(card.total_min <= s <= card.total_max for s in sums)


@lru_cache(maxsize=4096)
def feasible(card: Card, dice: tuple[int, int, int]) -> bool:
    """Whether the dice on a stall (0 = empty, black = wild) can still complete it."""
    return _feasible(card, dice)


def can_place(card: Card, dice: tuple[int, int, int], slot: int, code: int) -> bool:
    """Whether die `code` may go to empty `slot` (rules.md, *Stalls*: only
    placements that can complete)."""
    return bool(placeable(card, dice)[slot] >> code & 1)


def placeable(card: Card, dice: tuple[int, int, int]) -> tuple[int, int, int]:
    """Per slot, a bit mask of the die codes that may go there now (bit `code` set).

    The same answer as `_can_place` for every code. What a slot holds matters only by its
    kind (`_kind`), so the masks are kept per card and kinds (at most 729), made the first
    time they are met and never evicted.
    """
    t = _tables(card)
    d0, d1, d2 = dice
    index = t.kinds[0][d0] + t.kinds[1][d1] + t.kinds[2][d2]
    found = t.placeable[index]
    if found is None:
        masks = _slot_mask(card, dice, 0), _slot_mask(card, dice, 1), _slot_mask(card, dice, 2)
        found = t.placeable[index] = _DISTINCT.setdefault(masks, masks)
    return found


_DISTINCT: dict[tuple[int, int, int], tuple[int, int, int]] = {}
"""The placement masks met, one tuple each: cards' tables share them."""
_KINDS = 9  # empty, a die of number 1-6 the slot accepts, a die it refuses, a black die


def _kind(card: Card, spec: Slot, code: int) -> int:
    """What `_slot_mask` reads of a slot holding `code`: whether it is empty (0), holds a
    black (wild) die (8), or a real die it refuses (7) or accepts (its number)."""
    if not code:
        return 0
    if code // 10 == BLACK:
        return 8
    return code % 10 if _fixed_ok(card, spec, code) else 7


_BLACK_CODES = sum(1 << (BLACK * 10 + value) for value in range(1, 7))


@dataclass(frozen=True, slots=True)
class _Tables:
    """What `_slot_mask` needs of a card, per slot, as bit masks (made once per card)."""

    fixed: tuple[int, int, int]  # real-die codes the slot accepts (colour, number, parity)
    open: tuple[bool, bool, bool]  # a free slot can take some allowed colour
    values: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # numbers a free slot takes
    value_bits: tuple[int, int, int]  # the same numbers as bits (bit v)
    by_value: tuple[tuple[int, ...], ...]  # [slot][v]: real-die codes of number v accepted
    totals: int  # bit s set for every allowed total s
    kinds: tuple[tuple[int, ...], ...]  # [slot][code]: the kind of what the slot holds, weighted
    placeable: list[tuple[int, int, int] | None]  # [sum of kinds]: the masks, once met


@lru_cache(maxsize=1024)
def _tables(card: Card) -> _Tables:
    fixed, by_value = [], []
    for spec in card.slots:
        codes = [c * 10 + v for c in range(BLACK) for v in range(1, 7)]
        fixed.append(sum(1 << code for code in codes if _fixed_ok(card, spec, code)))
        by_value.append(
            tuple(
                sum(1 << (c * 10 + v) for c in range(BLACK) if _fixed_ok(card, spec, c * 10 + v))
                for v in range(7)
            )
        )
    values = tuple(_values(card, spec) for spec in card.slots)
    return _Tables(
        fixed=tuple(fixed),  # type: ignore[arg-type]
        open=tuple(_colour_ok(card, spec) for spec in card.slots),  # type: ignore[arg-type]
        values=values,  # type: ignore[arg-type]
        value_bits=tuple(sum(1 << v for v in vs) for vs in values),  # type: ignore[arg-type]
        by_value=tuple(by_value),
        totals=sum(1 << t for t in range(card.total_min, card.total_max + 1) if t >= 0),
        kinds=tuple(
            tuple(_kind(card, spec, code) * _KINDS ** (2 - k) for code in range(BLACK * 10 + 7))
            for k, spec in enumerate(card.slots)
        ),
        placeable=[None] * _KINDS**3,
    )


_OTHERS = ((1, 2), (0, 2), (0, 1))


def _slot_mask(card: Card, dice: tuple[int, int, int], slot: int) -> int:
    """Bit `code` set when die `code` may go on `slot`: with some numbers for the other two
    slots (their dice, or what a free or wild slot may take) the total stays allowed."""
    if dice[slot]:
        return 0
    t = _tables(card)
    sums = 1  # bit s: the other two slots can make total s
    for j in _OTHERS[slot]:
        code = dice[j]
        if code and code // 10 != BLACK:
            if not t.fixed[j] >> code & 1:
                return 0
            sums <<= code % 10
        elif t.open[j]:
            grown = 0
            for v in t.values[j]:
                grown |= sums << v
            sums = grown
        else:
            return 0
    totals, by_value = t.totals, t.by_value[slot]
    mask = fits = 0
    for value in range(1, 7):
        if sums << value & totals:
            fits |= 1 << value
            mask |= by_value[value]
    wild_taken = any(d // 10 == BLACK for d in dice if d)  # one wild die per stall
    if not wild_taken and t.open[slot] and fits & t.value_bits[slot]:
        mask |= _BLACK_CODES
    return mask


def _can_place(card: Card, dice: tuple[int, int, int], slot: int, code: int) -> bool:
    if dice[slot]:
        return False
    if code // 10 == BLACK and any(d // 10 == BLACK for d in dice if d):
        return False  # one wild die per stall
    new = replace_at(dice, slot, code)
    return feasible(card, new)


def completable(card: Card) -> bool:
    """Whether an empty stall can be completed with real dice (any colour and number exists)."""
    return feasible(card, (0, 0, 0))
