"""The greedy and expert bots, and the terminal renderer with its hint."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from rich.console import Console
from tests.games.purrramid.helpers import SIX, TWO, act, make, only_free, place, roll

from dicehall.bots import levels_for, make_bot
from dicehall.engine import Match
from dicehall.games.purrramid.actions import CONTINUE, SPEND_WOOL, STOP, Place
from dicehall.games.purrramid.rules import PurrramidGame
from dicehall.games.purrramid.state import PurrramidState
from dicehall.games.purrramid.ui import terminal as render_mod


@pytest.mark.parametrize("levels", [("greedy", "expert"), ("expert", "greedy", "random")])
def test_bots_finish_games_with_legal_actions(levels: tuple[str, ...]) -> None:
    game = make(players=len(levels), side="b")
    bots = {s: make_bot(level, game, s) for s, level in enumerate(levels)}
    match = Match(game, 3, bots=dict(bots))
    match.run_bots()
    assert match.is_over and match.result() is not None
    assert {"greedy", "expert"} <= set(levels_for("purrramid"))


def _lonely_six() -> tuple[PurrramidGame, PurrramidState]:
    """Dice on a "6" whose only other open space, a "2", is not next to it: continuing is
    hopeless."""
    game = make(players=2)
    s = only_free(game, game.initial_state(), [SIX, TWO])
    s = place(game, roll(game, s, 6, 5, 5, 5, 5), SIX, 6)
    return game, s


def test_expert_stops_when_no_next_roll_can_keep_the_turn() -> None:
    game, s = _lonely_six()
    view = game.observe(s, 0)
    rng = random.Random(0)
    legal = game.legal_actions(s, 0)
    assert make_bot("greedy", game, 0).act(view, legal, rng) == CONTINUE
    assert make_bot("expert", game, 0).act(view, legal, rng) == STOP


def test_expert_continues_with_four_dice_on_an_open_board() -> None:
    game = make(players=2)
    s = place(game, roll(game, game.initial_state(), 6, 1, 2, 3, 4), SIX, 6)
    view, legal = game.observe(s, 0), game.legal_actions(s, 0)
    assert make_bot("expert", game, 0).act(view, legal, random.Random(0)) == CONTINUE


def test_greedy_places_where_the_turn_can_still_stop() -> None:
    game = make(players=2)
    s = roll(game, game.initial_state(), 4, 1, 1, 1, 1)
    choice = make_bot("greedy", game, 0).act(
        game.observe(s, 0), game.legal_actions(s, 0), random.Random(0)
    )
    assert isinstance(choice, Place) and game.board.spaces[choice.space].row == 2


def test_bots_spend_wool_rather_than_bust() -> None:
    game = make(players=2)
    s = only_free(game, game.initial_state(), [TWO])
    s = roll(game, dataclasses.replace(s, wool=(1, 0)), 6, 6, 6, 6, 6)
    for level in ("greedy", "expert"):
        bot = make_bot(level, game, 0)
        assert bot.act(game.observe(s, 0), game.legal_actions(s, 0), random.Random(0)) == SPEND_WOOL


def _text(renderable: object) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_render_draws_the_pyramid_tiles_dice_and_wool() -> None:
    game = make(players=2)
    s = act(game, place(game, roll(game, game.initial_state(), 6, 1, 2, 3, 4), SIX, 6), CONTINUE)
    s = roll(game, s, 1, 2, 3, 4)
    text = _text(render_mod.render(game, game.observe(s, 0), 0))
    assert "3=" in text  # a setup tile on a "3"
    assert "8~" in text  # a wool token on an "8"
    assert " 6 " in text and "[1] [2] [3] [4]" in text
    assert "Player 1 (R red) you" in text and "tiles left" in text


def test_a_die_placed_this_turn_is_marked_without_colour_or_bold() -> None:
    # NO_COLOR: a die on a space read like the space's own number, told apart only in bold
    game = make(players=2)
    s = act(game, place(game, roll(game, game.initial_state(), 6, 1, 2, 3, 4), SIX, 6), CONTINUE)
    board = render_mod.pyramid(game.observe(s, 0)).plain
    assert "[6]" in board  # this turn's die on the "6"
    assert "[" not in board.replace("[6]", "")  # nothing else is bracketed
    assert "[3+3] this turn's dice" in render_mod.legend(game.observe(s, 0)).plain


def test_render_a_finished_game_names_the_title() -> None:
    game = make(players=2)
    match = Match(game, 1, bots={0: make_bot("greedy", game, 0), 1: make_bot("greedy", game, 1)})
    match.run_bots()
    text = _text(render_mod.render(game, match.view(None), None))
    assert "Game over" in text and "gold tiles:" in text


def test_hint_gives_the_exact_odds_of_continuing() -> None:
    game, s = _lonely_six()
    view = game.observe(s, 0)
    hint = render_mod.hint(game, view, 0)
    # no 2 and at most one 1 among four dice: (4/6)^4 + 4 (1/6)(4/6)^3 = 32/81
    assert hint is not None and "busts 39.5% (32/81)" in hint
    assert "lets you stop safely 0%" in hint and "would bust 60.5% (49/81)" in hint
    assert render_mod.hint(game, view, 1) is None
    game2 = make(players=2)
    s2 = roll(game2, game2.initial_state(), 1, 1, 1, 1, 1)
    assert render_mod.hint(game2, game2.observe(s2, 0), 0) is None  # placing, no wool


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_bots_decide_from_the_view_alone(level: str) -> None:
    game = make(players=3)
    match = Match(game, 9, bots={s: make_bot("random", game, s) for s in range(3)})
    match.run_bots(max_steps=120)
    state = match.state
    while game.actors(state) == (-1,):
        state = game.apply(state, -1, game.chance_outcomes(state)[0][0])
    seat = game.actors(state)[0]
    view, legal = game.observe(state, seat), game.legal_actions(state, seat)
    wire = json.loads(json.dumps(view))  # what a remote bot would get
    bot = make_bot(level, game, seat)
    assert bot.act(wire, legal, random.Random(1)) == bot.act(view, legal, random.Random(1))
    assert bot.act(view, legal, random.Random(1)) in legal
