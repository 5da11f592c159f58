"""Greedy Paradice bot: values picks by the stalls it can advance, completes stalls first.

It reads only the view and the legal actions. A pick is worth what its dice do on the bot's
own stalls when placed greedily (completing a stall is worth most, a second die earns a Plaza
stall, a die that fits nowhere is a gift to the left neighbour). Powers are used when they
pay: Fries or Balloon when they make a die fit, Cotton Candy when the top die fits, the
Surprise Bag always. Black dice go where they complete a stall, else move a Storehouse token
to the bot's advantage. New stalls are chosen by points times how easily dice fit them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from dicehall.core.tuples import replace_at
from dicehall.core.types import View
from dicehall.games.paradice.actions import (
    BagMove,
    Balloon,
    ChooseStall,
    CottonCandy,
    DuckColumn,
    DuckRow,
    EndTurn,
    Fries,
    Pass,
    PickColumn,
    PickRow,
    Place,
    Roulette,
    RoulettePick,
    StoreMove,
    SurpriseBag,
    TakeStall,
)  # fmt: skip
from dicehall.games.paradice.stalls import Card, Slot, can_place

Stall = tuple[Card, tuple[int, int, int]]
BLACK = 5


@lru_cache(maxsize=512)
def _card(
    card_id: str,
    points: int,
    slots: tuple[tuple[int, int], ...],
    cond: tuple[str, int, int, tuple[int, ...]],
) -> Card:
    parity, low, high, colours = cond
    mask = sum(1 << c for c in colours)
    parsed = (Slot(*slots[0]), Slot(*slots[1]), Slot(*slots[2]))
    return Card(card_id, 0, points, parsed, ("", "odd", "even").index(parity), low, high, mask)


def card_of(data: dict[str, Any]) -> Card:
    """A stall card rebuilt from its view (cached by content)."""
    slots = tuple(
        (s["colour"] if s["colour"] is not None else -1, s["value"] or 0) for s in data["slots"]
    )
    cond = data["condition"]
    key = (cond["parity"], cond["total_min"], cond["total_max"], tuple(cond["colours"]))
    card: Card = _card(data["id"], data["points"], slots, key)
    return card


@lru_cache(maxsize=512)
def ease(card: Card) -> float:
    """The share of the 30 real dice that fit an empty copy of this stall somewhere."""
    fits = sum(
        1
        for colour in range(5)
        for value in range(1, 7)
        if any(can_place(card, (0, 0, 0), k, colour * 10 + value) for k in range(3))
    )
    return fits / 30


def place_score(card: Card, on: tuple[int, int, int], slot: int, code: int) -> float:
    """How good one placement is: completing beats a second die beats a first one."""
    count = sum(1 for x in on if x) + 1
    specific = card.slots[slot].colour >= 0 or card.slots[slot].value > 0
    black = code // 10 == BLACK
    if count == 3:
        return 10 + card.points / 2
    base = 4.0 if count == 2 else 1.0
    return base + (0.5 if specific else 0) - (2.0 if black else 0)


def greedy_fill(stalls: list[Stall], dice: list[int]) -> float:
    """The value of placing `dice` one by one, each at its best spot."""
    stalls = list(stalls)
    total = 0.0
    for code in sorted(dice, key=lambda x: x // 10 == BLACK):
        best, where = -1.0, None
        for i, (card, on) in enumerate(stalls):
            for k in range(3):
                if can_place(card, on, k, code):
                    score = place_score(card, on, k, code)
                    if score > best:
                        best, where = score, (i, k)
        if where is None:
            total += 0.6 if code // 10 == BLACK else -0.7  # a black die moves a token instead
            continue
        total += best
        i, k = where
        card, on = stalls[i]
        new: tuple[int, int, int] = replace_at(on, k, code)  # type: ignore[assignment]
        if all(new):
            stalls.pop(i)
        else:
            stalls[i] = (card, new)
    return total


class GreedyBot:
    level = "greedy"

    def __init__(self, game: Any = None, seat: int = 0) -> None:
        self.seat = seat
        params = getattr(game, "params", None) or {}
        self.unshared = params.get("double_scoring") == "unshared"  # a house rule

    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        me = view["you"] if view["you"] is not None else self.seat
        stalls = [(card_of(s), tuple(s["dice"])) for s in view["seats"][me]["stalls"]]
        scored = [(self.value(view, me, stalls, a), i) for i, a in enumerate(legal_actions)]
        best = max(score for score, _ in scored)
        ties = [i for score, i in scored if score >= best - 1e-9]
        return legal_actions[ties[rng.randrange(len(ties))]]

    # --- valuing actions ----------------------------------------------------------------
    def value(self, view: View, me: int, stalls: list[Stall], action: Any) -> float:
        if isinstance(action, Place):
            card, on = stalls[action.stall]
            return 20 + place_score(card, on, action.slot, action.die)
        if isinstance(action, PickRow | PickColumn | DuckRow | DuckColumn | RoulettePick):
            dice = taken(view, action)
            penalty = 0.8 if isinstance(action, DuckRow | DuckColumn) else 0.0
            return greedy_fill(stalls, dice) - penalty
        if isinstance(action, Roulette):
            return 0.5
        if isinstance(action, TakeStall | ChooseStall):
            return self.stall_value(view, stalls, action.slot, take=isinstance(action, TakeStall))
        if isinstance(action, StoreMove | BagMove):
            return 5 + self.token_value(view, me, action.kind, action.step)
        if isinstance(action, SurpriseBag):
            return 30.0
        if isinstance(action, CottonCandy):
            top = view["machine"][action.col][-1]
            return 25.0 if greedy_fill(stalls, [top]) > 0 else -1.0
        if isinstance(action, Fries | Balloon):
            return self.fix_value(view, stalls, action)
        if isinstance(action, EndTurn | Pass):
            return 0.0
        return -5.0

    def stall_value(self, view: View, stalls: list[Stall], slot: int, *, take: bool) -> float:
        card = card_of(view["plaza"][slot])
        worth = card.points * ease(card) / 10
        if take:  # taking a stall costs the turn: worth it only with few stalls
            return worth - 0.5 * len(stalls) - (0.5 if len(stalls) >= 2 else -1)
        return 30 + worth

    def fix_value(self, view: View, stalls: list[Stall], action: Fries | Balloon) -> float:
        """Fries or Balloon pay when the changed die fits (better) somewhere."""
        pending = list(view["pending"])
        if isinstance(action, Fries):
            old, new = action.die, action.die // 10 * 10 + action.value
        else:
            other = view["machine"][action.col][action.row]
            old, new = action.colour * 10 + other % 10, other
        rest = list(pending)
        rest.remove(old)
        before = greedy_fill(stalls, pending)
        after = greedy_fill(stalls, [*rest, new])
        return (after - before) * 2 - 3 if after > before + 2 else -2.0

    def token_value(self, view: View, me: int, kind: int, step: int) -> float:
        """My score lead after moving a Storehouse token (ending the game counts big)."""
        store = view["storehouse"]
        positions = list(store["positions"])
        positions[kind] = max(0, positions[kind] + step)
        first = store["first_out"]
        ends = positions[kind] >= store["length"] and first is not None
        if positions[kind] >= store["length"] and first is None:
            first = kind
        scores = [
            seat_score(view, s, positions, first, self.unshared) for s in range(view["players"])
        ]
        lead = scores[me] - max(s for i, s in enumerate(scores) if i != me)
        if ends:
            return 50.0 if lead > 0 else -50.0
        return lead / 10


def seat_score(
    view: View, seat: int, positions: list[int], first: int | None, unshared: bool = False
) -> float:
    """A seat's score with the Storehouse at `positions` (`unshared`: the house rule
    `double_scoring=unshared`, rules.md *House rules*)."""
    factors = [1] * 5
    alone = [p for p in positions if positions.count(p) == 1]
    low = min(alone if unshared else positions, default=-1)
    if low in alone:
        factors[positions.index(low)] = 2
    if first is not None:
        factors[first] = 0
    seat_view = view["seats"][seat]
    parts = seat_view["score_parts"]
    stalls = sum(c["points"] * factors[c["type"]] for c in seat_view["done"])
    return float(stalls + parts["golden"] + parts["tickets"] + parts["surprise"])


def taken(view: View, action: Any) -> list[int]:
    """The dice a pick would take, read from the view's machine or roulette row."""
    machine = view["machine"]
    if isinstance(action, RoulettePick):
        return [view["roulette"][c] for c in action.cols]
    if isinstance(action, PickRow):
        return [machine[c][0] for c in action.cols]
    if isinstance(action, DuckRow):
        return [machine[c][action.row] for c in action.cols]
    if isinstance(action, PickColumn):
        return list(machine[action.col][: action.count])
    return list(machine[action.col][action.row : action.row + action.count])
