"""The tables Purrramid's batched rules read, made once per board from the rules' own helpers.

Space masks are uint64 bit sets (a board has at most 64 spaces here). A roll, a sorted multiset
of at most 5 dice, is a roll id below 462 (`ROLLS`); a placement is the rules' action id.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from typing import NamedTuple

import numpy as np

from dicehall.games.purrramid.actions import Place, action_index
from dicehall.games.purrramid.board import MAX_DICE, Board

MAX_SPACES = 64
ROLLS: tuple[tuple[int, ...], ...] = tuple(
    m for k in range(MAX_DICE + 1) for m in combinations_with_replacement(range(1, 7), k)
)
"""Every sorted roll of 0 to 5 dice; its position is its roll id (0: no dice)."""
ROLL_ID = {m: i for i, m in enumerate(ROLLS)}
PAIRS = tuple((j, k) for j in range(MAX_DICE) for k in range(j + 1, MAX_DICE))
"""The pairs of a turn's placement slots, whose adjacency bits make `connected`'s key."""
DRAWS = 6**MAX_DICE


def _counts(dice: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(dice.count(face) for face in range(1, 7))


class Tables(NamedTuple):
    spaces: int
    cost: np.ndarray
    """Per space (one more entry, 0, for "no space"): tiles it takes."""
    row_bit: np.ndarray
    """Per space: `1 << row` (0 for "no space")."""
    below: np.ndarray
    """Per space: the uint64 mask of the spaces it rests on."""
    bit: np.ndarray
    """Per space: its uint64 bit (0 for "no space")."""
    fits: np.ndarray
    """By tiles left (up to the dearest space): the uint64 mask of the spaces that cost no more."""
    all_mask: int
    space_of: np.ndarray
    """Per action id: the space a Place fills (`spaces`, "no space", for the other actions)."""
    dice_of: np.ndarray
    """Per action id: how many dice a Place uses."""
    fits_roll: np.ndarray
    """`[roll id, action id]`: the Place's dice are part of the roll."""
    placeable: np.ndarray
    """Per roll id: the uint64 mask of the spaces some of its dice add up to."""
    counts: np.ndarray
    """`[roll id, space]`: how many placements of the roll the space takes."""
    place_id: np.ndarray
    """`[roll id, space, j]`: the j-th of them, in id order."""
    levels: np.ndarray
    """`[roll id, j]`: the uint64 mask of the spaces that take more than j placements."""
    draws: np.ndarray
    """`[dice, draw]`: the roll id of the first `dice` base-6 digits of a draw below 6**5,
    every sequence of faces equally likely (the exact distribution of the rules)."""
    connected: np.ndarray
    """`[slots used, adjacency bits of PAIRS]`: whether the spaces form one group."""
    touching: np.ndarray
    """`[space * (spaces + 1) + space]`: whether two spaces touch ("no space" touches none)."""


@lru_cache(maxsize=4)
def build(board: Board) -> Tables:
    n = len(board.spaces)
    index = action_index(board)
    actions = index.actions
    cost = np.array([*(s.cost for s in board.spaces), 0], dtype=np.int64)
    row_bit = np.array([*(1 << s.row for s in board.spaces), 0], dtype=np.int64)
    below = np.array([*board.below, 0], dtype=np.uint64)
    bit = np.array([*(1 << s for s in range(n)), 0], dtype=np.uint64)
    dearest = int(cost.max())
    fits = np.array(
        [sum(1 << s.id for s in board.spaces if s.cost <= r) for r in range(dearest + 1)],
        dtype=np.uint64,
    )
    space_of = np.full(len(actions), n, dtype=np.int64)
    dice_of = np.zeros(len(actions), dtype=np.int64)
    fits_roll = np.zeros((len(ROLLS), len(actions)), dtype=bool)
    places = [(i, a) for i, a in enumerate(actions) if isinstance(a, Place)]
    for i, a in places:
        space_of[i], dice_of[i] = a.space, len(a.dice)
    need = np.array([_counts(a.dice) for _, a in places], dtype=np.int64)
    have = np.array([_counts(roll) for roll in ROLLS], dtype=np.int64)
    place_ids = np.array([i for i, _ in places], dtype=np.int64)
    fits_roll[:, place_ids] = (need[None, :, :] <= have[:, None, :]).all(axis=2)
    count = np.zeros((len(ROLLS), n + 1), dtype=np.int64)
    for r in range(len(ROLLS)):
        np.add.at(count[r], space_of[fits_roll[r]], 1)
    place_id = np.zeros((len(ROLLS), n + 1, max(1, int(count.max()))), dtype=np.int64)
    for r in range(len(ROLLS)):
        ids = np.flatnonzero(fits_roll[r])  # Place ids run space by space
        on = space_of[ids]
        _, first, group = np.unique(on, return_index=True, return_inverse=True)
        place_id[r, on, np.arange(len(ids)) - first[group]] = ids
    placeable = np.array(
        [sum(1 << s for s in range(n) if count[r, s]) for r in range(len(ROLLS))], dtype=np.uint64
    )
    levels = np.array(
        [[sum(1 << s for s in range(n) if count[r, s] > j) for j in range(place_id.shape[2])]
         for r in range(len(ROLLS))],
        dtype=np.uint64,
    )  # fmt: skip
    return Tables(
        n, cost, row_bit, below, bit, fits, board.all_mask, space_of, dice_of, fits_roll,
        placeable, count[:, :n].copy(), place_id, levels, _draws(), _connected(),
        _touching(board),
    )  # fmt: skip


def _touching(board: Board) -> np.ndarray:
    n = len(board.spaces)
    table = np.zeros((n + 1, n + 1), dtype=np.int64)
    for s, mask in enumerate(board.adjacent):
        for t in range(n):
            table[s, t] = mask >> t & 1
    return table.reshape(-1)


@lru_cache(maxsize=1)
def _draws() -> np.ndarray:
    draw = np.arange(DRAWS)
    faces = np.stack([draw // 6**d % 6 for d in range(MAX_DICE)], axis=1)  # 0..5 per die
    by_counts = np.zeros(8**6, dtype=np.int64)  # counts of faces 1..6, 3 bits each -> roll id
    for r, roll in enumerate(ROLLS):
        by_counts[sum(c << (3 * f) for f, c in enumerate(_counts(roll)))] = r
    table = np.zeros((MAX_DICE + 1, DRAWS), dtype=np.int64)
    packed = np.zeros(DRAWS, dtype=np.int64)
    for dice in range(1, MAX_DICE + 1):
        packed += 1 << (3 * faces[:, dice - 1])
        table[dice] = by_counts[packed]
    return table


@lru_cache(maxsize=1)
def _connected() -> np.ndarray:
    table = np.zeros((MAX_DICE + 1, 1 << len(PAIRS)), dtype=bool)
    for used in range(MAX_DICE + 1):
        for edges in range(1 << len(PAIRS)):
            links = [(j, k) for p, (j, k) in enumerate(PAIRS) if edges >> p & 1]
            seen = {0} if used else set()
            for _ in range(used):
                seen |= {k for j, k in links if j in seen} | {j for j, k in links if k in seen}
            table[used, edges] = seen >= set(range(used))
    return table
