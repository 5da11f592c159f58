"""Purrramid's review hooks (`dicehall.review.protocol`): within a turn, every stop/continue,
placement and wool decision scored exactly in expected turn points.

The turn expectimax (`bots.turn_solver`) gives each move's exact expectation, over
every roll of the dice left, of the turn's worth under the best play for the rest of the turn:
tiles placed, plus fixed estimates for the wool taken (half a tile) and for the bonus turn
earned (`bots.turn_solver.BONUS_VALUE`). What is exact is that expectation, so a move's
loss in expected turn points is exact; the chance to win is not solved for Purrramid (its
turns interact through the shared board) and the review estimates it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehall.core.parts import ReviewHooks
from dicehall.core.types import OMNISCIENT
from dicehall.games.purrramid.actions import BUST, CONTINUE, SPEND_WOOL, STOP, Place

ESTIMATE = {"policy": "prior", "moves": 2}
"""The win-chance estimate: every seat plays the expert bot (the prior, `PRIOR`: the turn
expectimax, one per turn, shared by all playouts through it) and two moves per decision, the
one made and the turn's exact best. MCTS's fast rollouts played the rest of a turn so badly
(a continue busted far more often than the expert's) that the estimate called the turn's
exactly best continue a mistake of several points."""
UNIT = "expected turn points (tiles; wool and bonus turns at fixed worths)"


def exact_evaluator(game: Any) -> str:
    return (
        "Purrramid's chance to win is not solved: it is estimated; each decision within a turn"
        " is scored exactly in expected turn points"
    )


class TurnSolvers:
    """One turn expectimax per turn, the expert bot's (`ExpertBot.solver`): its memo serves
    every decision of that turn (the board's tiles, wool and the player's tiles left do not
    change within a turn)."""

    def __init__(self, game: Any) -> None:
        from dicehall.games.purrramid.bots.expert import ExpertBot

        self._expert = ExpertBot(game)

    def solver(self, view: dict[str, Any], seat: int) -> Any:
        """The turn solver of `seat`'s turn (`seat` is the one to move in `view`)."""
        from dicehall.games.purrramid.view_read import read_turn

        return self._expert.solver(view, read_turn(view))


def move_values(
    game: Any, state: Any, seat: int, solvers: TurnSolvers | None = None
) -> dict[Any, float]:
    """The exact expected turn points of each legal move of `seat` (from its own view)."""
    view = game.observe(state, seat)
    return view_values(view, seat, game.legal_actions(state, seat), solvers or TurnSolvers(game))


def view_values(
    view: dict[str, Any], seat: int, legal: Sequence[Any], solvers: TurnSolvers
) -> dict[Any, float]:
    """`move_values` from the seat's view alone."""
    from dicehall.games.purrramid.bots.turn_solver import WOOL_VALUE
    from dicehall.games.purrramid.view_read import read_turn

    turn = read_turn(view)
    solver = solvers.solver(view, seat)
    tokens = view["wool"][seat]
    out: dict[Any, float] = {}
    for action in legal:
        if action == STOP:
            out[action] = solver.stop(turn.dice, turn.left)
        elif action == CONTINUE:
            out[action] = solver.continue_value(turn.dice, turn.left, tokens)
        elif action == SPEND_WOOL:
            again = solver.continue_value(turn.dice, turn.left, tokens - 1) - WOOL_VALUE
            out[action] = again
        elif action == BUST:
            out[action] = 0.0
        elif isinstance(action, Place):
            dice = turn.dice | 1 << action.space
            out[action] = solver.value(dice, turn.left - len(action.dice), tokens)
    return out


def annotator(game: Any) -> Any:
    solvers = TurnSolvers(game)

    def annotate(state: Any, seat: int, action: Any) -> dict[str, Any] | None:
        values = move_values(game, state, seat, solvers)
        if action not in values or len(values) < 2:
            return None
        best = max(values, key=values.__getitem__)
        if values[action] >= values[best] - 1e-9:
            best = action
        return {
            "unit": UNIT,
            "made": values[action],
            "best": values[best],
            "loss": values[best] - values[action],
            "best_text": game.describe(best, OMNISCIENT),
            "best_action": best,
            "moves": len(values),
        }

    return annotate


def coach_values(
    game: Any, view: dict[str, Any], seat: int, legal: Sequence[Any]
) -> tuple[dict[Any, float], str, str] | None:
    """The coach's exact values: each move's expected turn points (`dicehall.review.coach`)."""
    values = view_values(view, seat, legal, TurnSolvers(game))
    if not values:
        return None
    method = "exact: the turn's expectimax over every roll of the dice left (this turn only)"
    return values, UNIT, method


HOOKS = ReviewHooks(
    exact_evaluator=exact_evaluator,
    annotator=annotator,
    coach_values=coach_values,
    estimate=ESTIMATE,
)
"""This game's `review` part (`GameParts.review`)."""
