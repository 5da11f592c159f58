"""Paradice features: the Dispensing Machine cell by cell, dice in hand, Plaza, Storehouse, seats.

A die code is `colour * 10 + value`; each die is a colour one-hot and its value / 6.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dicehall.core import View
from dicehall.core.features import Blocks, Vec, hot, packed, padded, seat_labels
from dicehall.games.paradice.observe import card_view
from dicehall.games.paradice.scoring import breakdown

COLUMNS, ROWS, COLOURS, TYPES, PLAZA, ACTIVE = 5, 10, 6, 5, 4, 5
PHASES = ("setup", "pre", "main", "roulette", "place", "gains", "over")
CODES = tuple(c * 10 + v for c in range(COLOURS) for v in range(1, 7))


def _die(v: Vec, code: int | None, name: str) -> None:
    """A die, or zeros for no die (code 0 or None)."""
    v.one_hot(code // 10 if code else None, range(COLOURS), f"{name}.colour")
    v.num(code % 10 if code else 0, 6.0, f"{name}.value")


def _card(v: Vec, card: dict[str, Any] | None) -> None:
    card = card or {}
    v.num(bool(card), name="present")
    v.one_hot(card.get("type"), range(TYPES), "type")
    v.num(card.get("points"), 10.0, "points")
    for i, slot in enumerate(card.get("slots", [{}] * 3)):
        v.one_hot(slot.get("colour"), range(COLOURS), f"slot{i}.colour")
        v.num(slot.get("value"), 6.0, f"slot{i}.value")
    cond = card.get("condition", {})
    v.one_hot(cond.get("parity"), ("odd", "even"), "parity")
    v.num(cond.get("total_min"), 18.0, "total_min")
    v.num(cond.get("total_max"), 18.0, "total_max")
    v.mask(cond.get("colours", ()), COLOURS - 1, "colours")


def _seat(v: Vec, seat: dict[str, Any]) -> None:
    stalls = seat["stalls"][:ACTIVE]
    for i, stall in enumerate(stalls + [None] * (ACTIVE - len(stalls))):
        with v.scope(f"stall{i}"):
            _card(v, stall)
            for j, code in enumerate((stall or {}).get("dice", [0, 0, 0])):
                _die(v, code, f"die{j}")
    v.counts([c["type"] for c in seat["done"]], range(TYPES), 5.0, "done_types")
    v.nums(seat["powers"], TYPES, 3.0, "powers")
    v.num(len(seat["surprise"]), 5.0, "surprise")
    v.num(seat["score"], 50.0, "score")


def encode(game: Any, view: View) -> list[float]:
    return _fill(Vec(), game, view).out


def names(game: Any) -> list[str]:
    """One name per entry of `encode`'s vector (seats written `seat<k>`)."""
    return list(_fill(Vec(named=True), game, game.observe(game.initial_state(), 0)).names or ())


def _fill(v: Vec, game: Any, view: View) -> Vec:
    n = game.num_players
    seats = seat_labels(n)
    codes = [f"c{c // 10}v{c % 10}" for c in CODES]
    v.one_hot(view["you"], range(n), "viewer")
    v.one_hot(view["phase"], PHASES, "phase")
    v.one_hot(view["turn"], range(n), "turn", seats)
    v.num(view["round"], 60.0, "round")
    for col in range(COLUMNS):
        column = view["machine"][col] if col < len(view["machine"]) else []
        for row in range(ROWS):
            _die(v, column[row] if row < len(column) else None, f"machine.col{col}.row{row}")
    v.counts(view["pending"], CODES, 3.0, "pending", codes)
    v.counts(view["passed"], CODES, 3.0, "passed", codes)
    roulette = view["roulette"]
    for col in range(COLUMNS):
        _die(v, roulette[col] if col < len(roulette) else None, f"roulette.col{col}")
    v.num(view["returning"], 20.0, "returning")
    v.num(view["gains"], 3.0, "gains")
    v.num(view["moves"], 3.0, "moves")
    v.num(view["powered"], name="powered")
    for i, card in enumerate(view["plaza"]):
        with v.scope(f"plaza{i}"):
            _card(v, card)
    v.num(view["deck_left"], 50.0, "deck_left")
    v.num(view["bag_left"], 10.0, "bag_left")
    store = view["storehouse"]
    v.nums(store["positions"], TYPES, float(store["length"]), "storehouse")
    v.one_hot(store["first_out"], range(TYPES), "first_out")
    v.one_hot(store["second_out"], range(TYPES), "second_out")
    v.one_hot(view["tickets"]["golden"], range(n), "golden_ticket", seats)
    for i, holder in enumerate(view["tickets"]["stall"]):
        v.one_hot(holder, range(n), f"stall_ticket{i}", seats)
    for s, seat in enumerate(view["seats"]):
        with v.scope(seats[s]):
            _seat(v, seat)
    return v


_DIE_ROWS: tuple[tuple[float, ...], ...] = tuple(
    (*hot(code // 10 if code else None, COLOURS), (code % 10 if code else 0) / 6.0)
    for code in range(COLOURS * 10)
)


def _die_row(code: int) -> tuple[float, ...]:
    return _DIE_ROWS[code] if 0 <= code < len(_DIE_ROWS) else _DIE_ROWS[0]


_CARD_ROWS: dict[int, tuple[Any, tuple[tuple[float, ...], ...], tuple[float, ...]]] = {}


def _card_rows(game: Any) -> tuple[tuple[tuple[float, ...], ...], tuple[float, ...]]:
    """Each stall card's entries (made once per content from its view), and an empty slot's."""
    content = game.cfg.content
    found = _CARD_ROWS.get(id(content))
    if found is None or found[0] is not content:

        def entries(card: dict[str, Any] | None) -> tuple[float, ...]:
            v = Vec()
            _card(v, card)
            return tuple(v.out)

        if len(_CARD_ROWS) >= 8:
            _CARD_ROWS.clear()
        cards = tuple(entries(card_view(c)) for c in content.stalls)
        found = _CARD_ROWS[id(content)] = (content, cards, entries(None))
    return found[1], found[2]


def _code_counts(codes: tuple[int, ...]) -> list[float]:
    out = [0.0] * len(CODES)
    for code in codes:
        colour, value = divmod(code, 10)
        if 0 <= colour < COLOURS and 1 <= value <= 6:
            out[colour * 6 + value - 1] += 1.0
    return [c / 3.0 for c in out]


def _seat_state(game: Any, state: Any, seat: int, cards: Any, empty: Any) -> list[float]:
    player, out = state.players[seat], []
    stalls = player.stalls[:ACTIVE]
    for card, dice in stalls:
        out += cards[card]
        for code in dice:
            out += _die_row(code)
    for _ in range(ACTIVE - len(stalls)):
        out += empty
        out += _DIE_ROWS[0] * 3
    content = game.cfg.content.stalls
    types = [content[c].type for c in player.done]
    out += [types.count(t) / 5.0 for t in range(TYPES)]
    out += padded(player.powers, TYPES, 3.0)
    out += (len(player.bag) / 5.0, sum(breakdown(game.cfg, state, seat).values()) / 50.0)
    return out


# Blocks of the vector as float64 bytes, remembered by what they are made from: a move changes
# a few parts of the table, so most of a state's blocks are found here (bounded).
_COLUMNS: Blocks[bytes] = Blocks(4096)
_COUNTS: Blocks[bytes] = Blocks(1024)
_SEATS: Blocks[bytes] = Blocks(4096)
_PLAZAS: Blocks[bytes] = Blocks(1024)


def _column(column: tuple[int, ...]) -> bytes:
    found = _COLUMNS.get(column)
    if found is None:
        rows = [x for row in range(ROWS) for x in _die_row(column[row] if row < len(column) else 0)]
        found = _COLUMNS.put(column, packed(rows))
    return found


def _counts(codes: tuple[int, ...]) -> bytes:
    found = _COUNTS.get(codes)
    if found is None:
        found = _COUNTS.put(codes, packed(_code_counts(codes)))
    return found


_machine_memo: tuple[Any, ...] = ()
_seats_memo: tuple[Any, ...] = ()
"""The last machine part and the last seats part made, with what they came from (one tuple
each, read once): most moves change neither."""


def _machine(machine: Any) -> bytes:
    global _machine_memo
    memo = _machine_memo
    if memo and memo[0] is machine:
        found: bytes = memo[1]
        return found
    made = b"".join(_column(machine[c] if c < len(machine) else ()) for c in range(COLUMNS))
    _machine_memo = (machine, made)
    return made


def _seats(game: Any, state: Any, cards: Any, empty: Any) -> bytes:
    """Every seat's block; the same while the players, the Storehouse and the tickets (all
    a score reads) are the same objects."""
    global _seats_memo
    memo = _seats_memo
    same = memo and memo[0] is state.players and memo[1] is state.store and memo[4] is cards
    if same and memo[2] is state.tickets and memo[3] == (state.first_out, state.golden):
        found: bytes = memo[5]
        return found
    made = b"".join(_seat_block(game, state, s, cards, empty) for s in range(game.cfg.players))
    key = (state.players, state.store, state.tickets, (state.first_out, state.golden), cards)
    _seats_memo = (*key, made)
    return made


def _seat_block(game: Any, state: Any, seat: int, cards: Any, empty: Any) -> bytes:
    """A seat's stalls, completed types, powers, bag and score (the score reads the table);
    the same while the seat's player and all a score reads are the same objects (a move
    mostly changes the mover's seat only)."""
    player = state.players[seat]
    memo = _seat_memos.get(seat)
    if (
        memo is not None
        and memo[0] is player
        and memo[1] is state.store
        and memo[2] is state.tickets
        and memo[3] == (state.first_out, state.golden)
        and memo[4] is cards
        and memo[5] is game.cfg
    ):
        cached: bytes = memo[6]
        return cached
    score = sum(breakdown(game.cfg, state, seat).values())
    key = (player, score, id(cards))
    found = _SEATS.get(key)
    if found is None:
        found = _SEATS.put(key, packed(_seat_state(game, state, seat, cards, empty)))
    cut = (state.first_out, state.golden)
    _seat_memos[seat] = (player, state.store, state.tickets, cut, cards, game.cfg, found)
    return found


_seat_memos: dict[int, tuple[Any, ...]] = {}
"""Per seat number, the last block made and what it came from (at most one per seat)."""


def _plaza(plaza: tuple[int, ...], cards: Any, empty: Any) -> bytes:
    key = (plaza, id(cards))
    found = _PLAZAS.get(key)
    if found is None:
        found = _PLAZAS.put(
            key, packed([x for c in plaza for x in (cards[c] if c >= 0 else empty)])
        )
    return found


def encode_state(game: Any, state: Any, seat: int) -> np.ndarray:
    """The same vector as `encode(game, game.observe(state, seat))`, read from the state
    (everything on the table is public; the decks' order is not in the state), as float64
    joined from remembered blocks."""
    cfg, n = game.cfg, game.num_players
    cards, empty = _card_rows(game)
    round_ = max(1, (state.turns + cfg.players - 1) // cfg.players)
    head = [*hot(seat, n), *hot(int(state.phase), len(PHASES)), *hot(state.turn, n)]
    head.append(round_ / 60.0)
    parts = [packed(head), _machine(state.machine), _counts(state.pending), _counts(state.passed)]
    table = state.table
    mid: list[float] = []
    for col in range(COLUMNS):
        mid += _die_row(table[col]) if col < len(table) else _DIE_ROWS[0]
    mid += (sum(state.returns) / 20.0, state.gains / 3.0, state.moves / 3.0, float(state.powered))
    parts.append(packed(mid))
    parts.append(_plaza(state.plaza, cards, empty))
    tail = [len(state.deck) / 50.0, len(state.bag_deck) / 10.0]
    tail += padded(state.store, TYPES, float(cfg.length))
    tail += (*hot(state.first_out, TYPES), *hot(state.second_out, TYPES), *hot(state.golden, n))
    for holder in state.tickets:
        tail += hot(holder, n)
    parts.append(packed(tail))
    parts.append(_seats(game, state, cards, empty))
    return np.frombuffer(b"".join(parts))
