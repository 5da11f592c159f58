"""Puru Puru expert: optimal play in Solo from the exact DP (`bots.solvers.puru_solo`).

In Solo it reads the position from the view and takes the action with the highest exact win
probability (shared wins count): resolve or reroll (which dice) from the solved tables, keep or
give six of a kind. The tables are solved once per process and opponent (some minutes, about
3.4 GB). Outside Solo no exact solution is known: the expert is MCTS with a larger budget.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from dicehall.core.types import View
from dicehall.games.puru.actions import GIVE_AWAY, KEEP, RESOLVE, Reroll
from dicehall.games.puru.dice import MAX_DICE, Counts, multisets

TIE = 1e-7  # prefer resolving when a reroll is no better than this


@lru_cache(maxsize=2)
def solution(auto_dice: int, lo: int = 0) -> Any:
    """The solved tables for one opponent (computed on first use, then kept)."""
    from dicehall.bots.solvers.puru_solo import solve

    return solve(auto_dice, lo)


def _counts(dice: dict[str, int]) -> Counts:
    return (dice["heart"], dice["star"], dice["crying"], dice["angry"])


class ExpertBot:
    level = "expert"

    def __init__(self, game: Any, seat: int, lo: int = 0, **options: Any) -> None:
        self.game, self.seat, self.lo = game, seat, lo
        self.fallback = None
        if not getattr(game, "solo", False) or seat != 0:
            from dicehall.bots import EXPERT_ITERATIONS
            from dicehall.bots.mcts import MCTSBot

            options.setdefault("iterations", EXPERT_ITERATIONS)
            self.fallback = MCTSBot(game, seat, level="expert", **options)

    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if self.fallback is not None:
            return self.fallback.act(view, legal_actions, rng)
        if len(legal_actions) == 1:
            return legal_actions[0]
        values = self.values(view)
        return max(values, key=lambda a: (values[a], a == RESOLVE))

    def values(self, view: View) -> dict[Any, float]:
        """The exact win probability of each legal choice at this decision."""
        import numpy as np

        from dicehall.bots.solvers.puru_solo import kept_sets, player_effects, turn_values

        sol = solution(self.game.auto_dice, self.lo)
        you, auto = view["players"][0], view["players"][1]
        pos = (you["love"], you["excitement"], you["jelly"],
               auto["love"], auto["excitement"], auto["jelly"])  # fmt: skip
        grid, table = sol.grid, sol.auto_turn
        here = grid.index(*pos)
        dice = _counts(view["dice"])
        if view["pending"] is not None:  # six of a kind: keep or give (§6)
            keep, give = (float(table[here + grid.offset(x)]) for x in player_effects(dice))
            return {KEEP: keep, GIVE_AWAY: give}
        every, where = kept_sets()
        resolve = np.zeros((len(every), 1), dtype=np.float32)
        paid = np.zeros_like(resolve)
        cost = grid.offset((0, 0, -1, 0, 0, 0))
        for m in multisets(MAX_DICE):
            offs = [grid.offset(x) for x in player_effects(m)]
            resolve[where[m], 0] = max(table[here + o] for o in offs)
            paid[where[m], 0] = 0.0 if pos[2] == 1 else max(table[here + cost + o] for o in offs)
        now = float(resolve[where[dice], 0])
        _, after_free, after_paid = turn_values(np, resolve, paid)  # (overwrites its inputs)
        after = after_free if view["rerolls_used"] == 0 else after_paid
        out: dict[Any, float] = {RESOLVE: now}
        for k in every:
            if sum(k) < MAX_DICE and all(x <= y for x, y in zip(k, dice, strict=True)):
                chosen = Reroll(*(y - x for x, y in zip(k, dice, strict=True)))
                out[chosen] = float(after[where[k], 0])
        return out
