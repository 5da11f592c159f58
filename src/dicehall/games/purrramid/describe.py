"""Log texts of Purrramid actions: the same for every viewer.

Rolls, the pyramid and every board are in the open (docs/rules/purrramid.md, "A turn"), so no
log line is secret. A placement names its space as players see it (docs/rules/purrramid.md,
"Actions (for logs and programs)").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dicehall.core import Seat
from dicehall.games.purrramid.actions import Place

if TYPE_CHECKING:
    from dicehall.games.purrramid.rules import PurrramidGame


def describe(game: PurrramidGame, action: object, viewer: Seat | None) -> str:
    if isinstance(action, Place) and 0 <= action.space < len(game.board.spaces):
        sp = game.board.spaces[action.space]
        where = f'the "{sp.number}" (row {sp.row + 1}, space {sp.index + 1})'
        return f"place {'+'.join(map(str, action.dice))} on {where}"
    return str(action)
