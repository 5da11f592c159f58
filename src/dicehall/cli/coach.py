"""`dicehall play --coach`: before a person's decision, each legal move's value from that
seat's own view (`dicehall.review.coach`)."""

from __future__ import annotations

from typing import Any

from dicehall.core import Seat
from dicehall.review.coach import coach


def _cell(value: float | None, se: float | None, percent: bool) -> str:
    if value is None:
        return "not estimated"
    if percent:
        return f"{100 * value:.1f}%" + (f" ±{100 * se:.1f}" if se else "")
    return f"{value:.3f}" + (f" ±{se:.3f}" if se else "")


def coach_labels(
    game: Any, view: Any, seat: Seat, legal: Any, texts: list[str]
) -> tuple[list[str], str | None]:
    """The menu's entries with the coach's value of each move, and a line that says what the
    values are (None and the entries unchanged when there is no choice to make)."""
    if len(legal) < 2:
        return texts, None
    coaching = coach(game, view, seat, legal)
    percent = coaching.unit.startswith(("chance", "your chance"))
    value = {a.action: _cell(a.value, a.se, percent) for a in coaching.moves}
    best = coaching.moves[0].action if coaching.moves else None
    marked = [
        f"{text}  [{value.get(action, 'not estimated')}{' best' if action == best else ''}]"
        for action, text in zip(legal, texts, strict=True)
    ]
    kind = "exact" if coaching.exact else "estimate"
    return marked, f"coach ({kind}): {coaching.unit}; {coaching.method}"
