"""Purrramid's greedy bot (`games/purrramid/bots/greedy.py`) over a batch: the same decision
in every game.

A casual player's heuristic: continue while three or more dice are left or while Stop would
bust, else stop; spend wool rather than bust; place where the key of `placement_key` is
largest (a Stop that would succeed, a bonus, touching this turn's dice, the dearer space,
fewer dice, wool, a lower row, a lower space id; then the lowest action id, as Python's `max`
takes the first of equals), and spend wool instead when that placement would use the last
dice and bust. The tests compare every decision with the scalar bot's on shared positions.
"""

from __future__ import annotations

import numpy as np

from dicehall.batch.engine import IntArray
from dicehall.games.purrramid.actions import BUST, CONTINUE, SPEND_WOOL, STOP
from dicehall.games.purrramid.batch import tables as tb
from dicehall.games.purrramid.batch.engine import DECIDE, PLACE, U1, PurrramidBatch
from dicehall.games.purrramid.board import MAX_DICE

CONTINUE_FROM = 3  # games/purrramid/bots/greedy.py: continue while at least this many dice are left
PAIR_INDEX = {pair: p for p, pair in enumerate(tb.PAIRS)}


def greedy_actions(env: PurrramidBatch) -> IntArray:
    """The greedy bot's action in every game of `env`."""
    ids = env.ids
    out = np.full(env.batch, ids[CONTINUE], dtype=np.int64)
    deciding = np.flatnonzero(env.phase == DECIDE)
    if len(deciding):
        ok = _stop_ok(env, deciding)
        stop = ok & (env.left[deciding] < CONTINUE_FROM)
        out[deciding] = np.where(stop, ids[STOP], ids[CONTINUE])
    placing = np.flatnonzero(env.phase == PLACE)
    if len(placing):
        out[placing] = _place(env, placing)
    return out


def _slots(env: PurrramidBatch, idx: IntArray) -> tuple[np.ndarray, IntArray]:
    """This turn's spaces per game (`spaces`, "no space", in unused slots) and their count."""
    used = env.turn_len[idx]
    spaces = env.t.space_of[np.maximum(env.turn_acts[idx], 0)]
    spaces[np.arange(MAX_DICE)[None, :] >= used[:, None]] = env.t.spaces
    return spaces, used


def _stop_ok(env: PurrramidBatch, idx: IntArray) -> np.ndarray:
    """Whether Stop would succeed now: this turn's spaces connected and supported."""
    t = env.t
    spaces, used = _slots(env, idx)
    touch = t.touching[spaces[:, env._pair_j] * (t.spaces + 1) + spaces[:, env._pair_k]]
    connected = t.connected[used, touch @ env._pair_bits]
    filled = (env.tile_mask[idx] | env.dice_mask[idx])[:, None]
    supported = ((t.below[spaces] & ~filled) == 0).all(axis=1)
    ok: np.ndarray = connected & supported
    return ok


def _place(env: PurrramidBatch, idx: IntArray) -> IntArray:
    t, ids, k, n = env.t, env.ids, len(idx), env.t.spaces
    legal = env.legal_mask()[idx]
    wooly = legal[:, ids[SPEND_WOOL]]
    stuck = legal[:, ids[BUST]]  # no placement fits: reroll rather than bust
    spaces, used = _slots(env, idx)
    candidate = np.arange(n)[None, :]
    bit = t.bit[:n][None, :]
    mask = env.dice_mask[idx][:, None]
    filled = (env.tile_mask[idx][:, None] | mask) | bit  # [k, n]: with the candidate's die
    # connection: this turn's pairs, and the candidate (in slot `used`) with each space
    touch = t.touching[spaces[:, env._pair_j] * (n + 1) + spaces[:, env._pair_k]]
    edges = np.broadcast_to((touch @ env._pair_bits)[:, None], (k, n)).copy()
    supported = (t.below[:n][None, :] & ~filled) == 0
    for j in range(MAX_DICE - 1):
        present = (used > j)[:, None]
        meets = t.touching[spaces[:, j][:, None] * (n + 1) + candidate].astype(bool)
        pair = np.array([PAIR_INDEX.get((j, u), 0) for u in range(MAX_DICE + 1)])[used]
        edges |= (present & meets).astype(np.int64) << pair[:, None]
        supported &= ~present | ((t.below[spaces[:, j]][:, None] & ~filled) == 0)
    ok = t.connected[np.minimum(used + 1, MAX_DICE)[:, None], edges] & supported
    rows = np.bitwise_or.reduce(t.row_bit[spaces], axis=1)[:, None] | t.row_bit[:n][None, :]
    three_rows = np.bitwise_count(rows) >= 3
    touches = (mask == 0) | ((env._adjacent_bits[:n][None, :] & mask) > 0)
    wool = ((env.wool_mask[idx][:, None] >> np.arange(n, dtype=np.uint64)[None, :]) & U1) > 0
    # per action: its space's columns, and what its dice count changes
    space = np.minimum(t.space_of, n - 1)
    left_after = env.left[idx][:, None] - t.dice_of[None, :]
    start = env.dice[idx][:, None]
    ok_a = ok[:, space]
    bonus = ok_a & (start > 1) & ((left_after == 0) | three_rows[:, space])
    row = env.space_row[space][None, :]
    key = ok_a.astype(np.int64)
    for value, width in (
        (bonus, 2), (touches[:, space], 2), (t.cost[space][None, :], 4),
        (MAX_DICE + 1 - t.dice_of[None, :], 8), (wool[:, space], 2), (63 - row, 64),
        (63 - space[None, :], 64), ((1 << 20) - np.arange(len(space))[None, :], 1 << 21),
    ):  # fmt: skip
        key = key * width + value
    key = np.where(legal & (t.space_of < n)[None, :], key, -1)
    best = np.argmax(key, axis=1)
    rows_k = np.arange(k)
    spend = wooly & (t.dice_of[best] == env.left[idx]) & ~ok_a[rows_k, best]
    chosen = np.where(spend, ids[SPEND_WOOL], best)
    found: IntArray = np.where(stuck, ids[SPEND_WOOL], chosen)
    return found
