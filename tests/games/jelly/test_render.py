"""The terminal city draws what the seat sees."""

from __future__ import annotations

from dataclasses import replace

from rich.console import Console
from tests.games.jelly.helpers import game, start, table

from dicehall import games
from dicehall.bots import RandomBot
from dicehall.engine import Match
from dicehall.games.jelly.state import Phase

G = game(3)


def text_of(view: dict, seat: int | None) -> str:  # type: ignore[type-arg]
    module = games.terminal_hooks("jelly")
    assert module is not None
    console = Console(width=160, record=True, color_system=None)
    console.print(module.render(G, view, seat))
    return console.export_text()


def test_the_city_shows_districts_targets_dice_and_the_seats_own_roll() -> None:
    s = table(start(G, ["1A", "2B", "3A", "4A", "5A"]), {0: [(0, 5), (1, 3), (1, 3)]})
    s = replace(s, rolls=((2, 6), (4,), ()), flipped_by=2, locks=(-1, -1, 2, -1, -1))
    out = text_of(G.observe(s, 0), 0)
    assert "Jelly Market" in out and "Twin Bridges" in out
    assert "◎ 3 Jelly" in out  # the Target marker starts in the first zone
    assert "Your roll: ⚁2 ⚅6" in out
    assert "flipped by Player 3" in out and "🔒 P3" in out
    spectator = text_of(G.observe(s, None), None)
    assert "Your roll" not in spectator and "⚃4" not in spectator


def test_a_finished_game_names_the_winners() -> None:
    match = Match(game(3, mode="tick"), 4, bots={s: RandomBot(G, s) for s in range(3)})
    match.run_bots()
    out = text_of(match.view(None), None)
    assert "Game over" in out and "Round 4/4" in out


def test_pending_choices_and_rerolls_are_explained() -> None:
    from dicehall.games.jelly.state import Debt, RerollDie

    s = replace(start(G, ["1A", "2B", "3A", "4A", "5A"]), phase=Phase.SCORING)
    out = text_of(G.observe(replace(s, queue=(RerollDie(1, 0),)), None), None)
    assert "District B: its dice are rerolled" in out
    out = text_of(G.observe(replace(s, queue=(Debt(2, ((0, 1), (1, 1))),)), None), None)
    assert "Player 3 is short of Jelly" in out and "1 to Player 1, 1 to Player 2" in out
