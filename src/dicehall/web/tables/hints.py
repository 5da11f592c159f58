"""Optional hints shown beside a seat's view: the game's `hints` part (e.g. exact bust odds).

A hint is computed from the seat's own view only, so it reveals nothing the seat cannot see.
"""

from __future__ import annotations

import logging
from typing import Any

from dicehall import games
from dicehall.core.game import Game
from dicehall.core.parts import Guide, Hint
from dicehall.core.types import View

log = logging.getLogger("dicehall.web")


def hints_for(game: Game[Any, Any], view: View) -> dict[str, Any] | None:
    hint: Hint | None = games.part(game.id, "hints")
    if hint is None:
        return None
    try:
        return hint(game, view)
    except Exception:  # a hint is a nicety: never let it break the table
        log.warning("%s: the hint failed", game.id, exc_info=True)
        return None


def guide_for(
    game: Game[Any, Any], view: View, legal: list[dict[str, Any]]
) -> dict[str, str] | None:
    """The first game's hint for the decision in front of a seat (the game's `guide` part)."""
    guide: Guide | None = games.part(game.id, "guide")
    if guide is None or not legal:
        return None
    try:
        return guide(game, view, [m["action"] for m in legal])
    except Exception:  # a hint is a nicety: never let it break the table
        log.warning("%s: the guide failed", game.id, exc_info=True)
        return None
