"""The house rule `connection` (docs/rules/purrramid.md, *House rules*): the rulebook's "All
spaces occupied by dice must be connected. If you placed dice on more than one space, all
spaces with dice must be adjacent to each other." read as one connected group (the default)
or as each space touching another of them (`connection=adjacent`)."""

from __future__ import annotations

import pytest
from tests.games.purrramid.helpers import FOUR, SIX, THREE, THREE_B, act, make, place, roll

from dicehall.core import ParamError
from dicehall.games.purrramid.actions import CONTINUE, STOP
from dicehall.games.purrramid.odds import next_roll_odds
from dicehall.games.purrramid.rules import PurrramidGame
from dicehall.games.purrramid.state import Phase, PurrramidState


def two_pairs(game: PurrramidGame) -> PurrramidState:
    """Side A's third row: 6 on the "6", 1+2 on the "3" beside it, then 4 on the "4" and 3 on
    the "3" beside that: two touching pairs that do not touch each other."""
    s = roll(game, game.initial_state(), 1, 2, 3, 4, 6)
    s = act(game, place(game, s, SIX, 6), CONTINUE)
    s = act(game, place(game, roll(game, s, 1, 2, 3, 4), THREE, 1, 2), CONTINUE)
    s = act(game, place(game, roll(game, s, 3, 4), FOUR, 4), CONTINUE)
    return place(game, roll(game, s, 3), THREE_B, 3)  # no dice left: the turn stops


def test_by_default_two_separate_pairs_are_not_connected() -> None:
    s = two_pairs(make(players=2))
    assert s.last is not None and not s.last.success and s.last.reason == "not connected"
    assert s.seat == 1 and s.regular == (26, 25)


def test_with_adjacent_each_space_touching_another_is_enough() -> None:
    s = two_pairs(make(players=2, connection="adjacent"))
    assert s.last is not None and s.last.success and s.last.tiles == 4
    assert s.regular == (22, 25)
    assert (s.seat, s.dice, s.phase) == (0, 4, Phase.ROLL)  # every die placed: a bonus turn


def test_with_adjacent_a_space_touching_none_still_busts() -> None:
    game = make(players=2, connection="adjacent")
    s = roll(game, game.initial_state(), 1, 2, 3, 4, 6)
    s = act(game, place(game, s, SIX, 6), CONTINUE)
    s = act(game, place(game, roll(game, s, 1, 2, 3, 4), THREE, 1, 2), CONTINUE)
    s = act(game, place(game, roll(game, s, 3, 4), FOUR, 4), STOP)  # the "4" touches neither
    assert s.last is not None and not s.last.success and s.last.reason == "not connected"


def test_views_odds_and_bots_read_the_house_rule() -> None:
    """What the rules accept at Stop is what the view, the exact odds and the bots see."""
    from dicehall.games.purrramid.bots.greedy import GreedyBot, geometry, stop_ok

    for connection, joined in (("group", False), ("adjacent", True)):
        game = make(players=2, connection=connection)
        s = roll(game, game.initial_state(), 1, 2, 3, 4, 6)
        s = act(game, place(game, s, SIX, 6), CONTINUE)
        s = act(game, place(game, roll(game, s, 1, 2, 3, 4), THREE, 1, 2), CONTINUE)
        s = act(game, place(game, roll(game, s, 3, 4), FOUR, 4), CONTINUE)
        # the last die: on the "3" beside the "4" the spaces are two touching pairs
        odds = next_roll_odds(game, s)
        assert (odds.can_stop > 0) is joined
        s = roll(game, s, 3)
        view = game.observe(s, 0)
        bot = GreedyBot(game, 0)
        geo = geometry(view, bot._each_adjacent)
        spaces = 1 << SIX | 1 << THREE | 1 << FOUR | 1 << THREE_B
        assert stop_ok(geo, s.tile_mask, spaces) is joined


def test_unknown_connection_is_refused() -> None:
    with pytest.raises(ParamError, match="connection"):
        make(connection="loose")
