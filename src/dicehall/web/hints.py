"""Optional hints shown beside a seat's view (e.g. Purrramid's exact bust odds).

A hint is computed from the seat's own view only, so it reveals nothing the seat cannot see.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from dicehall.core.game import Game
from dicehall.core.types import View

Hint = Callable[[Game[Any, Any], View], dict[str, Any] | None]


def _purrramid(game: Game[Any, Any], view: View) -> dict[str, Any] | None:
    """Exact odds of the next roll when the player decides whether to continue."""
    if view.get("phase") != "decide" or view.get("current") is None or not view["turn"]["left"]:
        return None
    odds_module = importlib.import_module("dicehall.games.purrramid.odds")
    odds = odds_module.roll_odds(game.board, odds_module.position_from_view(view))  # type: ignore[attr-defined]
    return {
        "dice": odds.dice,
        "bust": float(odds.bust),
        "bust_with_wool": float(odds.bust_with_wool),
        "can_stop": float(odds.can_stop),
        "bonus": float(odds.bonus),
    }


HINTS: dict[str, Hint] = {"purrramid": _purrramid}


def hints_for(game: Game[Any, Any], view: View) -> dict[str, Any] | None:
    hint = HINTS.get(game.id)
    if hint is None:
        return None
    try:
        return hint(game, view)
    except Exception:  # a hint is a nicety: never let it break the table
        return None
