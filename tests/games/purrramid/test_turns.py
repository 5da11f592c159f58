"""Turns from the rulebook and the rulings, set up with chosen rolls on side A (2 players)."""

from __future__ import annotations

import dataclasses

import pytest
from tests.games.purrramid.helpers import (
    EIGHT,
    FIVE,
    FOUR,
    ONE,
    R3_FOUR,
    SIX,
    SIX_B,
    THREE,
    THREE_B,
    TWO,
    act,
    make,
    only_free,
    place,
    roll,
    with_tiles,
)

from dicehall.core import CHANCE, IllegalActionError
from dicehall.games.purrramid.actions import BUST, CONTINUE, SPEND_WOOL, STOP, Place, Roll
from dicehall.games.purrramid.state import Phase


def test_lionela_busts_when_her_last_die_cannot_complete_the_turn() -> None:
    game = make(players=2)
    s = roll(game, game.initial_state(), 3, 3, 1, 2, 5)
    s = act(game, place(game, s, SIX, 3, 3), CONTINUE)
    s = act(game, place(game, roll(game, s, 1, 2, 5), THREE_B, 1, 2), CONTINUE)
    s = roll(game, s, 4)
    fours = game.legal_actions(s, 0)
    assert fours and all(isinstance(a, Place) and a.dice == (4,) for a in fours)
    for action in fours:  # wherever the 4 goes, the turn's dice are not connected
        after = act(game, s, action)
        assert after.last is not None and not after.last.success
        assert after.last.reason == "not connected"
        assert after.seat == 1 and after.tile_mask == s.tile_mask and after.dice_mask == 0


def test_felix_turn_with_support_through_his_own_dice_and_a_wool_bonus_turn() -> None:
    game = make(players=2)
    s = dataclasses.replace(game.initial_state(), seat=1)
    s = act(game, place(game, roll(game, s, 1, 1, 4, 4, 6), SIX_B, 6), CONTINUE)
    s = act(game, place(game, roll(game, s, 1, 1, 4, 4), EIGHT, 4, 4), CONTINUE)
    assert s.wool_mask >> EIGHT & 1  # placing dice on an "8" does not take its wool yet
    s = place(game, roll(game, s, 1, 1), TWO, 1, 1)  # the "2" supports the "8": stop succeeds
    assert s.last is not None and s.last.success and s.last.tiles == 3 and s.last.wool == 1
    assert s.wool == (0, 1) and not s.wool_mask >> EIGHT & 1
    assert all(s.owner[i] == 1 for i in (SIX_B, EIGHT, TWO))
    assert s.regular == (26, 22)
    # all five dice were used: a bonus turn with four dice
    assert (s.seat, s.dice, s.left, s.phase) == (1, 4, 4, Phase.ROLL)
    s = act(game, place(game, roll(game, s, 1, 2, 5, 5), THREE, 1, 2), CONTINUE)
    s = roll(game, s, 5, 5)
    assert SPEND_WOOL in game.legal_actions(s, 1)
    s = act(game, s, SPEND_WOOL)
    assert s.wool == (0, 0) and s.phase is Phase.ROLL and s.left == 2
    s = act(game, place(game, roll(game, s, 1, 6), SIX, 6), STOP)
    assert s.last is not None and s.last.success and s.last.tiles == 2 and not s.last.bonus
    assert s.seat == 0 and s.dice == 5 and s.regular == (26, 20)


def test_each_roll_goes_on_one_unoccupied_space_with_a_matching_sum() -> None:
    game = make(players=2)
    s = roll(game, game.initial_state(), 1, 2, 3, 5, 6)
    legal = game.legal_actions(s, 0)
    assert all(isinstance(a, Place) for a in legal)
    assert all(sum(a.dice) == game.board.spaces[a.space].number for a in legal)
    assert Place(SIX, (1, 5)) in legal and Place(SIX, (1, 2, 3)) in legal
    assert Place(SIX, (3, 3)) not in legal  # only one 3 was rolled
    with pytest.raises(IllegalActionError):
        act(game, s, Place(0, (3,)))  # a setup tile covers it
    with pytest.raises(IllegalActionError):
        act(game, s, Place(SIX, (2, 3)))  # 5 is not 6
    s2 = act(game, place(game, s, SIX, 6), CONTINUE)
    s2 = roll(game, s2, 1, 5, 3, 2)
    assert not [a for a in game.legal_actions(s2, 0) if isinstance(a, Place) and a.space == SIX]


def test_no_placement_without_wool_busts_at_once() -> None:
    game = make(players=2)
    s = only_free(game, game.initial_state(), [TWO, R3_FOUR])
    after = roll(game, s, 5, 5, 6, 6, 6)
    assert after.seat == 1 and after.phase is Phase.ROLL
    assert after.last is not None and after.last.reason == "no placement"


def test_no_placement_with_wool_offers_a_reroll_or_the_bust() -> None:
    game = make(players=2)
    s = dataclasses.replace(only_free(game, game.initial_state(), [TWO]), wool=(2, 0))
    s = roll(game, s, 5, 5, 6, 6, 6)
    assert game.legal_actions(s, 0) == (SPEND_WOOL, BUST)
    busted = act(game, s, BUST)
    assert busted.seat == 1 and busted.wool == (2, 0)
    again = act(game, s, SPEND_WOOL)
    assert again.phase is Phase.ROLL and again.wool == (1, 0) and again.left == 5
    assert game.legal_actions(roll(game, again, 2, 5, 5, 6, 6), 0)[0] == SPEND_WOOL


def test_stop_busts_when_a_space_is_not_supported() -> None:
    game = make(players=2)
    s = act(game, place(game, roll(game, game.initial_state(), 1, 2, 4, 6, 6), R3_FOUR, 4), STOP)
    assert s.last is not None and s.last.reason == "not supported" and s.seat == 1


def test_supported_through_this_turns_dice() -> None:
    game = make(players=2)
    s = act(game, place(game, roll(game, game.initial_state(), 3, 3, 4, 6, 6), SIX, 6), CONTINUE)
    s = act(game, place(game, roll(game, s, 3, 3, 4, 6), THREE, 3), CONTINUE)
    s = act(game, place(game, roll(game, s, 3, 4, 6), R3_FOUR, 4), STOP)  # rests on 6 and 3
    assert s.last is not None and s.last.success and s.last.tiles == 3


def test_dice_left_zero_means_the_turn_must_stop() -> None:
    game = make(players=2)
    s = place(game, roll(game, game.initial_state(), 1, 1, 1, 1, 1), FIVE, 1, 1, 1, 1, 1)
    assert s.last is not None and s.last.success and s.last.bonus
    assert CONTINUE not in game.legal_actions(s, s.seat)


@pytest.mark.parametrize(("number", "tiles"), [(10, 2), (12, 3), (8, 1), (1, 1)])
def test_tile_costs_of_spaces(number: int, tiles: int) -> None:
    game = make(players=2)
    space = next(s for s in game.board.spaces if s.number == number and s.row >= 2)
    below = [t.id for t in game.board.spaces if game.board.below[space.id] >> t.id & 1]
    s = with_tiles(game, game.initial_state(), below)
    dice = {10: (4, 6), 12: (6, 6), 8: (2, 6), 1: (1,)}[number]
    rolled = roll(game, s, *dice, *(5,) * (5 - len(dice)))
    s2 = act(game, place(game, rolled, space.id, *dice), STOP)
    assert s2.last is not None and s2.last.tiles == tiles
    assert s2.regular[0] == 26 - tiles


def test_three_levels_earn_a_bonus_turn_with_dice_left() -> None:
    game = make(players=2)
    row2 = list(range(19, 28))
    s = with_tiles(game, game.initial_state(), [*row2, 29, 37])
    s = act(game, place(game, roll(game, s, 4, 6, 6, 6, 6), 28, 4), CONTINUE)
    s = act(game, place(game, roll(game, s, 4, 4, 6, 6), 36, 4, 4), CONTINUE)
    s = act(game, place(game, roll(game, s, 2, 6), 42, 2), STOP)
    assert s.last is not None and s.last.success and s.last.bonus
    assert (s.seat, s.dice, s.left) == (0, 4, 4)


def test_bonus_turns_chain_down_to_one_die() -> None:
    game = make(players=2)
    s = game.initial_state()
    chain = [(5, FIVE), (4, FOUR), (3, THREE), (2, TWO), (1, ONE)]
    for dice, space in chain:
        assert (s.seat, s.dice) == (0, dice)
        s = place(game, roll(game, s, *(1,) * dice), space, *(1,) * dice)
        assert s.last is not None and s.last.success
        assert s.last.bonus == (dice > 1)
    assert (s.seat, s.dice) == (1, 5)


def test_too_few_tiles_left_forbids_a_space() -> (
    None
):  # docs/rules/purrramid.md, *A turn*: too few tiles
    game = make(players=2)
    s = dataclasses.replace(game.initial_state(), winner=1, regular=(1, 0), gold_left=5)
    s = roll(game, s, 1, 2, 3, 4, 6)
    legal = game.legal_actions(s, 0)
    assert legal and all(game.board.spaces[a.space].cost == 1 for a in legal)
    s = act(game, place(game, s, SIX, 6), CONTINUE)
    s = roll(game, s, 1, 2, 3, 4)
    assert s.seat == 1 and s.last is not None and s.last.reason == "no placement"


def test_actions_out_of_turn_or_phase_are_rejected() -> None:
    game = make(players=2)
    s = game.initial_state()
    for seat, action in [(0, CONTINUE), (CHANCE, Roll((1, 2))), (CHANCE, Roll((3, 2, 1, 1, 1)))]:
        with pytest.raises(IllegalActionError):
            game.apply(s, seat, action)
    s = roll(game, s, 1, 2, 3, 4, 6)
    for seat, action in [(1, Place(SIX, (6,))), (0, STOP), (0, BUST), (0, SPEND_WOOL)]:
        with pytest.raises(IllegalActionError):
            game.apply(s, seat, action)
    assert game.legal_actions(s, 1) == () and game.chance_outcomes(s) == ()
