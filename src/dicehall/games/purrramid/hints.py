"""Purrramid's hint beside a seat's view: the exact odds of the next roll (docs/rules/purrramid.md,
*Odds and hints*), computed from the seat's own view only."""

from __future__ import annotations

from typing import Any

from dicehall.core.types import View
from dicehall.games.purrramid.odds import position_from_view, roll_odds


def hint(game: Any, view: View) -> dict[str, Any] | None:
    """Exact odds of the next roll when the player decides whether to continue."""
    if view.get("phase") != "decide" or view.get("current") is None or not view["turn"]["left"]:
        return None
    odds = roll_odds(game.board, position_from_view(view))
    return {
        "dice": odds.dice,
        "bust": float(odds.bust),
        "bust_with_wool": float(odds.bust_with_wool),
        "can_stop": float(odds.can_stop),
        "bonus": float(odds.bonus),
    }
