"""The terminal renderer draws every part of the table from a view."""

from __future__ import annotations

import random

from rich.console import Console
from tests.games.paradice.helpers import make

from dicehall.core import CHANCE, sample
from dicehall.games.paradice.ui.terminal import render


def text_of(players: int, steps: int, seat: int | None) -> str:
    game = make(players=players)
    state, rng = game.initial_state(), random.Random(players)
    for _ in range(steps):
        actors = game.actors(state)
        if not actors:
            break
        if actors == (CHANCE,):
            state = game.apply(state, CHANCE, sample(game, state, rng))
        else:
            legal = game.legal_actions(state, actors[0])
            state = game.apply(state, actors[0], legal[rng.randrange(len(legal))])
    console = Console(width=160, record=True, color_system=None)
    console.print(render(game, game.observe(state, seat), seat))
    return console.export_text()


def test_render_shows_machine_plaza_storehouse_and_every_seat() -> None:
    text = text_of(3, 200, 0)
    for part in (
        "Dispensing Machine",
        "Plaza",
        "Storehouse",
        "Player 1 (you)",
        "Player 3",
        "score",
    ):
        assert part in text


def test_render_a_finished_game_shows_prizes() -> None:
    text = text_of(2, 100000, None)
    assert "Final scores and prizes" in text and "prize #" in text
