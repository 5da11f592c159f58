"""A review in players' words: an accuracy figure per player, the costliest mistakes with the
better move, and luck against skill in one sentence (the replay page's Review tab leads with
these; the figures behind them stay in the review's steps and summaries).

A decision is accurate when the move made kept the best move's value within `NEAR` (one point
of win chance), or within twice its estimate's standard error (a playout estimate cannot tell
closer moves apart).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dicehall.review.model import Review, SeatSummary, Step

NEAR = 0.01
"""A move this close to the best (in the review's unit: one point of win chance) is accurate."""


def accurate(step: Step) -> bool:
    """The move made was the best, or as good as the estimate can tell."""
    return step.loss <= max(NEAR, 2 * (step.loss_se or 0.0))


def accuracy(review: Review, seat: int) -> float | None:
    """The share of `seat`'s decisions that were accurate; None where it made none."""
    mine = [s for s in review.steps if s.kind == "decision" and s.seat == seat]
    return sum(accurate(s) for s in mine) / len(mine) if mine else None


def _points(value: float) -> str:
    """A value change in points of win chance: '+12', '−3'."""
    n = round(100 * value)
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def luck_vs_skill(review: Review) -> str:
    """One sentence: for the player who finished best, what the dice and what the decisions
    (their own and the others') did to their chance to win, and which weighed more."""
    if not review.summaries:
        return ""
    best: SeatSummary = max(review.summaries, key=lambda p: p.final)
    decided = best.own + best.others
    weighed = (
        "luck weighed more than skill"
        if abs(best.luck) > abs(decided)
        else ("decisions weighed more than luck")
    )
    who = f"Player {best.seat + 1}"  # front ends put the players' names in, as in the log
    return (
        f"{who} finished best: the dice moved their chance to win by {_points(best.luck)} "
        f"points, their own decisions by {_points(best.own)} and the others' by "
        f"{_points(best.others)}, so {weighed}."
    )


def biggest_mistakes(review: Review, count: int = 3) -> list[int]:
    """The indices of the `count` costliest inaccurate decisions of the whole game."""
    wrong = [s for s in review.steps if s.kind == "decision" and not accurate(s)]
    return [s.index for s in sorted(wrong, key=lambda s: -s.loss)[:count]]
