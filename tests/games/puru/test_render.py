"""The terminal board draws every phase of a game."""

from __future__ import annotations

import io
import random

from rich.console import Console
from tests.games.puru.helpers import make, resolve, start

from dicehall.core import CHANCE, sample
from dicehall.games.puru import PuruGame
from dicehall.games.puru.state import PuruState
from dicehall.games.puru.ui.terminal import render


def _text(game: PuruGame, state: PuruState, seat: int | None) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(render(game, game.observe(state, seat), seat))
    out = console.file
    assert isinstance(out, io.StringIO)
    return out.getvalue()


def test_board_shows_tracks_dice_and_the_last_majority() -> None:
    game = make(players=3)
    text = _text(game, resolve(game, start(game, love=(4, 0, 0)), "CCCHSA"), 1)
    assert "Player 3" in text and "majority crying to Player 2, Player 3" in text
    assert "Player 2 is rolling 6 dice" in text


def test_every_phase_of_a_full_game_renders() -> None:
    game = make(players=4, full=True)
    rng = random.Random(7)
    state = game.initial_state()
    phases = set()
    while True:
        phases.add(state.phase.name)
        text = _text(game, state, None)
        assert "Puru Puru Paradice" in text
        if game.is_terminal(state):
            assert "Game over" in text
            break
        (seat,) = game.actors(state)
        if seat == CHANCE:
            action = sample(game, state, rng)
        else:
            action = rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
    assert {"DEAL", "ROLL", "CHOOSE", "OVER"} <= phases
