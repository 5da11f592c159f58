"""Purrramid actions: what a player may do, and the dice roll (the chance outcome).

Player actions have stable integer ids: `Continue`, `Stop`, `SpendWool`, `Bust` first, then
every `Place(space, dice)` the board allows (spaces in id order, dice multisets adding up to
the space's number, fewer dice first).
"""

from __future__ import annotations

from dataclasses import dataclass

from dicehall.core.actions import ActionCodec, ActionIndex
from dicehall.games.purrramid.board import Board, multisets_with_sum


def _dice_text(dice: tuple[int, ...]) -> str:
    return "+".join(map(str, dice))


@dataclass(frozen=True, slots=True)
class Place:
    """Put `dice` (a sorted multiset of the dice just rolled) on the unoccupied `space`."""

    space: int
    dice: tuple[int, ...]

    def __str__(self) -> str:
        return f"place {_dice_text(self.dice)} on space {self.space}"


@dataclass(frozen=True, slots=True)
class Continue:
    """Roll the dice not yet placed this turn."""

    def __str__(self) -> str:
        return "continue"


@dataclass(frozen=True, slots=True)
class Stop:
    """End the turn and replace this turn's dice with tiles (or bust)."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True, slots=True)
class SpendWool:
    """Return a wool token to reroll all the dice just rolled."""

    def __str__(self) -> str:
        return "spend a wool token: reroll"


@dataclass(frozen=True, slots=True)
class Bust:
    """Accept a roll that fits no space (only offered while holding wool to reroll)."""

    def __str__(self) -> str:
        return "bust (keep the wool)"


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance outcome: the dice rolled, as a sorted multiset."""

    dice: tuple[int, ...]

    def __str__(self) -> str:
        return "roll " + " ".join(map(str, self.dice))


PlayerAction = Place | Continue | Stop | SpendWool | Bust
PurrramidAction = PlayerAction | Roll

CONTINUE, STOP, SPEND_WOOL, BUST = Continue(), Stop(), SpendWool(), Bust()
CODEC = ActionCodec(Place, Continue, Stop, SpendWool, Bust, Roll)


def action_index(board: Board) -> ActionIndex:
    """Every player action on `board`, in id order."""
    places = (Place(s.id, dice) for s in board.spaces for dice in multisets_with_sum(s.number))
    return ActionIndex((CONTINUE, STOP, SPEND_WOOL, BUST, *places))
