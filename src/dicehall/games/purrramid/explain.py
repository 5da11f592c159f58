"""Log lines that explain how a turn ended: the tiles it placed, or why it busted
(docs/rules/purrramid.md, "A turn"). The board is open to all, so every viewer reads the same."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dicehall.core import Seat

if TYPE_CHECKING:
    from dicehall.games.purrramid.rules import PurrramidGame
    from dicehall.games.purrramid.state import PurrramidState, TurnSummary

BUSTS = {
    "no placement": "no set of the rolled dice fitted a free space",
    "not connected": "this turn's spaces did not touch in one group",
    "not supported": "a space of this turn did not rest on tiles or this turn's dice",
}
"""Why a turn busts, in players' words, by the rules' reason."""


def turn_line(last: TurnSummary) -> str:
    who = f"Player {last.seat + 1}"
    if not last.success:
        why = BUSTS.get(last.reason, last.reason or "no placement fitted")
        return f"{who} busted: {why}; no tiles placed."
    parts = [f"{last.tiles} tile{'' if last.tiles == 1 else 's'}"]
    if last.gold:
        parts.append(f"{last.gold} gold")
    if last.wool:
        parts.append(f"{last.wool} wool token{'' if last.wool == 1 else 's'} taken")
    bonus = "; bonus turn with one die fewer" if last.bonus else ""
    return f"{who} stopped safely: {', '.join(parts)}{bonus}."


def explain(
    game: PurrramidGame, before: PurrramidState, after: PurrramidState, viewer: Seat | None
) -> list[str]:
    """The end of the turn this step finished (none for other steps)."""
    if after.last is None or after.turns == before.turns:
        return []
    return [turn_line(after.last)]
