"""Stall cards: slot requirements, conditions, and whether a stall can still be completed.

A slot holds 0 (empty) or a die code. A black die on a stall is wild: it may stand for any
colour and number that keeps the stall completable (rules.md, *Stalls*).
"""

from __future__ import annotations

from dataclasses import dataclass

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


_CACHE: dict[tuple[Card, tuple[int, int, int]], bool] = {}


def feasible(card: Card, dice: tuple[int, int, int]) -> bool:
    """Whether the dice on a stall (0 = empty, black = wild) can still complete it."""
    key = (card, dice)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = _feasible(card, dice)
    return found


_PLACE_CACHE: dict[tuple[Card, tuple[int, int, int], int, int], bool] = {}


def can_place(card: Card, dice: tuple[int, int, int], slot: int, code: int) -> bool:
    """Whether die `code` may go to empty `slot` (rules.md, *Stalls*: only placements that
    can complete)."""
    key = (card, dice, slot, code)
    found = _PLACE_CACHE.get(key)
    if found is None:
        found = _PLACE_CACHE[key] = _can_place(card, dice, slot, code)
    return found


def _can_place(card: Card, dice: tuple[int, int, int], slot: int, code: int) -> bool:
    if dice[slot]:
        return False
    if code // 10 == BLACK and any(d // 10 == BLACK for d in dice if d):
        return False  # one wild die per stall
    new = (*dice[:slot], code, *dice[slot + 1 :])
    return feasible(card, new)  # type: ignore[arg-type]


def completable(card: Card) -> bool:
    """Whether an empty stall can be completed with real dice (any colour and number exists)."""
    return feasible(card, (0, 0, 0))
