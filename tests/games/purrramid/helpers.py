"""Helpers for Purrramid tests: a game, chosen rolls and hand-made board positions."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from dicehall import games
from dicehall.core import CHANCE
from dicehall.games.purrramid.actions import Place, Roll
from dicehall.games.purrramid.rules import PurrramidGame
from dicehall.games.purrramid.state import EMPTY, SETUP, PurrramidState

# Side A ids used by the rulebook examples (rows counted from 0 at the bottom here):
# row 2 (the third row) holds "6"(19) "3"(20) "6"(21) "2"(22) "5"(23) "4"(24) "3"(25) "8"(26)
# "1"(27); row 3 starts with "4"(28) "9"(29) "8"(30) "1"(31) "12"(32); "8"(30) rests on 21, 22.
SIX, THREE, SIX_B, TWO, FIVE, FOUR, THREE_B, EIGHT_LOW, ONE = range(19, 28)
R3_FOUR, R3_NINE, EIGHT, R3_ONE, TWELVE = range(28, 33)


def make(**params: Any) -> PurrramidGame:
    game = games.make("purrramid", **params)
    assert isinstance(game, PurrramidGame)
    return game


def roll(game: PurrramidGame, state: PurrramidState, *dice: int) -> PurrramidState:
    """Resolve the pending roll with the chosen dice."""
    assert game.actors(state) == (CHANCE,)
    return game.apply(state, CHANCE, Roll(tuple(sorted(dice))))


def place(game: PurrramidGame, state: PurrramidState, space: int, *dice: int) -> PurrramidState:
    return game.apply(state, state.seat, Place(space, tuple(sorted(dice))))


def act(game: PurrramidGame, state: PurrramidState, action: Any) -> PurrramidState:
    return game.apply(state, state.seat, action)


def with_tiles(
    game: PurrramidGame, state: PurrramidState, spaces: Iterable[int], owner: int = SETUP
) -> PurrramidState:
    """`state` with extra tiles (not taken from anyone's supply) on `spaces`."""
    owners = list(state.owner)
    mask = state.tile_mask
    for s in spaces:
        owners[s] = owner
        mask |= 1 << s
    return dataclasses.replace(
        state, tile_mask=mask, owner=tuple(owners), wool_mask=state.wool_mask & ~mask
    )


def only_free(game: PurrramidGame, state: PurrramidState, free: Iterable[int]) -> PurrramidState:
    """`state` with every space covered except `free` (those are emptied)."""
    keep = set(free)
    covered = with_tiles(game, state, [s.id for s in game.board.spaces if s.id not in keep])
    owners = tuple(EMPTY if i in keep else o for i, o in enumerate(covered.owner))
    mask = covered.tile_mask & ~sum(1 << i for i in keep)
    return dataclasses.replace(covered, owner=owners, tile_mask=mask)


def placed_tiles(state: PurrramidState) -> int:
    return state.tile_mask.bit_count()
