"""Whole games played out from given positions, many at once: a search's leaf evaluation.

`Playouts(game, size)` keeps one batch of `size` games of `game`'s batched form. `returns(states,
rng)` loads the states into it (each state into `size / len(states)` slots, rounded, so that
every state has its share of playouts), plays every slot on with the batched bot `policy` (the
batched greedy bot where the game has one, else uniformly random actions) until each slot's
first game has ended, and gives each state's mean `Game.returns` over its playouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from dicehall.batch.engine import BatchGame
from dicehall.core import Game


class Playouts:
    """One batch of `size` games of `game`, for playouts from positions; see the module."""

    def __init__(self, game: Game[Any, Any], size: int, policy: str = "greedy") -> None:
        from dicehall.batch import for_game

        self.env: BatchGame = for_game(game, size)
        self.policy = policy if policy in self.env.bot_levels else "random"
        self.players = game.num_players
        self.limit = game.max_game_length
        self.played = 0
        """Playouts run so far (every slot of every call)."""

    def returns(self, states: Sequence[Any], rng: np.random.Generator) -> np.ndarray:
        """Float `[len(states), players]`: each state's mean returns over its playouts (a
        playout that reaches no end within the game's length counts as a shared result)."""
        env, n = self.env, len(states)
        if not 1 <= n <= env.batch:
            raise ValueError(f"from 1 to {env.batch} states per call, got {n}")
        owner = np.arange(env.batch) % n
        env.rng = rng
        env.load([states[i] for i in owner.tolist()])
        out = np.full((env.batch, self.players), 1.0 / self.players)
        finished = np.zeros(env.batch, dtype=bool)
        for _ in range(self.limit):
            env.step(env.bot_actions(self.policy, rng))
            first = env.done & ~finished
            out[first] = env.returns[first]
            finished |= env.done
            if finished.all():
                break
        self.played += env.batch
        total = np.zeros((n, self.players))
        np.add.at(total, owner, out)
        mean: np.ndarray = total / np.bincount(owner, minlength=n)[:, None]
        return mean
