"""What a review will cost, estimated from its record before it is made (a server refuses the
ones past its budget: web/records/reviews.py).

An estimated review plays `rollouts` playouts for each move it examines at every decision, and
`rollouts` more at every other step (`review.estimate`, `review.engine`), so its cost is the
number of playouts times what one playout costs in this game with these parameters. That is
measured on the record itself: one playout from each of a few positions spread over the match
(playouts from early positions are the longest), timed in CPU seconds of the measuring thread
so that a busy machine does not inflate it. An exact review (solved tables) is measured the
same way, by evaluating a few of the record's decisions. The game's annotator (exact side
values beside an estimate) is timed on the sampled decisions too.

The measurement costs a few playouts, a small fraction of any review worth refusing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from dicehall.engine.record import Record, game_of, replay
from dicehall.review.engine import pick_evaluator
from dicehall.review.estimate import RolloutEvaluator
from dicehall.review.protocol import game_hooks

SAMPLES = 6
"""Positions of the record timed (spread evenly from its first step to its last)."""


@dataclass(frozen=True)
class Cost:
    """A review's estimated cost: `cpu_seconds` in all, from `decisions` and `other_steps`,
    `playouts` of `per_playout` CPU seconds each (0 playouts for an exact review)."""

    cpu_seconds: float
    decisions: int
    other_steps: int
    playouts: int
    per_playout: float

    def to_json(self) -> dict[str, Any]:
        return {
            "cpu_seconds": round(self.cpu_seconds, 1),
            "decisions": self.decisions,
            "other_steps": self.other_steps,
            "playouts": self.playouts,
            "per_playout_ms": round(self.per_playout * 1000, 3),
        }


def review_cost(record: Record, *, estimate: dict[str, Any] | None = None) -> Cost:
    """The estimated CPU cost of `review_record(record, estimate=estimate)` (raises
    `CorruptRecordError` for a record that does not replay)."""
    game = game_of(record)
    states = [state for _, state in replay(record)]
    entries = record.actions
    evaluator, _ = pick_evaluator(game, estimate=estimate)
    hooks = game_hooks(game)
    annotator = hooks.annotator(game) if hooks is not None and hooks.annotator else None
    decisions = [
        i for i, e in enumerate(entries) if e.seat >= 0 and not game.is_terminal(states[i])
    ]
    others = len(entries) - len(decisions)
    sampled = _spread(decisions, SAMPLES)

    def annotate(i: int) -> Any:
        assert annotator is not None
        return annotator(states[i], entries[i].seat, _action(game, entries[i]))

    def evaluate(i: int) -> Any:
        return evaluator.action_values(states[i], entries[i].seat, _action(game, entries[i]))

    extra = _mean_cpu(annotate, sampled[:2]) if annotator is not None else 0.0
    if isinstance(evaluator, RolloutEvaluator):
        rollouts = evaluator

        def playout(i: int) -> Any:
            return rollouts.one_playout(states[i], f"cost{i}")

        examined = sum(
            min(rollouts.moves, len(game.legal_actions(states[i], entries[i].seat)))
            for i in decisions
        )
        playouts = rollouts.rollouts * (examined + others)
        spread = _spread(list(range(len(entries))), SAMPLES)
        per_playout = _mean_cpu(playout, [i for i in spread if not game.is_terminal(states[i])])
        seconds = playouts * per_playout + len(decisions) * extra
        return Cost(seconds, len(decisions), others, playouts, per_playout)
    per_decision = _mean_cpu(evaluate, sampled[:3])
    return Cost(len(decisions) * (per_decision + extra), len(decisions), others, 0, 0.0)


def _action(game: Any, entry: Any) -> Any:
    return game.action_from_json(entry.action)


def _spread(items: Sequence[int], count: int) -> list[int]:
    """Up to `count` of `items`, evenly spaced, first and last included."""
    if len(items) <= count:
        return list(items)
    step = (len(items) - 1) / (count - 1)
    return sorted({items[round(k * step)] for k in range(count)})


def _mean_cpu(work: Callable[[int], Any], steps: Sequence[int]) -> float:
    """The mean CPU seconds (of this thread) `work` takes at each of `steps` (0 for none)."""
    if not steps:
        return 0.0
    work(steps[0])  # untimed: the first call loads what the others reuse (bots, imports, tables)
    spent = 0.0
    for step in steps:
        start = time.thread_time()
        work(step)
        spent += time.thread_time() - start
    return spent / len(steps)
