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


@lru_cache(maxsize=16384)
def placeable(card: Card, dice: tuple[int, int, int]) -> tuple[int, int, int]:
    """Per slot, a bit mask of the die codes that may go there now (bit `code` set).

    The same answer as `_can_place` for every code, from one pass over the other two slots.
    """
    return _slot_mask(card, dice, 0), _slot_mask(card, dice, 1), _slot_mask(card, dice, 2)


def _slot_mask(card: Card, dice: tuple[int, int, int], slot: int) -> int:
    if dice[slot]:
        return 0
    sums = {0}  # totals the other two slots can still make
    for j, (spec, code) in enumerate(zip(card.slots, dice, strict=True)):
        if j == slot:
            continue
        if code and code // 10 != BLACK:
            if not _fixed_ok(card, spec, code):
                return 0
            sums = {s + code % 10 for s in sums}
        elif _colour_ok(card, spec):
            sums = {s + v for s in sums for v in _values(card, spec)}
        else:
            return 0
    fits = {v for v in range(1, 7) if any(card.total_min <= s + v <= card.total_max for s in sums)}
    spec = card.slots[slot]
    mask = 0
    for value in fits:
        for colour in range(BLACK):
            if _fixed_ok(card, spec, colour * 10 + value):
                mask |= 1 << (colour * 10 + value)
    wild_taken = any(d // 10 == BLACK for d in dice if d)  # one wild die per stall
    if not wild_taken and _colour_ok(card, spec) and fits.intersection(_values(card, spec)):
        for value in range(1, 7):
            mask |= 1 << (BLACK * 10 + value)
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
