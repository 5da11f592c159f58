"""Purrramid features: each space (owner, gold, wool, dice this turn), the turn and the supplies."""

from __future__ import annotations

from struct import pack_into
from typing import Any

import numpy as np

from dicehall.core import View
from dicehall.core.features import Vec, hot, packed, padded, seat_labels
from dicehall.games.purrramid import scoring
from dicehall.games.purrramid.board import is_supported, levels
from dicehall.games.purrramid.state import EMPTY, NO_WINNER, SETUP, Phase

PHASES = ("roll", "place", "decide", "over")
VALUES = (1, 2, 3, 4, 5, 6)


def encode(game: Any, view: View) -> list[float]:
    return _fill(Vec(), game, view).out


def names(game: Any) -> list[str]:
    """One name per entry of `encode`'s vector (seats written `seat<k>`)."""
    return list(_fill(Vec(named=True), game, game.observe(game.initial_state(), 0)).names or ())


def _fill(v: Vec, game: Any, view: View) -> Vec:
    n = game.num_players
    seats = seat_labels(n)
    owners: tuple[Any, ...] = (None, "setup", *range(n))
    owner_labels = ("none", "setup", *seats)
    v.one_hot(view["viewer"], range(n), "viewer")
    v.one_hot(view["phase"], PHASES, "phase")
    v.one_hot(view["current"], range(n), "current", seats)
    out = v.out
    for i, space in enumerate(view["spaces"]):  # the hot loop, written out (about 50 spaces)
        owner, dice = space["owner"], space["dice"]
        out.extend([1.0 if owner == o else 0.0 for o in owners])
        out += (float(space["gold"]), float(space["wool"]), len(dice) / 5.0, sum(dice) / 30.0)
        if v.names is not None:
            with v.scope(f"space{i}"):
                v.add_names(*(f"owner={o}" for o in owner_labels))
                v.add_names("gold", "wool", "dice", "dice_total")
    v.nums(view["tiles_left"], n, 30.0, "tiles_left", seats)
    v.nums(view["wool"], n, 12.0, "wool", seats)
    v.num(view["wool_on_board"], 12.0, "wool_on_board")
    v.num(view["gold_supply"], 12.0, "gold_supply")
    v.one_hot(view["winner"], range(n), "winner", seats)
    v.nums(view["budget"], n, 30.0, "budget", seats)
    v.nums(view["scores"], n, 100.0, "score", seats)
    v.num(view["turns_played"], 200.0, "turns_played")
    turn = view["turn"]
    with v.scope("turn"):
        v.num(turn["dice"], 5.0, "dice")
        v.num(turn["bonus"], name="bonus")
        v.num(turn["left"], 5.0, "left")
        v.counts(turn["roll"], VALUES, 5.0, "roll")
        v.num(len(turn["placed"]), 5.0, "placed")
        v.num(turn["tiles"], 10.0, "tiles")
        v.num(turn["levels"], 5.0, "levels")
        v.num(turn["stop_ok"], name="stop_ok")
        v.num(turn["rerolls"], 12.0, "rerolls")
    last = view["last_turn"] or {}
    with v.scope("last_turn"):
        v.one_hot(last.get("seat"), range(n), "seat", seats)
        v.num(last.get("success"), name="success")
        v.num(last.get("tiles"), 10.0, "tiles")
    return v


_TILES_MEMO: list[Any] = [None, None]
"""The last tiles part made: (the tuples it came from, its entries). Tiles change only when a
turn ends, so consecutive states usually share these tuples."""


def _tiles(n: int, state: Any) -> bytes:
    """Each space's owner, gold and wool, with zeros where its dice this turn go (float64)."""
    key, found = _TILES_MEMO
    same = key is not None and key[0] is state.owner and key[1] is state.gold
    if same and key[2] == state.wool_mask and key[3] == n:
        out: bytes = found
        return out
    wool = state.wool_mask
    entries: list[float] = []
    for i, (owner, gold) in enumerate(zip(state.owner, state.gold, strict=True)):
        entries += hot(0 if owner == EMPTY else 1 if owner == SETUP else owner + 2, n + 2)
        entries += (float(gold), float(wool >> i & 1), 0.0, 0.0)
    out = packed(entries)
    _TILES_MEMO[:] = [(state.owner, state.gold, state.wool_mask, n), out]
    return out


def _board(n: int, state: Any) -> bytes | bytearray:
    tiles = _tiles(n, state)
    if not state.turn:
        return tiles
    out, stride = bytearray(tiles), n + 6
    for space, dice in state.turn:
        pack_into("2d", out, (space * stride + n + 4) * 8, len(dice) / 5.0, sum(dice) / 30.0)
    return out


def encode_state(game: Any, state: Any, seat: int) -> np.ndarray:
    """The same vector as `encode(game, game.observe(state, seat))`, read from the state
    (Purrramid has no hidden information), as float64 joined from blocks: the board is most of
    it, and its tiles change only when a turn ends."""
    n, phase, b = game.num_players, state.phase, game.board
    over = phase is Phase.OVER
    head = [*hot(seat, n), *hot(int(phase), 4), *hot(None if over else state.seat, n)]
    out = padded(state.regular, n, 30.0)
    out += padded(state.wool, n, 12.0)
    out += (state.wool_mask.bit_count() / 12.0, state.gold_left / 12.0)
    out += hot(None if state.winner == NO_WINNER else state.winner, n)
    out += padded([game.budget(state, s) for s in range(n)], n, 30.0)
    out += padded(scoring.scores(state), n, 100.0)
    out.append(state.turns / 200.0)
    mask = state.dice_mask
    valid = bool(mask) and (b.joined(mask) and is_supported(mask, state.tile_mask | mask, b.below))
    roll = state.roll
    out += (state.dice / 5.0, 1.0 if state.dice < 5 else 0.0, state.left / 5.0)
    out += [roll.count(x) / 5.0 for x in VALUES]
    out += (len(state.turn) / 5.0, game.turn_cost(state) / 10.0, levels(mask, b.row_mask) / 5.0)
    out += (1.0 if valid else 0.0, state.rerolls / 12.0)
    last = state.last
    if last is None:
        out += [0.0] * (n + 2)
    else:
        out += (*hot(last.seat, n), float(last.success), last.tiles / 10.0)
    return np.frombuffer(b"".join((packed(head), _board(n, state), packed(out))))
