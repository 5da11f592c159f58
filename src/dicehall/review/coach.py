"""The coach: for a seat's own decision, each legal move's value from that seat's view only.

Where the game provides exact values for this decision (`coach_values(game, view, seat, legal)`
of its `review` part: a solved table, a turn's expectimax) they are shown, labelled exact, in
the game's unit. Elsewhere each move is estimated: states are drawn from the view by the game's
determiniser (its `search` part's `state_from_view`, as MCTS does: what the seat sees is copied,
what it cannot see is sampled), and the move is played out from each (`review.estimate`); the
estimate carries its standard error. Nothing but the view goes in, so the coach reveals nothing
the seat cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dicehall.core.types import View
from dicehall.review.estimate import RolloutEvaluator, mean, standard_error
from dicehall.review.protocol import game_hooks

SAMPLES = 8  # states drawn from the view
ROLLOUTS = 4  # playouts per drawn state and move
MAX_MOVES = 12  # moves estimated per decision (the rest are listed without a value)


@dataclass(frozen=True, slots=True)
class Advice:
    action: Any
    index: int  # its place among the legal actions
    text: str
    value: float | None
    se: float | None  # None: exact (or not estimated)


@dataclass(frozen=True, slots=True)
class Coaching:
    exact: bool
    unit: str
    method: str
    moves: list[Advice]  # best first; moves not estimated last, value None

    def to_json(self) -> dict[str, Any]:
        return {
            "exact": self.exact,
            "unit": self.unit,
            "method": self.method,
            "moves": [
                {"i": m.index, "text": m.text, "value": m.value, "se": m.se} for m in self.moves
            ],
        }


def coach(
    game: Any,
    view: View,
    seat: int,
    legal: Sequence[Any],
    *,
    samples: int = SAMPLES,
    rollouts: int = ROLLOUTS,
    seed: int = 0,
) -> Coaching:
    """Each legal move's value to `seat`, from `view` (the seat's own) alone."""
    hooks = game_hooks(game)
    exact_hook = hooks.coach_values if hooks is not None else None
    found = exact_hook(game, view, seat, legal) if exact_hook is not None else None
    if found is not None:
        values, unit, method = found
        advice = [
            Advice(a, i, game.describe(a, seat), values[a], None)
            for i, a in enumerate(legal)
            if a in values
        ]
        return Coaching(True, unit, method, _ranked(advice))
    return _estimated(game, view, seat, legal, samples, rollouts, seed)


def _ranked(advice: list[Advice]) -> list[Advice]:
    return sorted(advice, key=lambda m: -(m.value if m.value is not None else -1.0))


def _estimated(
    game: Any, view: View, seat: int, legal: Sequence[Any], samples: int, rollouts: int, seed: int
) -> Coaching:
    from dicehall.bots.mcts import determiniser

    draw = determiniser(game.id)
    evaluator = RolloutEvaluator(game, rollouts=max(rollouts, 2), seed=seed)
    rng = random.Random(f"coach/{seed}")
    states = [draw(game, view, seat, rng) for _ in range(samples)]
    advice = []
    for k, action in enumerate(legal):
        if k >= MAX_MOVES:
            advice.append(Advice(action, k, game.describe(action, seat), None, None))
            continue
        returns: list[float] = []
        for j, state in enumerate(states):
            child = game.apply(state, seat, action)
            if game.is_terminal(child):
                returns += [evaluator.terminal_value(child)[seat]] * evaluator.rollouts
            else:
                draws = evaluator.draws(child, f"coach/{j}", within=state)  # the turn's horizon
                returns += [d[seat] for d in draws]
        text = game.describe(action, seat)
        advice.append(Advice(action, k, text, mean(returns), standard_error(returns)))
    who = f"the {evaluator.prior_level} bot" if evaluator.use_bots else "MCTS's rollouts"
    method = (
        f"estimate: {samples} states drawn from your view, {evaluator.rollouts} playouts of each"
        f" move from each, every seat playing {who}; ± is one standard error"
    )
    return Coaching(False, evaluator.unit, method, _ranked(advice))
