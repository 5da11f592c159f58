"""A first game's hints, one per kind of decision (docs/rules/jelly.md, "A round")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehall.core import View

DISTRICT = (
    "Tap a highlighted district to place one die of your roll there: the highest total at a "
    "district takes the reward of the zone under its Target (red circle)."
)
ZONE = (
    "Your roll holds a 3 or 4: placed, it moves that district's Target one zone. Tap a "
    "district, then choose the zone whose reward you want it to give (its highest total takes it)."
)
ROLL = "Roll your dice: only you see them. Then place one, or roll again."
LOCK = (
    "Out of dice: lock a district you lead so that nobody can beat you there, then flip the "
    "sand timer to end the round 10 seconds later."
)
SIDE = "Tied on an 'either' district: choose which neighbour's reward you take."
GIVE = "You cannot pay everyone: choose who gets your Jelly first."


def guide(game: Any, view: View, legal: Sequence[dict[str, Any]]) -> dict[str, str] | None:
    types = {m["type"] for m in legal}
    if "PlaceMove" in types:
        return {"key": "zone", "text": ZONE}
    if types & {"Place", "PlaceRemove"}:
        return {"key": "district", "text": DISTRICT}
    if types & {"Roll", "Reroll"}:
        return {"key": "roll", "text": ROLL}
    if types & {"Lock", "FlipTimer"}:
        return {"key": "lock", "text": LOCK}
    if "ChooseSide" in types:
        return {"key": "side", "text": SIDE}
    if "GiveJelly" in types:
        return {"key": "give", "text": GIVE}
    return None
