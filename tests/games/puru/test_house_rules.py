"""Puru Puru Paradice's house rules (docs/rules/puru.md, *House rules*): each test quotes the
rulebook sentence that reads two ways and checks both readings."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from tests.games.puru.helpers import make, resolve, start, tracks

from dicehall.core import CHANCE, MalformedActionError, ParamError
from dicehall.games.puru.actions import (
    CHOOSE,
    DECLINE,
    INDEX,
    Character,
    Choose,
    Deal,
    IgnoreDrip,
    SpaceRoll,
    Track,
)
from dicehall.games.puru.state import Phase, Power

LOVE, EXCITEMENT = Track.LOVE, Track.EXCITEMENT


# --- (a) PURU PURU: "If your neighbour(s) gain 3 or more Love or Excitement from any roll
# excluding yours, copy 1 of the type(s) that they received."
def test_puru_copy_type_needs_three_of_one_type() -> None:
    game = make(players=3, full=True, characters="fruit,puru,rainbow")
    state = resolve(game, start(game), "HHSSCC")  # 2-2-2: the roller gains 2 Love, 2 Excitement
    assert state.phase == Phase.ROLL and state.roller == 1  # no copy: neither type reached 3
    assert tracks(state) == ((2, 0, 0), (2, 0, 0), (18, 20, 20))


def test_puru_copy_total_counts_love_and_excitement_together() -> None:
    game = make(players=3, full=True, characters="fruit,puru,rainbow", puru_copy="total")
    state = resolve(game, start(game), "HHSSCC")  # 2 + 2 = 4 in total: she copies
    assert state.phase == Phase.POWER and state.power == Power.PURU_PURU
    assert game.actors(state) == (1,) and game.legal_actions(state, 1) == CHOOSE
    state = game.apply(state, 1, Choose(EXCITEMENT))  # both types were received: her choice
    assert tracks(state) == ((2, 0, 0), (2, 1, 0), (18, 20, 20))


def test_puru_copy_total_still_needs_three() -> None:
    game = make(players=3, full=True, characters="fruit,puru,rainbow", puru_copy="total")
    state = resolve(game, start(game), "HSCCAA")  # 1 Love + 1 Excitement
    assert state.roller == 1 and tracks(state)[0] == (1, 0, 0)


# --- (b) SPACE JELLY: "If your roll ends in a 6 of a kind or a 3-3 split, you transcend time
# and space and get to roll again with one less die."
def test_space_roll_automatic_rolls_again_at_once() -> None:
    game = make(players=2, full=True, characters="space,fruit")
    state = resolve(game, start(game), "HHHSSS")
    assert (state.phase, state.roller, state.n_dice) == (Phase.ROLL, 0, 5)
    assert game.num_actions == len(INDEX)
    with pytest.raises(MalformedActionError):
        game.encode(SpaceRoll(True))  # no such decision in the default game


def test_space_roll_optional_lets_space_jelly_decline() -> None:
    game = make(players=2, full=True, characters="space,fruit", space_roll="optional")
    state = resolve(game, start(game), "HHHSSS")
    assert state.phase == Phase.POWER and state.power == Power.SPACE_JELLY
    assert game.actors(state) == (0,)
    assert game.legal_actions(state, 0) == (SpaceRoll(True), SpaceRoll(False))
    assert tracks(state) == ((3, 0), (3, 0), (20, 20))  # the roll has resolved first
    again = game.apply(state, 0, SpaceRoll(True))
    assert (again.phase, again.roller, again.n_dice) == (Phase.ROLL, 0, 5)
    passed = game.apply(state, 0, SpaceRoll(False))
    assert (passed.phase, passed.roller, passed.n_dice) == (Phase.ROLL, 1, 6)
    # the decision has ids after the default game's, which keep theirs
    assert game.num_actions == len(INDEX) + 2
    assert game.decode(game.encode(SpaceRoll(False))) == SpaceRoll(False)
    assert game.observe(state, 1)["pending"] == {"kind": "space_jelly", "seat": 0}


def test_space_roll_optional_is_asked_only_after_the_pattern() -> None:
    game = make(players=2, full=True, characters="space,fruit", space_roll="optional")
    state = resolve(game, start(game), "HHHSSC")
    assert (state.phase, state.roller, state.n_dice) == (Phase.ROLL, 1, 6)


# --- (c) Components: "12 Jelly boards"; setup: "Each player takes 1 random Jelly board"
def test_duplicates_off_means_different_characters() -> None:
    with pytest.raises(ParamError, match="different character"):
        make(players=2, full=True, characters="puru,puru")
    deals = make(players=3, full=True).chance_outcomes(make(players=3, full=True).initial_state())
    assert len(deals) == 6 * 5 * 4


def test_duplicates_deal_from_twelve_boards() -> None:
    game = make(players=3, full=True, duplicates=True)
    deals = dict(game.chance_outcomes(game.initial_state()))
    # ordered deals with at most 2 of a character: 6^3 less the 6 with one character 3 times
    assert len(deals) == 6**3 - 6 and sum(deals.values()) == 1
    p, s = Character.PURU_PURU, Character.SPACE_JELLY
    assert deals[Deal((p, p, s))] == Fraction(2, 12) * Fraction(1, 11) * Fraction(2, 10)
    assert deals[Deal((p, s, Character.JELLY_FISH))] == Fraction(2, 12) * Fraction(
        2, 11
    ) * Fraction(2, 10)
    dealt = game.apply(game.initial_state(), CHANCE, Deal((p, p, s)))
    assert dealt.characters == (p, p, s)
    with pytest.raises(ParamError, match="2 boards"):
        make(players=3, full=True, duplicates=True, characters="puru,puru,puru")


def test_duplicates_two_puru_purus_both_copy() -> None:
    game = make(players=3, full=True, duplicates=True, characters="fruit,puru,puru")
    state = resolve(game, start(game), "HHHHSC")  # 4 hearts to each neighbour: seats 1 and 2
    assert tracks(state) == ((0, 5, 5), (1, 0, 0), (19, 20, 20))
    assert state.last is not None and state.last.events.count("Puru Puru copied 1 Love") == 2


def test_duplicates_two_grass_jellies_are_asked_in_seat_order() -> None:
    game = make(players=3, full=True, duplicates=True, characters="fruit,grass,grass")
    state = resolve(game, start(game), "CCCCHS")  # 4 crying faces to each neighbour
    assert state.phase == Phase.POWER and state.power == Power.GRASS_JELLY
    assert game.actors(state) == (1,)
    state = game.apply(state, 1, IgnoreDrip(LOVE))
    assert state.power == Power.GRASS_JELLY and game.actors(state) == (2,)
    state = game.apply(state, 2, DECLINE)
    assert tracks(state) == ((1, 1, 0), (1, 0, 0), (20, 17, 16))


def test_house_rules_need_the_full_game() -> None:
    for params in ({"puru_copy": "total"}, {"space_roll": "optional"}, {"duplicates": True}):
        with pytest.raises(ParamError, match="Full-game house rule"):
            make(players=3, **params)


def test_greedy_space_jelly_weighs_the_optional_roll() -> None:
    """The greedy bot rolls again early, and declines when the roll could push a rival to 20."""
    from dicehall.games.puru.bots.greedy import GreedyBot

    game = make(players=2, full=True, characters="space,fruit", space_roll="optional")
    bot = GreedyBot(game, 0)
    for rival_love, again in ((0, True), (19, False)):
        state = resolve(game, start(game, love=(0, rival_love)), "HHHSSS")
        legal = game.legal_actions(state, 0)
        choice = bot.act(game.observe(state, 0), legal, random.Random(0))
        assert choice == SpaceRoll(again)
