"""Setup per player count, the winner's gold tiles, the three end conditions and scoring."""

from __future__ import annotations

import dataclasses

import pytest
from tests.games.purrramid.helpers import (
    FIVE,
    SIX,
    TWELVE,
    TWO,
    act,
    make,
    only_free,
    place,
    roll,
    with_tiles,
)

from dicehall.core import ParamError
from dicehall.games.purrramid import rules, scoring
from dicehall.games.purrramid.actions import STOP
from dicehall.games.purrramid.state import EMPTY, SETUP, End, Phase


@pytest.mark.parametrize(
    ("players", "tiles", "covered"),
    [(2, (26, 25), 21), (3, (25, 24, 23), 0), (4, (19, 18, 18, 17), 0)],
)
@pytest.mark.parametrize("side", ["a", "b"])
def test_setup_counts(players: int, tiles: tuple[int, ...], covered: int, side: str) -> None:
    game = make(players=players, side=side)
    s = game.initial_state()
    assert s.regular == tiles and sum(tiles) + covered == 72
    on_board = sum(game.board.spaces[i].cost for i, o in enumerate(s.owner) if o == SETUP)
    assert on_board == covered
    assert all(
        (o == SETUP) == (players == 2 and sp.row < 2)
        for sp, o in zip(game.board.spaces, s.owner, strict=True)
    )
    assert s.wool_mask.bit_count() == 12 and s.wool == (0,) * players
    assert s.gold_left == 12 and s.seat == 0 and s.dice == 5
    assert game.content_hash and len(game.content_hash) == 64


@pytest.mark.parametrize("params", [{"players": 1}, {"players": 5}, {"side": "c"}])
def test_bad_params_are_rejected(params: dict[str, object]) -> None:
    with pytest.raises(ParamError):
        make(**params)


def test_the_first_player_out_takes_the_gold_tiles_in_the_same_turn() -> None:
    game = make(players=2)
    s = with_tiles(game, game.initial_state(), [FIVE, 24])  # the "12" rests on them
    s = dataclasses.replace(s, regular=(1, 25))
    s = act(game, place(game, roll(game, s, 6, 6, 1, 1, 1), TWELVE, 6, 6), STOP)
    assert s.winner == 0 and s.regular == (0, 25) and s.gold_left == 10
    assert s.gold[TWELVE] == 2 and s.owner[TWELVE] == 0
    assert s.last is not None and s.last.gold == 2 and s.end is End.NONE
    assert game.budget(s, 0) == 10 and game.budget(s, 1) == 25


def test_the_board_full_ends_the_game() -> None:
    game = make(players=2)
    s = dataclasses.replace(only_free(game, game.initial_state(), [SIX]), regular=(5, 3))
    s = place(game, roll(game, s, 6, 1, 1, 1, 1), SIX, 6)
    s = act(game, s, STOP)
    assert s.phase is Phase.OVER and s.end is End.BOARD_FULL and game.actors(s) == ()
    result = game.result(s)
    assert result.scores == (-4.0, -3.0) and result.winners == (1,)


def test_a_second_player_placing_all_tiles_ends_the_game() -> None:
    game = make(players=3)
    s = dataclasses.replace(
        with_tiles(game, game.initial_state(), range(19)), winner=0, regular=(0, 1, 4), gold_left=9
    )
    s = dataclasses.replace(s, seat=1)
    s = place(game, roll(game, s, 6, 1, 1, 1, 1), SIX, 6)
    s = act(game, s, STOP)
    assert s.end is End.SECOND_PLAYER_DONE
    result = game.result(s)
    assert result.scores == (3.0, 0.0, -4.0)
    assert result.winners == (0,) and result.ranks == (1, 2, 3)
    assert "Pawssionate Lullabist" in result.notes[0]


def test_the_winner_placing_all_gold_ends_the_game() -> None:
    game = make(players=2)
    s = dataclasses.replace(game.initial_state(), winner=0, regular=(0, 7), gold_left=1)
    s = act(game, place(game, roll(game, s, 2, 3, 3, 3, 3), TWO, 2), STOP)
    assert s.end is End.GOLD_DONE and s.gold[TWO] == 1
    result = game.result(s)
    assert result.scores == (12.0, -7.0) and result.winners == (0,)
    assert "The Ultimate Purrrchitect of Sleep" in result.notes[0]


def test_the_winner_ranks_first_even_when_a_zero_ties() -> None:
    game = make(players=2)
    s = dataclasses.replace(game.initial_state(), winner=1, regular=(0, 0), gold_left=12)
    s = dataclasses.replace(s, phase=Phase.OVER, end=End.SECOND_PLAYER_DONE)
    result = game.result(s)
    assert result.scores == (0.0, 0.0) and result.winners == (1,) and result.ranks == (2, 1)


def test_the_turn_limit_ends_a_game_without_a_winner() -> None:
    game = make(players=2)
    s = dataclasses.replace(game.initial_state(), turns=rules.MAX_TURNS - 1, regular=(3, 5))
    s = roll(game, only_free(game, s, [TWO]), 6, 6, 6, 6, 6)  # busts: the last turn
    assert s.end is End.TURN_LIMIT
    result = game.result(s)
    assert result.winners == (0,) and result.scores == (-3.0, -5.0) and result.ranks == (1, 2)


def test_at_the_turn_limit_no_one_has_won_even_with_all_regular_tiles_placed() -> None:
    """docs/rules/purrramid.md (the turn limit, dicehall's safety bound): "if the limit is ever
    reached ... no one has won ... everyone scores minus their regular tiles left, and the best
    score wins." The rulebook's "The winner scores as many points as they placed Gold Cat
    Tiles" applies at its three ends ("The game immediately ends when: ..."), not this one."""
    game = make(players=2)
    s = dataclasses.replace(
        game.initial_state(), turns=rules.MAX_TURNS - 1, winner=0, regular=(0, 5), gold_left=9
    )
    s = roll(game, only_free(game, s, [TWO]), 6, 6, 6, 6, 6)  # busts: the last turn
    assert s.end is End.TURN_LIMIT
    result = game.result(s)
    assert result.scores == (0.0, -5.0)  # not the 3 gold tiles placed
    assert result.winners == (0,) and result.ranks == (1, 2)
    # each player's breakdown, and no winner's gold title
    assert result.notes == (
        "Player 1: 0 regular tiles left (score 0)",
        "Player 2: 5 regular tiles left (score -5)",
    )


@pytest.mark.parametrize(
    ("gold", "name"),
    [(0, "Decent Kitten Juggler"), (1, "Drowsy Whisperer"), (2, "Drowsy Whisperer"),
     (4, "Pawssionate Lullabist"), (5, "Master of Cat Naps"), (8, "Grand Slumbermage"),
     (9, "Legendary Dreamweaver"), (11, "Legendary Dreamweaver"),
     (12, "The Ultimate Purrrchitect of Sleep")],
)  # fmt: skip
def test_titles(gold: int, name: str) -> None:
    assert scoring.title(gold) == name


def test_title_out_of_range() -> None:
    with pytest.raises(ValueError):
        scoring.title(13)


def test_max_game_length_bounds_a_game() -> None:
    game = make(players=4)
    assert game.max_game_length >= rules.MAX_TURNS * 16
    assert game.initial_state().owner[0] == EMPTY
