"""Game review: every decision of a finished match scored against the best move, exact where
the game is solved (`games/<id>/review.py`), estimated elsewhere (`review.estimate`)."""

from dicehall.review.engine import NotReviewable, pick_evaluator, review_record, review_states
from dicehall.review.model import Choice, Review, SeatSummary, Step, Value

__all__ = [
    "Choice",
    "NotReviewable",
    "Review",
    "SeatSummary",
    "Step",
    "Value",
    "pick_evaluator",
    "review_record",
    "review_states",
]
