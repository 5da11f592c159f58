"""Paradice features: the Dispensing Machine cell by cell, dice in hand, Plaza, Storehouse, seats.

A die code is `colour * 10 + value`; each die is a colour one-hot and its value / 6.
"""

from __future__ import annotations

from typing import Any

from dicehall.core import View
from dicehall.core.features import Vec

COLUMNS, ROWS, COLOURS, TYPES, PLAZA, ACTIVE = 5, 10, 6, 5, 4, 5
PHASES = ("setup", "pre", "main", "roulette", "place", "gains", "over")
CODES = tuple(c * 10 + v for c in range(COLOURS) for v in range(1, 7))


def _die(v: Vec, code: int | None) -> None:
    """A die, or zeros for no die (code 0 or None)."""
    v.one_hot(code // 10 if code else None, range(COLOURS))
    v.num(code % 10 if code else 0, 6.0)


def _card(v: Vec, card: dict[str, Any] | None) -> None:
    card = card or {}
    v.num(bool(card))
    v.one_hot(card.get("type"), range(TYPES))
    v.num(card.get("points"), 10.0)
    for slot in card.get("slots", [{}] * 3):
        v.one_hot(slot.get("colour"), range(COLOURS))
        v.num(slot.get("value"), 6.0)
    cond = card.get("condition", {})
    v.one_hot(cond.get("parity"), ("odd", "even"))
    v.num(cond.get("total_min"), 18.0)
    v.num(cond.get("total_max"), 18.0)
    v.mask(cond.get("colours", ()), COLOURS - 1)


def _seat(v: Vec, seat: dict[str, Any]) -> None:
    stalls = seat["stalls"][:ACTIVE]
    for stall in stalls + [None] * (ACTIVE - len(stalls)):
        _card(v, stall)
        for code in (stall or {}).get("dice", [0, 0, 0]):
            _die(v, code)
    v.counts([c["type"] for c in seat["done"]], range(TYPES), 5.0)
    v.nums(seat["powers"], TYPES, 3.0)
    v.num(len(seat["surprise"]), 5.0)
    v.num(seat["score"], 50.0)


def encode(game: Any, view: View) -> list[float]:
    n = game.num_players
    v = Vec()
    v.one_hot(view["you"], range(n))
    v.one_hot(view["phase"], PHASES)
    v.one_hot(view["turn"], range(n))
    v.num(view["round"], 60.0)
    for col in range(COLUMNS):
        column = view["machine"][col] if col < len(view["machine"]) else []
        for row in range(ROWS):
            _die(v, column[row] if row < len(column) else None)
    v.counts(view["pending"], CODES, 3.0)
    v.counts(view["passed"], CODES, 3.0)
    roulette = view["roulette"]
    for col in range(COLUMNS):
        _die(v, roulette[col] if col < len(roulette) else None)
    v.num(view["returning"], 20.0)
    v.num(view["gains"], 3.0)
    v.num(view["moves"], 3.0)
    v.num(view["powered"])
    for card in view["plaza"]:
        _card(v, card)
    v.num(view["deck_left"], 50.0)
    v.num(view["bag_left"], 10.0)
    store = view["storehouse"]
    v.nums(store["positions"], TYPES, float(store["length"]))
    v.one_hot(store["first_out"], range(TYPES))
    v.one_hot(store["second_out"], range(TYPES))
    v.one_hot(view["tickets"]["golden"], range(n))
    for holder in view["tickets"]["stall"]:
        v.one_hot(holder, range(n))
    for seat in view["seats"]:
        _seat(v, seat)
    return v.out
