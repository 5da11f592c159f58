"""A first game's hints, one per kind of decision (docs/rules/jelly.md, "A round").

Turn by turn (`mode = "tick"`, docs/rules/jelly.md, "Tick mode") a round runs differently, so
its decisions have hints of their own, with keys of their own: a player who learnt the real-time
game still gets them in their first turn-by-turn game.
"""

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
TICK_TURNS = "Turn by turn: in each tick everyone acts once, in an order drawn at random. "
TICK_DISTRICT = TICK_TURNS + (
    "Tap a highlighted district to place one die of your roll there (the highest total at a "
    "district takes the reward under its Target, the red circle); your other dice are rolled "
    "again, ready for your next turn."
)
TICK_ROLL = (
    "Rolling again instead of placing uses your turn in this tick: your dice are rolled anew "
    "and you place one next tick."
)
TICK_LOCK = (
    "Out of dice: lock a district you lead so that nobody can beat you there, flip the sand "
    "timer (the round ends three ticks after this one), wait for a better moment, or say you "
    "are done."
)
TICK = {
    "district": TICK_DISTRICT,
    "zone": TICK_TURNS + ZONE,
    "roll": TICK_ROLL,
    "lock": TICK_LOCK,
}
SIDE = "Tied on an 'either' district: choose which neighbour's reward you take."
GIVE = "You cannot pay everyone: choose who gets your Jelly first."


def guide(game: Any, view: View, legal: Sequence[dict[str, Any]]) -> dict[str, str] | None:
    hint = _guide(legal)
    if hint is not None and view.get("mode") == "tick" and hint["key"] in TICK:
        return {"key": f"tick-{hint['key']}", "text": TICK[hint["key"]]}
    return hint


def _guide(legal: Sequence[dict[str, Any]]) -> dict[str, str] | None:
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
