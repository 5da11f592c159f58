"""Puru Puru expert: optimal play from exact DPs, in Solo and in the 2-player Basic game.

In Solo (`bots.solve_solo`) it reads the position from the view and takes the action
with the highest exact win probability (shared wins count): resolve or reroll (which dice) from
the solved tables, keep or give six of a kind. In the 2-player Basic game
(`bots.solve_duel`) it plays the minimax-optimal choice the same way. The tables are
solved once per machine (a few minutes, about 3.4 GB while solving) and kept in the disk cache
(256 MB each, memory-mapped; `dicehall solve puru` fills it ahead). Elsewhere (Full game, more
players, another die) no exact solution is known: the expert is the turn search
(`bots.turn_search`, one turn deeper than the `mcts` level in the Basic game).
"""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from dicehall.core.types import View
from dicehall.games.puru.actions import GIVE_AWAY, KEEP, RESOLVE, Reroll
from dicehall.games.puru.dice import DEFAULT_DIE, MAX_DICE, Counts, parse_die

_SOLVING = threading.Lock()  # web tables think in threads: one solve at a time, then loads


@lru_cache(maxsize=2)
def solution(auto_dice: int, lo: int = 0) -> Any:
    """The solved tables for one opponent (from the disk cache, else solved and cached)."""
    from dicehall.games.puru.bots.solve_solo import load_or_solve

    with _SOLVING:
        _turn.cache_clear()
        return load_or_solve(auto_dice, lo)


@lru_cache(maxsize=4096)
def _turn(auto_dice: int, lo: int, pos: tuple[int, ...]) -> tuple[Any, Any, Any, float]:
    """`turn_tables` at a position (both choices of a turn read the same tables)."""
    from dicehall.games.puru.bots.solve_solo import turn_tables

    a, b, c, d, e, f = pos
    return turn_tables(solution(auto_dice, lo), (a, b, c, d, e, f))


def plays_solo_table(game: Any) -> bool:
    """Solo with the die the DP was solved for (docs/rules/puru.md, *What you need* and *Solo*)."""
    from dicehall.games.puru.bots.solve_solo import DIE

    die = getattr(game, "params", {}).get("die", DEFAULT_DIE)
    return bool(getattr(game, "solo", False)) and parse_die(die) == parse_die(DIE)


@lru_cache(maxsize=1)
def duel_solution() -> Any:
    """The 2-player Basic table (from the disk cache, else solved and cached)."""
    from dicehall.games.puru.bots.solve_duel import load_or_solve

    with _SOLVING:
        return load_or_solve()


def plays_duel_table(game: Any) -> bool:
    """The 2-player Basic game with the standard die: what `puru_duel` solved."""
    from dicehall.games.puru.bots.solve_solo import DIE

    die = getattr(game, "params", {}).get("die", DEFAULT_DIE)
    basic = not getattr(game, "solo", False) and not getattr(game, "full", False)
    return basic and game.num_players == 2 and parse_die(die) == parse_die(DIE)


def _counts(dice: dict[str, int]) -> Counts:
    return (dice["heart"], dice["star"], dice["crying"], dice["angry"])


def has_table(game: Any, seat: int) -> bool:
    """A solved table plays this seat: the 2-player Basic game, or the player's seat in Solo."""
    return plays_duel_table(game) or (plays_solo_table(game) and seat == 0)


def make_expert(game: Any, seat: int, **options: Any) -> ExpertBot | None:
    """The exact player where a solved table covers the seat, else None (the front end searches
    instead); `options` are the searching expert's budget, which tables do not need."""
    return ExpertBot(game, seat) if has_table(game, seat) else None


class ExpertBot:
    level = "expert"

    def __init__(self, game: Any, seat: int, lo: int = 0) -> None:
        if not has_table(game, seat):
            raise ValueError(f"no solved table plays seat {seat} of {game!r}")
        self.game, self.seat, self.lo = game, seat, lo
        self.duel = plays_duel_table(game)

    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if self.duel:
            from dicehall.games.puru.bots.solve_duel import best_action

            return best_action(duel_solution(), view, legal_actions)
        if len(legal_actions) == 1:
            return legal_actions[0]
        values = self.values(view)
        return max(values, key=lambda a: (values[a], a == RESOLVE))

    def values(self, view: View) -> dict[Any, float]:
        """The exact win probability of each legal choice at this decision."""
        from dicehall.games.puru.bots.solve_solo import kept_sets, player_effects

        sol = solution(self.game.auto_dice, self.lo)
        you, auto = view["players"][0], view["players"][1]
        pos = (you["love"], you["excitement"], you["jelly"],
               auto["love"], auto["excitement"], auto["jelly"])  # fmt: skip
        dice = _counts(view["dice"])
        if view["pending"] is not None:  # six of a kind: keep or give
            keep, give = (
                sol.auto_value(*(p + x for p, x in zip(pos, move, strict=True)))
                for move in player_effects(dice)
            )
            return {KEEP: keep, GIVE_AWAY: give}
        every, where = kept_sets()
        resolve, after_free, after_paid, _ = _turn(self.game.auto_dice, self.lo, pos)
        after = after_free if view["rerolls_used"] == 0 else after_paid
        out: dict[Any, float] = {RESOLVE: float(resolve[where[dice], 0])}
        for k in every:
            if sum(k) < MAX_DICE and all(x <= y for x, y in zip(k, dice, strict=True)):
                chosen = Reroll(*(y - x for x, y in zip(k, dice, strict=True)))
                out[chosen] = float(after[where[k], 0])
        return out
