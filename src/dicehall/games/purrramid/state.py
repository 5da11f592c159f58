"""Purrramid state: the board's tiles, wool and this turn's dice, all as ints and tuples."""

from __future__ import annotations

import enum
from dataclasses import dataclass

EMPTY = -1  # a space with no tile
SETUP = -2  # a tile placed at setup (2 players: the two bottom rows), owned by no one
NO_WINNER = -1


class Phase(enum.IntEnum):
    ROLL = 0  # chance: roll the `left` dice not yet placed this turn
    PLACE = 1  # the player places dice from `roll` on one space (or spends wool / busts)
    DECIDE = 2  # the player continues or stops
    OVER = 3


class End(enum.IntEnum):
    """Why the game ended (rulebook "Game End and Scoring"), or NONE while it runs."""

    NONE = 0
    BOARD_FULL = 1
    SECOND_PLAYER_DONE = 2
    GOLD_DONE = 3
    TURN_LIMIT = 4  # dicehall's safety bound; see rules.md


@dataclass(frozen=True, slots=True)
class TurnSummary:
    """How the last finished turn went, for the table to see."""

    seat: int
    dice: int  # dice the turn started with (5, or fewer on a bonus turn)
    success: bool
    reason: str  # "tiles", "no placement", "not connected", "not supported"
    spaces: tuple[int, ...]  # spaces that got tiles (empty on a bust)
    tiles: int  # tiles placed (regular and gold)
    gold: int  # gold tiles among them
    wool: int  # wool tokens taken
    bonus: bool  # a bonus turn follows


@dataclass(frozen=True, slots=True)
class PurrramidState:
    """Everything about a Purrramid position. Masks are bit sets over board space ids."""

    seat: int  # whose turn it is
    phase: Phase
    dice: int  # dice this turn started with: 5, or 4, 3 ... on bonus turns
    left: int  # dice not yet placed this turn
    roll: tuple[int, ...]  # the dice just rolled, sorted (PLACE phase), else ()
    turn: tuple[tuple[int, tuple[int, ...]], ...]  # this turn's (space, dice), in order
    dice_mask: int  # spaces holding this turn's dice
    tile_mask: int  # spaces covered by tiles
    owner: tuple[int, ...]  # per space: EMPTY, SETUP or the seat whose tiles cover it
    gold: tuple[int, ...]  # per space: how many of its tiles are gold
    wool_mask: int  # spaces still holding a wool token
    regular: tuple[int, ...]  # regular tiles each seat still has to place
    wool: tuple[int, ...]  # wool tokens each seat holds
    gold_left: int  # gold tiles not yet placed
    winner: int  # the first seat to place all its regular tiles, or NO_WINNER
    rerolls: int  # wool tokens spent this turn
    turns: int  # turns finished so far (bonus turns count)
    end: End
    last: TurnSummary | None
