"""Pig's batched step as one pure function of arrays, for numpy and `jax.numpy` alike.

`step(xp, state, actions, faces, rules)` is `PigBatch`'s step (the rules: rules.md beside the
package's `rules.py`) written without in-place writes, index arrays of varying length or a
random generator: every update is an `xp.where` over the whole batch, the faces come in as an
array (numpy's generator, or `jax.random` under `jax.jit`), and finished games start again by
masking. `xp` is `numpy` or `jax.numpy`; nothing here imports jax (an optional extra).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from dicehall_pig.rules import INDEX
from dicehall_pig.state import HOLD

HOLD_ID = INDEX.encode(HOLD)


class Rules(NamedTuple):
    players: int
    target: int
    horizon: int


class State(NamedTuple):
    """`PigBatch`'s arrays: banked `[B, players]`, the others `[B]`."""

    banked: Any
    seat: Any
    turn_total: Any
    decisions: Any


def initial(xp: Any, batch: int, rules: Rules) -> State:
    zeros = xp.zeros(batch, dtype=xp.int32)
    return State(xp.zeros((batch, rules.players), dtype=xp.int32), zeros, zeros, zeros)


def may_roll(xp: Any, state: State, rules: Rules) -> Any:
    """Bool `[B]`: Roll is legal (holding does not win yet, *A turn*); Hold always is."""
    mine = xp.take_along_axis(state.banked, state.seat[:, None], axis=1)[:, 0]
    return mine + state.turn_total < rules.target


def step(xp: Any, state: State, actions: Any, faces: Any, rules: Rules) -> tuple[State, Any, Any]:
    """One action per game (0 Roll, 1 Hold), the die `faces` `[B]` read where a Roll lands.
    Returns the new state (ended games started again), `done` `[B]` and `returns`
    `[B, players]` (1 shared among the winners of the games that ended)."""
    banked, seat, turn_total, decisions = state
    hold = actions == HOLD_ID
    decisions = decisions + 1
    rolling = ~hold & (decisions < rules.horizon)  # a Roll at the horizon ends the game first
    bust = rolling & (faces == 1)  # a 1 loses the turn total and the turn (*A turn*)
    mine = xp.arange(rules.players)[None, :] == seat[:, None]
    banked = banked + xp.where(mine & hold[:, None], turn_total[:, None], 0)
    turn_total = xp.where(rolling & ~bust, turn_total + faces, 0)
    won = (banked >= rules.target).any(axis=1)
    seat = xp.where(hold | bust, (seat + 1) % rules.players, seat)
    done = won | (decisions >= rules.horizon)  # *End*, *Horizon*
    winners = banked >= rules.target
    count = xp.maximum(winners.sum(axis=1, keepdims=True), 1)
    returns = xp.where(done[:, None] & winners, 1.0 / count, 0.0)
    keep = ~done
    state = State(
        xp.where(keep[:, None], banked, 0), xp.where(keep, seat, 0),
        xp.where(keep, turn_total, 0), xp.where(keep, decisions, 0),
    )  # fmt: skip
    return state, done, returns
