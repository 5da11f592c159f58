"""Optional hints shown beside a seat's view: the game's `hints` part (e.g. exact bust odds).

A hint is computed from the seat's own view only, so it reveals nothing the seat cannot see.
"""

from __future__ import annotations

import logging
from typing import Any

from dicehall import games
from dicehall.core.game import Game
from dicehall.core.parts import Hint
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
