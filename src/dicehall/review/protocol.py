"""How a review values positions: the `Evaluator` protocol and where a game's exact one lives.

A game with an exact solution (or an exact part of one) provides a `review` part, a
`dicehall.core.parts.ReviewHooks`: `exact_evaluator(game) -> Evaluator | str` (the exact
evaluator for this parameter set, or a sentence saying why there is none here) and optionally
`annotator(game) -> Annotator | None` (exact side values of single decisions in another unit,
e.g. expected points of the turn, shown beside an estimated win chance).

Elsewhere the review estimates (`review.estimate.RolloutEvaluator`). An evaluator whose values
depend on where they are measured to (an estimate's horizon) also has `context(state)`: the
review values a state anew where the context changes and keeps the difference as drift
(`review.engine`); one without it is consistent everywhere (exact tables).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from dicehall import games
from dicehall.core.parts import ReviewHooks
from dicehall.review.model import Value

Annotator = Callable[[Any, int, Any], "dict[str, Any] | None"]
"""`(state, seat, action made) -> {"unit", "made", "best", "loss", "best_text", "best_action"}`
or None (`best_action` is examined by an estimate too, and left out of the review's JSON)."""


class Evaluator(Protocol):
    exact: bool
    method: str
    """One line: how values are computed (table, budget, ...)."""
    unit: str
    """What a value is, e.g. "chance to win (a shared win counts 1/2)"."""

    def state_value(self, state: Any, within: Any = None) -> Value:
        """Each seat's value at a running state where nobody decides (a chance event); an
        estimate measures it to the horizon of the state `within` (default: `state`)."""
        ...

    def action_values(
        self, state: Any, seat: int, chosen: Any, also: Sequence[Any] = ()
    ) -> dict[Any, Value]:
        """Each seat's value after each examined move of `seat` (always including `chosen`,
        and the moves `also`: a move the game's exact side values rank best)."""
        ...

    def terminal_value(self, state: Any) -> tuple[float, ...]:
        """Each seat's score of a finished game in the evaluator's objective."""
        ...


def game_hooks(game: Any) -> ReviewHooks | None:
    """The game's `review` part, or None when it has none."""
    return games.review_hooks(game.id)
