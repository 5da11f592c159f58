"""`dicehall play --coach`: before a person's decision, each legal move's value from that
seat's own view (`dicehall.review.coach`)."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.table import Table

from dicehall.cli.menu import labels
from dicehall.core import Seat
from dicehall.review.coach import coach

SHOWN = 8  # best moves listed


def coach_table(game: Any, view: Any, seat: Seat, legal: Any) -> Table | None:
    """The coach's table for this decision, or None when there is no choice to make."""
    if len(legal) < 2:
        return None
    coaching = coach(game, view, seat, legal)
    kind = "exact" if coaching.exact else "estimate"
    table = Table(title=f"coach ({kind}): {escape(coaching.unit)}", caption=escape(coaching.method))
    table.add_column("#", justify="right")
    table.add_column("move")
    table.add_column("value", justify="right")
    number = {a: i + 1 for i, a in enumerate(legal)}
    label = dict(zip(legal, labels(game, legal, seat), strict=True))
    percent = coaching.unit.startswith(("chance", "your chance"))
    for advice in coaching.moves[:SHOWN]:
        if advice.value is None:
            cell = "not estimated"
        elif percent:
            cell = f"{100 * advice.value:.1f}%" + (f" ±{100 * advice.se:.1f}" if advice.se else "")
        else:
            cell = f"{advice.value:.3f}" + (f" ±{advice.se:.3f}" if advice.se else "")
        table.add_row(str(number[advice.action]), escape(label[advice.action]), cell)
    if len(coaching.moves) > SHOWN:
        table.add_row("", f"… {len(coaching.moves) - SHOWN} more", "")
    return table
