"""Exact reviews of Puru Puru where the game is solved: Solo against AutoPuray or
SuperAutoPuray, and the 2-player Basic game (the review's hook, `dicehall.review.protocol`).

Values are the solved tables' (`bots.solve_solo`, `bots.solve_duel`): in Solo your
exact chance to win (a shared win counts as a win, as the solver counts it) with optimal play
from here; in the duel the exact minimax value, P(win alone) + 1/2 P(shared win or nobody's),
with both players optimal from here. Decisions (resolve or reroll which dice, keep or give six
of a kind) are valued by the same tables the expert bot plays from. A review never solves: a
table missing from the disk cache (`dicehall solve puru` fills it) makes the review an estimate.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehall.core.parts import ReviewHooks
from dicehall.core.valuation import Value
from dicehall.games.puru.bots.solve_solo import kept_sets
from dicehall.games.puru.state import Phase, PuruState

DUEL_UNIT = "chance to win (a shared win, or nobody's, counts 1/2)"
SOLO_UNIT = "your chance to win (a shared win counts as a win)"


def _pos(state: PuruState, roller: int) -> tuple[int, int, int, int, int, int]:
    other = 1 - roller
    return (state.love[roller], state.excite[roller], state.jelly[roller],
            state.love[other], state.excite[other], state.jelly[other])  # fmt: skip


def _turn_start(state: PuruState) -> tuple[int, int, int, int, int, int]:
    """The roller's position when its turn began: a paid reroll took 1 Jelly (puru.md, *A turn*)."""
    a, b, c, d, e, f = _pos(state, state.roller)
    return (a, b, c + (state.rerolls >= 2), d, e, f)


def _mid_turn(tables: tuple[Any, Any, Any, float], state: PuruState) -> float:
    """The roller's value of a roll about to complete its kept dice (or of the turn's first)."""
    if state.rerolls == 0:
        return tables[3]
    after = tables[1] if state.rerolls == 1 else tables[2]
    return float(after[kept_sets()[1][state.dice], 0])


class DuelEvaluator:
    """The 2-player Basic game from `puru_duel`'s table (`sol`: a `DuelSolution`)."""

    exact = True
    unit = DUEL_UNIT

    def __init__(self, game: Any, sol: Any) -> None:
        self.game, self.sol = game, sol
        self.method = "exact: the solved 2-player Basic table (optimal play by both from here)"

    def _pair(self, roller: int, v: float) -> Value:
        return Value((v, 1.0 - v) if roller == 0 else (1.0 - v, v))

    def terminal_value(self, state: PuruState) -> tuple[float, ...]:
        winners = self.game.result(state).winners
        if not winners:  # nobody won: valued like a draw (bots.solve_duel)
            return (0.5, 0.5)
        return tuple(1.0 / len(winners) if s in winners else 0.0 for s in range(2))

    def state_value(self, state: PuruState, within: Any = None) -> Value:
        # exact: the same value whatever horizon `within` would set
        from dicehall.games.puru.bots.solve_duel import turn_tables

        if state.phase != Phase.ROLL:
            raise ValueError(f"not a chance node: {state.phase!r}")
        if state.rerolls == 0:
            return self._pair(state.roller, self.sol.value(*_pos(state, state.roller)))
        tables = turn_tables(self.sol, _turn_start(state))
        return self._pair(state.roller, _mid_turn(tables, state))

    def action_values(
        self, state: PuruState, seat: int, chosen: Any, also: Sequence[Any] = ()
    ) -> dict[Any, Value]:
        from dicehall.games.puru.bots.solve_duel import values

        found = values(self.sol, self.game.observe(state, seat))
        return {a: self._pair(seat, v) for a, v in found.items()}


class SoloEvaluator:
    """Solo from `puru_solo`'s tables (`lo`: the solved grid's corner, 0 for the whole game)."""

    exact = True
    unit = SOLO_UNIT

    def __init__(self, game: Any, lo: int = 0) -> None:
        from dicehall.games.puru.bots.expert import ExpertBot

        self.game, self.lo = game, lo
        self.expert = ExpertBot(game, 0, lo=lo)
        name = "SuperAutoPuray" if game.auto_dice == 4 else "AutoPuray"
        self.method = f"exact: the solved Solo table against {name} (your optimal play from here)"

    def _sol(self) -> Any:
        from dicehall.games.puru.bots.expert import solution

        return solution(self.game.auto_dice, self.lo)

    def terminal_value(self, state: PuruState) -> tuple[float, ...]:
        won = 0 in self.game.result(state).winners
        return (1.0, 0.0) if won else (0.0, 1.0)

    def state_value(self, state: PuruState, within: Any = None) -> Value:
        # exact: the same value whatever horizon `within` would set
        from dicehall.games.puru.bots.solve_solo import turn_tables

        if state.phase != Phase.ROLL:
            raise ValueError(f"not a chance node: {state.phase!r}")
        sol = self._sol()
        if state.roller == 1:  # AutoPuray's roll: no choices (puru.md, *Solo*)
            w = sol.auto_value(*_pos(state, 0))
        else:
            w = _mid_turn(turn_tables(sol, _turn_start(state)), state)
        return Value((w, 1.0 - w))

    def action_values(
        self, state: PuruState, seat: int, chosen: Any, also: Sequence[Any] = ()
    ) -> dict[Any, Value]:
        found = self.expert.values(self.game.observe(state, seat))
        return {a: Value((w, 1.0 - w)) for a, w in found.items()}


def exact_evaluator(game: Any) -> Any:
    """The exact evaluator for this game, or why there is none (a sentence)."""
    from dicehall.core.tables import tables
    from dicehall.games.puru.bots.expert import plays_duel_table, plays_solo_table

    if plays_duel_table(game):
        from dicehall.games.puru.bots.expert import duel_solution
        from dicehall.games.puru.bots.solve_duel import cache_name

        if not tables().has(cache_name()):
            return "the 2-player table is not solved on this machine (`dicehall solve puru`)"
        return DuelEvaluator(game, duel_solution())
    if plays_solo_table(game):
        from dicehall.games.puru.bots.solve_solo import cache_name as solo_name

        if not tables().has(solo_name(game.auto_dice)):
            return "the Solo table is not solved on this machine (`dicehall solve puru`)"
        return SoloEvaluator(game)
    return "no exact solution for these rules (only Solo and the 2-player Basic game are solved)"


def coach_values(
    game: Any, view: dict[str, Any], seat: int, legal: Sequence[Any]
) -> tuple[dict[Any, float], str, str] | None:
    """The coach's exact values where a solved table is on this machine, from the seat's view
    (`dicehall.review.coach`); None elsewhere."""
    found = exact_evaluator(game)
    if isinstance(found, DuelEvaluator):
        from dicehall.games.puru.bots.solve_duel import values

        return values(found.sol, view), DUEL_UNIT, found.method
    if isinstance(found, SoloEvaluator) and seat == 0:
        return found.expert.values(view), SOLO_UNIT, found.method
    return None


HOOKS = ReviewHooks(
    exact_evaluator=exact_evaluator,
    coach_values=coach_values,
)
"""This game's `review` part (`GameParts.review`)."""
