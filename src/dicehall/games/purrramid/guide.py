"""A first game's hints, one per kind of decision (docs/rules/purrramid.md, "A turn")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehall.core import View

ROLL = "Roll the dice to start your turn: five dice (fewer on a bonus turn)."
PLACE_FIRST = (
    "Pick a space whose number some of your dice add up to. Green outline: you could stop "
    "safely after it. Start low: spaces resting on tiles are safe."
)
PLACE_MORE = (
    "Add dice to a space touching this turn's spaces (green outline) so that you can still "
    "stop safely."
)
STOP_SAFE = (
    "Stopping now is safe: Stop turns this turn's dice into tiles. Continue only if you feel "
    "lucky: a roll that fits nowhere loses them all."
)
STOP_BUST = (
    "Stopping now would bust: this turn's spaces must touch and rest on tiles. Continue, and "
    "add dice where they connect."
)
BUST = (
    "Nothing you rolled fits a free space. Spend a wool token to reroll those dice, or accept "
    "the bust and keep your tokens."
)


def guide(game: Any, view: View, legal: Sequence[dict[str, Any]]) -> dict[str, str] | None:
    types = {m["type"] for m in legal}
    turn = view.get("turn") or {}
    if "Place" in types:
        if turn.get("placed"):
            return {"key": "place-more", "text": PLACE_MORE}
        return {"key": "place", "text": PLACE_FIRST}
    if "Stop" in types:
        if turn.get("stop_ok"):
            return {"key": "stop", "text": STOP_SAFE}
        return {"key": "stop-bust", "text": STOP_BUST}
    if types & {"SpendWool", "Bust"}:
        return {"key": "bust", "text": BUST}
    if legal:
        return {"key": "roll", "text": ROLL}
    return None
