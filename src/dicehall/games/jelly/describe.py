"""Log texts of Jelly Monster actions, as each viewer may read them.

A roll is hidden behind its roller's screen (docs/rules/jelly.md, "A round (real time)", step 1:
"other players see that you hold a roll, never its values"): everyone else, spectators included,
reads how many dice were rolled, never their values. Every other action is public: placed dice,
locks, the sand timer, district faces, tick orders, Jelly-pod values rolled at the end.

Players are named "Player 1", "Player 2"... (front ends show each seat's chosen name instead).
"""

from __future__ import annotations

from collections.abc import Sequence

from dicehall.core import OMNISCIENT, Seat
from dicehall.games.jelly.actions import (
    DrawFace,
    GiveJelly,
    PlaceRemove,
    PodValue,
    RollDice,
    TickOrder,
    letter,
)
from dicehall.games.jelly.content import Face


def player(seat: int) -> str:
    return f"Player {seat + 1}"


def may_read(action: object, viewer: Seat | None) -> bool:
    """Whether `viewer` may read every part of `action`: a roll only by its roller."""
    if isinstance(action, RollDice):
        return viewer in (action.seat, OMNISCIENT)
    return True


def describe(action: object, viewer: Seat | None, faces: Sequence[Face] = ()) -> str:
    if isinstance(action, RollDice):
        if may_read(action, viewer):
            return f"{player(action.seat)} rolls {' '.join(map(str, action.values))}"
        dice = "1 die" if len(action.values) == 1 else f"{len(action.values)} dice"
        return f"{player(action.seat)} rolls behind their screen ({dice})"
    if isinstance(action, PlaceRemove):
        return (
            f"place {action.value} on {letter(action.district)}, sending "
            f"{player(action.owner)}'s {action.target} to the city centre"
        )
    if isinstance(action, GiveJelly):
        return f"give 1 Jelly to {player(action.to)}"
    if isinstance(action, PodValue):
        return f"a Jelly-pod of {player(action.seat)} is worth {action.value}"
    if isinstance(action, TickOrder):
        return "this tick's order: " + ", ".join(player(p) for p in action.seats)
    if isinstance(action, DrawFace) and 0 <= action.face < len(faces):
        return f"the next district (clockwise) is {faces[action.face].name}"
    return str(action)
