"""A first game's hints, one per kind of decision (docs/rules/paradice.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehall.core import View

HINTS = (
    (
        "place",
        ("Place",),
        "Tap a highlighted stall to put the die there: a stall's slots may ask for a colour or "
        "a number, and the card's line for odd, even or a total. Three dice complete it.",
    ),
    (
        "roulette-pick",
        ("RoulettePick",),
        "The roulette rolled the bottom row: keep the dice of one run of columns that fit "
        "your stalls.",
    ),
    (
        "pick",
        ("PickRow", "PickColumn"),
        "Highlighted machine dice are picks: a run of one colour or one number along the "
        "bottom row, or up a column. Take dice that fit the empty slots of your stalls; or "
        "play the roulette (roll the bottom row) or take a Plaza stall instead.",
    ),
    (
        "stall",
        ("TakeStall", "ChooseStall"),
        "Take a Plaza stall you can fill soon: its points count once all three slots hold dice.",
    ),
    (
        "storehouse",
        ("StoreMove",),
        "A black die moves a Storehouse token one step: the game ends when a second token "
        "reaches 'no stock'.",
    ),
)


def guide(game: Any, view: View, legal: Sequence[dict[str, Any]]) -> dict[str, str] | None:
    types = {m["type"] for m in legal}
    for key, kinds, text in HINTS:
        if types & set(kinds):
            return {"key": key, "text": text}
    if "EndTurn" in types:
        return {
            "key": "end-turn",
            "text": "Dice you cannot place pass to the next player: end the turn when done.",
        }
    return None
