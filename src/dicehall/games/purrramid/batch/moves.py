"""Purrramid's legal actions over a batch: the whole mask, the check of one action per game,
and a uniformly random legal action per game (*A turn*: place dice on an open space whose
number they add up to, spend wool, bust with wool and no placement; continue or stop)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from dicehall.batch.engine import IntArray
from dicehall.games.purrramid.actions import BUST, CONTINUE, SPEND_WOOL, STOP
from dicehall.games.purrramid.state import Phase

if TYPE_CHECKING:
    from dicehall.games.purrramid.batch.engine import PurrramidBatch

U1 = np.uint64(1)
PLACE, DECIDE = int(Phase.PLACE), int(Phase.DECIDE)


def legal_mask(env: PurrramidBatch) -> np.ndarray:
    """Place: the dice are part of the roll and the space is open (unoccupied, and no
    dearer than the tiles left); SpendWool with wool; Bust with wool and no placement;
    Continue or Stop after a placement (*A turn*)."""
    b, every = env.batch, env._all
    mask = env.t.fits_roll[env.roll]
    open_bits = (env._open_all()[:, None] >> env._space_bits) & U1
    mask &= np.concatenate([open_bits.astype(bool), np.zeros((b, 1), bool)], axis=1)[
        :, env.t.space_of
    ]
    deciding = env.phase == DECIDE
    mask[deciding] = False
    mask[deciding, env.ids[CONTINUE]] = mask[deciding, env.ids[STOP]] = True
    wooly = ~deciding & (env.wool[every, env.seat] > 0)
    mask[wooly, env.ids[BUST]] = ~mask[wooly].any(axis=1)
    mask[wooly, env.ids[SPEND_WOOL]] = True
    return mask


def legal(env: PurrramidBatch, actions: IntArray) -> np.ndarray:
    every, t = env._all, env.t
    space = t.space_of[actions]
    free = env._open_all()
    is_open = (free >> np.minimum(space, 63).astype(np.uint64)) & U1
    placing = env.phase == PLACE
    place = placing & t.fits_roll[env.roll, actions] & (is_open > 0) & (space < t.spaces)
    wooly = placing & (env.wool[every, env.seat] > 0)
    fits = (t.placeable[env.roll] & free) > 0
    legal: np.ndarray = (
        place
        | ((env.phase == DECIDE) & ((actions == env.ids[CONTINUE]) | (actions == env.ids[STOP])))
        | (wooly & (actions == env.ids[SPEND_WOOL]))
        | (wooly & ~fits & (actions == env.ids[BUST]))
    )
    return legal


def random_actions(env: PurrramidBatch, rng: np.random.Generator) -> IntArray:
    """A uniformly random legal action per game, without the whole mask: the placements
    are the open spaces of `tables.levels` (a space's j-th placement is on level j)."""
    t = env.t
    out = np.where(rng.random(env.batch) < 0.5, env.ids[CONTINUE], env.ids[STOP])
    idx = np.flatnonzero(env.phase == PLACE)
    if not len(idx):
        return out
    roll = env.roll[idx]
    free = env._open_all()[idx]
    on_level = t.levels[roll] & free[:, None]
    sizes = np.bitwise_count(on_level).astype(np.int64)
    ahead = np.cumsum(sizes, axis=1)
    places = ahead[:, -1]
    wool = (env.wool[idx, env.seat[idx]] > 0).astype(np.int64)
    extra = wool * np.where(places > 0, 1, 2)  # SpendWool, and Bust when nothing fits
    k = (rng.random(len(idx)) * (places + extra)).astype(np.int64)
    level = np.minimum((ahead <= k[:, None]).sum(axis=1), on_level.shape[1] - 1)
    rows = np.arange(len(idx))
    rank = k - (ahead[rows, level] - sizes[rows, level])
    space = np.minimum(_nth_bit(on_level[rows, level], rank), t.spaces)
    chosen = t.place_id[roll, space, level]
    chosen = np.where(k == places, env.ids[SPEND_WOOL], chosen)
    out[idx] = np.where(k > places, env.ids[BUST], chosen)
    return out


def _nth_bit(masks: np.ndarray, rank: IntArray) -> IntArray:
    """The position of the `rank`-th set bit (from 0, lowest first) of each uint64 mask (0 for
    a mask with fewer bits), by binary search over prefix counts."""
    lo = np.zeros(len(masks), dtype=np.int64)
    hi = np.full(len(masks), 63, dtype=np.int64)
    for _ in range(6):
        mid = (lo + hi) // 2
        below = masks & ((U1 << (mid + 1).astype(np.uint64)) - U1)
        enough = np.bitwise_count(below).astype(np.int64) > rank
        hi = np.where(enough, mid, hi)
        lo = np.where(enough, lo, mid + 1)
    return lo
