"""Puru Puru's greedy bot (`games/puru/bots/greedy.py`) over a batch, Basic game and Solo: the same
decision in every game, in the same floating-point arithmetic.

The bot values each final roll of the dice by `position` gains (its own, less its rivals'
weighted), and takes the reroll with the best expectation over the exact roll tables, or
resolves. Here the positions come from a table of `position` itself, each seat's term is
added in seat order (a seat with no change adds zero, which changes no sum), and an
expectation is summed in the bot's order with `cumsum` (numpy's sums are pairwise), so that
the comparisons `ev > best + 1e-9` see the bot's own numbers.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from dicehall.batch.engine import IntArray
from dicehall.games.puru.actions import GIVE_AWAY, INDEX, KEEP, RESOLVE, Reroll
from dicehall.games.puru.batch import tables as tb
from dicehall.games.puru.batch.engine import KEEP_PHASE, PuruBatch
from dicehall.games.puru.bots.greedy import LOW_JELLY, _float_rolls, position
from dicehall.games.puru.dice import MAX_DICE
from dicehall.games.puru.state import PAID_REROLL, TRACK_MAX

EPSILON = 1e-9  # games/puru/bots/greedy.py: a reroll must beat the best by more than this
RESOLVE_ID, KEEP_ID, GIVE_ID = INDEX.encode(RESOLVE), INDEX.encode(KEEP), INDEX.encode(GIVE_AWAY)
REROLLS = tuple((i, tb.pack(a.counts), sum(a.counts)) for i, a in enumerate(INDEX.actions)
                if isinstance(a, Reroll))  # fmt: skip


@lru_cache(maxsize=1)
def positions() -> np.ndarray:
    """`position(love, excite, jelly)` for every value of the tracks, as the bot computes it."""
    size = TRACK_MAX + 1
    table = np.zeros((size, size, size))
    for love in range(size):
        for excite in range(size):
            for jelly in range(size):
                table[love, excite, jelly] = position(love, excite, jelly)
    return table


def reroll_cost(jelly: int) -> float:
    return 10.0 * (math.log(jelly) - math.log(jelly - 1)) if jelly > 1 else 0.0


COSTS = np.array([reroll_cost(j) for j in range(TRACK_MAX + 1)])


def greedy_actions(env: PuruBatch) -> IntArray:
    """The greedy bot's action in every game of `env` (every decision is the roller's)."""
    out = np.full(env.batch, RESOLVE_ID, dtype=np.int64)
    keeping = np.flatnonzero(env.phase == KEEP_PHASE)
    if len(keeping):
        dice = env.dice[keeping]
        keep = _values(env, keeping, dice[:, None], tb.KEPT_MAJORITY)[:, 0]
        give = _values(env, keeping, dice[:, None], tb.GIVEN_AWAY)[:, 0]
        out[keeping] = np.where(keep >= give, KEEP_ID, GIVE_ID)
    choosing = np.flatnonzero((env.phase != KEEP_PHASE) & (env.rerolls < PAID_REROLL))
    if len(choosing):
        out[choosing] = _choose(env, choosing)
    return out


def _values(env: PuruBatch, idx: IntArray, finals: np.ndarray, how: int) -> np.ndarray:
    """`[games, finals]`: the bot's `_value` of resolving each final roll (packed) `how`."""
    n, t, pos = env.num_players, env.t, positions()
    roller = env.roller[idx][:, None]
    rivals = max(1, n - 1)
    weight = 1.0 if rivals == 1 else 1.5 / rivals
    row = finals * 3 + how
    total = np.zeros(finals.shape)
    for seat in range(n):
        me = roller == seat
        near = (roller + 1) % n == seat
        near |= (roller - 1) % n == seat
        gains = [np.where(me, t.roller_gain[k][row], np.where(near, t.neighbour_gain[k][row], 0))
                 for k in range(3)]  # fmt: skip
        love = env.love[idx, seat][:, None]
        excite = env.excite[idx, seat][:, None]
        jelly = env.jelly[idx, seat][:, None]
        now = pos[love, excite, jelly]
        after = pos[
            np.minimum(TRACK_MAX, love + gains[0]), np.minimum(TRACK_MAX, excite + gains[1]),
            np.maximum(0, np.minimum(TRACK_MAX, jelly - gains[2])),
        ]  # fmt: skip
        term = np.where(me, after - now, -weight * (after - now))
        total = total + term
    return total


@lru_cache(maxsize=8)
def _final_rolls(weights: tuple[int, int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Per number of dice rolled: the packed outcomes and their chances, in the bot's order
    (`[dice rolled, outcome]`, padded with chance 0)."""
    rolls = _float_rolls(weights)
    width = max(len(r) for r in rolls)
    packs = np.zeros((MAX_DICE + 1, width), dtype=np.int64)
    chances = np.zeros((MAX_DICE + 1, width))
    for m, pairs in enumerate(rolls):
        for j, (counts, p) in enumerate(pairs):
            packs[m, j], chances[m, j] = tb.pack(counts), p
    return packs, chances


def _choose(env: PuruBatch, idx: IntArray) -> IntArray:
    """Reroll for the best expectation, or resolve (`_reroll_or_resolve`)."""
    packs, chances = _final_rolls(env.weights)
    dice = env.dice[idx]
    six = packs[MAX_DICE][: int((chances[MAX_DICE] > 0).sum())]  # every final of 6 dice
    resolve = _values(env, idx, six[None, :], tb.NOT_KEPT)
    same = env.t.all_same[six]
    if same.any():  # six of a kind: the better of keeping and giving away
        keep = _values(env, idx, six[None, same], tb.KEPT_MAJORITY)
        give = _values(env, idx, six[None, same], tb.GIVEN_AWAY)
        resolve[:, same] = np.maximum(keep, give)
    value = resolve  # [games, final]: by position in `six`
    where = np.zeros(tb.PACKED, dtype=np.int64)
    where[six] = np.arange(len(six))
    rows = np.arange(len(idx))
    best = value[rows, where[dice]]
    jelly = env.jelly[idx, env.roller[idx]]
    paying = env.rerolls[idx] == PAID_REROLL - 1
    cost = np.where(paying, COSTS[jelly], 0.0)
    out = np.full(len(idx), RESOLVE_ID, dtype=np.int64)
    can = ~(paying & (jelly <= LOW_JELLY))  # never pay a Jelly at 3 or below
    for action, part, m in REROLLS:
        legal = can & env.t.masks[2 * dice + 1, action]
        if not legal.any():
            continue
        at = np.flatnonzero(legal)
        kept = dice[at] - part
        outcomes = int((chances[m] > 0).sum())
        terms = (
            chances[m][None, :outcomes]
            * value[at[:, None], where[kept[:, None] + packs[m][None, :outcomes]]]
        )
        ev = np.cumsum(np.concatenate([-cost[at][:, None], terms], axis=1), axis=1)[:, -1]
        better = ev > best[at] + EPSILON
        best[at[better]] = ev[better]
        out[at[better]] = action
    return out
