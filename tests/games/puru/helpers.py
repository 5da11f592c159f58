"""Set up Puru Puru scenarios by choosing chance outcomes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dicehall import games
from dicehall.core import CHANCE
from dicehall.games.puru import PuruGame
from dicehall.games.puru.actions import RESOLVE, Roll
from dicehall.games.puru.dice import FACE_LETTERS
from dicehall.games.puru.state import PuruState


def make(**params: Any) -> PuruGame:
    game = games.make("puru", **params)
    assert isinstance(game, PuruGame)
    return game


def roll(letters: str) -> Roll:
    """A roll outcome from face letters: H heart, S star, C crying, A angry."""
    return Roll(tuple(sorted(FACE_LETTERS[ch] for ch in letters)))


def start(game: PuruGame, **tracks: Any) -> PuruState:
    """The first roll's chance node, with tracks replaced (love=..., jelly=..., roller=...)."""
    return replace(game.initial_state(), **tracks)


def rolled(game: PuruGame, state: PuruState, letters: str) -> PuruState:
    return game.apply(state, CHANCE, roll(letters))


def resolve(game: PuruGame, state: PuruState, letters: str) -> PuruState:
    """Roll `letters` and resolve them at once."""
    state = rolled(game, state, letters)
    return game.apply(state, state.roller, RESOLVE)


def tracks(state: PuruState) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    return state.love, state.excite, state.jelly
