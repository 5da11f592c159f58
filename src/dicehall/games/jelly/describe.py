"""Log texts of Jelly Monster actions, as each viewer may read them.

A roll is hidden behind its roller's screen (docs/rules/jelly.md, "A round (real time)", step 1:
"other players see that you hold a roll, never its values"): everyone else, spectators included,
reads how many dice were rolled, never their values. Every other action is public: placed dice,
locks, the sand timer, district faces, tick orders, Jelly-pod values rolled at the end.
"""

from __future__ import annotations

from dicehall.core import OMNISCIENT, Seat
from dicehall.games.jelly.actions import RollDice


def may_read(action: object, viewer: Seat | None) -> bool:
    """Whether `viewer` may read every part of `action`: a roll only by its roller."""
    if isinstance(action, RollDice):
        return viewer in (action.seat, OMNISCIENT)
    return True


def describe(action: object, viewer: Seat | None) -> str:
    if may_read(action, viewer):
        return str(action)
    assert isinstance(action, RollDice)
    dice = "1 die" if len(action.values) == 1 else f"{len(action.values)} dice"
    return f"seat {action.seat} rolls behind their screen ({dice})"
