"""Puru Puru's Gymnasium observations for every game of a batch at once.

The same vector as `features.encode_state(game, state, roller)` for each game's state (the
viewer is the player to move; a test compares them at the rules engine's own states), built
from the batch's arrays as one block after another instead of one state object per game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from dicehall.games.puru.state import PAID_REROLL, TRACK_MAX

if TYPE_CHECKING:
    from dicehall.games.puru.batch.engine import PuruBatch

KEEP = 3
"""`Phase.KEEP`."""


def _hot(index: np.ndarray, size: int) -> np.ndarray:
    """One-hot rows (zeros where `index` is out of range, as `core.features.hot`)."""
    out = np.zeros((len(index), size))
    ok = (index >= 0) & (index < size)
    out[np.flatnonzero(ok), index[ok]] = 1.0
    return out


def _counts(packed: np.ndarray) -> np.ndarray:
    """`[B, 4]`: the dice of each face in packed multisets (`tables.pack`)."""
    return np.stack([packed >> (3 * f) & 7 for f in range(4)], axis=1)


def observations(env: PuruBatch) -> np.ndarray:
    """Float32 `[B, F]`, clipped to -10..10 as the Gymnasium environment's Box."""
    b, n, t = env.batch, env.num_players, env.t
    roller, phase, dice = env.roller, env.phase, env.dice
    game: Any = env.game
    mode = (3 if env.auto_dice == 4 else 2) if env.solo else (1 if game.full else 0)
    blocks = [_hot(roller, n), np.tile(_hot(np.array([mode]), 4), (b, 1)), _hot(phase, 6)]
    blocks += [_hot(roller, n), _hot(roller, n)]  # whose roll, and who acts: the roller
    seats = np.zeros((b, n, 10))
    seats[:, :, 0] = env.love / TRACK_MAX
    seats[:, :, 1] = env.excite / TRACK_MAX
    seats[:, :, 2] = env.jelly / TRACK_MAX
    if env.solo:
        seats[:, 1, 9] = 1.0  # AutoPuray: the rules play it
    blocks.append(seats.reshape(b, n * 10))
    counts = _counts(dice)
    blocks.append(counts / 6.0)
    auto = (roller == 1) if env.solo else np.zeros(b, dtype=bool)
    left = np.where(auto, 0, PAID_REROLL - env.rerolls)
    rolling = np.zeros(b)  # between steps nobody is rolling
    blocks.append(np.stack([env.n_dice / 6.0, rolling, env.rerolls / 3.0, left / 3.0], axis=1))
    blocks.append((left == 1)[:, None].astype(float))
    majority = np.where(t.dice[dice] == env.n_dice, t.majority[dice], -1)
    count = np.take_along_axis(counts, np.maximum(majority, 0)[:, None], axis=1)[:, 0]
    blocks += [_hot(majority, 4), np.where(majority >= 0, count / 6.0, 0.0)[:, None]]
    keeping = phase == KEEP
    pending = np.concatenate([_hot(np.where(keeping, 0, -1), 4), _hot(roller, n)], axis=1)
    blocks.append(np.where(keeping[:, None], pending, 0.0))
    blocks.append(np.zeros((b, 3 * n + 4)))  # no resolution is ever pending between steps
    blocks.append(_last(env))
    out = np.concatenate(blocks, axis=1).astype(np.float32)
    return np.clip(out, -10.0, 10.0, out=out)


def _last(env: PuruBatch) -> np.ndarray:
    """The last resolved roll: its roller, dice, majority and each seat's gains (as
    `PuruBatch._last` summarises it), zeros before the first."""
    b, n, t = env.batch, env.num_players, env.t
    r, dice, how = env.last_roller, env.last_dice, env.last_how
    rows = np.arange(b)
    seen = r >= 0
    at = np.maximum(r, 0)
    row = dice * 3 + np.minimum(how, 2)
    gains = np.zeros((b, 3, n))
    for k, sign in ((0, 1), (1, 1), (2, -1)):
        gains[rows, k, at] += sign * t.roller_gain[k, row]
        gains[rows, k, (at + 1) % n] += sign * t.neighbour_gain[k, row]
        if n > 2:
            gains[rows, k, (at - 1) % n] += sign * t.neighbour_gain[k, row]
    majority = t.majority[dice]
    auto = how == 3  # AutoPuray's roll (`engine.AUTO`): Heart and Star to it, drips to seat 0
    if auto.any():
        shown = _counts(dice[auto])
        gains[auto] = 0.0
        gains[np.flatnonzero(auto), 0, 1] = shown[:, 0]
        gains[np.flatnonzero(auto), 1, 1] = shown[:, 1]
        gains[np.flatnonzero(auto), 2, 0] = -shown[:, 2] - shown[:, 3]
        majority = np.where(auto, -1, majority)
    block = np.concatenate(
        [_hot(r, n), _counts(dice) / 6.0, _hot(majority, 4), gains.reshape(b, 3 * n) / 6.0],
        axis=1,
    )
    return np.where(seen[:, None], block, 0.0)
