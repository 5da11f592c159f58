"""Full-game powers (docs/rules/puru.md, *Full game: characters and powers*), each set up with
chosen rolls and characters."""

from __future__ import annotations

from tests.games.puru.helpers import make, resolve, rolled, start, tracks

from dicehall.core import CHANCE
from dicehall.games.puru.actions import (
    CHOOSE,
    DECLINE,
    GIVE_AWAY,
    IGNORE,
    KEEP,
    RESOLVE,
    Character,
    Choose,
    Deal,
    IgnoreDrip,
    Reroll,
    Track,
)
from dicehall.games.puru.state import Phase, Power

LOVE, EXCITEMENT = Track.LOVE, Track.EXCITEMENT


def test_characters_are_dealt_by_a_chance_node_unless_chosen() -> None:
    game = make(players=3, full=True)
    first = game.initial_state()
    assert first.phase == Phase.DEAL and game.actors(first) == (CHANCE,)
    outcomes = game.chance_outcomes(first)
    assert len(outcomes) == 6 * 5 * 4
    deal = Deal((Character.GRASS_JELLY, Character.PURU_PURU, Character.SPACE_JELLY))
    assert game.apply(first, CHANCE, deal).characters == deal.characters
    chosen = make(players=2, full=True, characters="Rainbow Jelly, space_jelly")
    assert chosen.initial_state().characters == (Character.RAINBOW_JELLY, Character.SPACE_JELLY)
    assert chosen.initial_state().phase == Phase.ROLL


def test_puru_puru_copies_a_neighbours_gain_of_three() -> None:
    game = make(players=3, full=True, characters="fruit,puru,rainbow")
    state = resolve(game, start(game), "HHHHSC")  # 4 hearts to seats 1 and 2
    assert tracks(state) == ((0, 5, 4), (1, 0, 0), (19, 20, 20))
    assert state.last is not None and "Puru Puru copied 1 Love" in state.last.events


def test_puru_puru_chooses_when_both_tracks_qualify() -> None:
    game = make(players=3, full=True, characters="fruit,puru,rainbow")
    state = resolve(game, start(game), "HHHSSS")  # 3-3: the roller gains 3 Love, 3 Excitement
    assert state.phase == Phase.POWER and state.power == Power.PURU_PURU
    assert game.actors(state) == (1,) and game.legal_actions(state, 1) == CHOOSE
    state = game.apply(state, 1, Choose(EXCITEMENT))
    assert tracks(state) == ((3, 0, 0), (3, 1, 0), (20, 20, 20))


def test_puru_puru_does_not_copy_on_her_own_roll_or_small_gains() -> None:
    game = make(players=3, full=True, characters="puru,fruit,rainbow")
    state = resolve(game, start(game), "HHHSSS")
    assert tracks(state) == ((3, 0, 0), (3, 0, 0), (20, 20, 20))
    state = resolve(game, start(game, roller=1), "HHSSCA")  # 2 and 2: below 3
    assert state.love == (0, 2, 0)


def test_space_jelly_rolls_again_with_one_die_fewer_after_a_three_three_split() -> None:
    game = make(players=2, full=True, characters="space,fruit")
    state = resolve(game, start(game), "HHHSSS")
    assert state.roller == 0 and state.n_dice == 5 and state.phase == Phase.ROLL
    assert len(game.chance_outcomes(state)) == 56  # multisets of 5 dice
    state = rolled(game, state, "HHHSS")
    state = game.apply(state, 0, Reroll(star=2))
    state = game.apply(rolled(game, state, "HH"), 0, RESOLVE)  # 5 hearts: no extra roll
    assert state.roller == 1 and state.n_dice == 6
    assert tracks(state) == ((3, 5), (3, 0), (20, 20))


def test_space_jelly_rolls_again_after_six_of_a_kind() -> None:
    game = make(players=3, full=True, characters="space,fruit,puru")
    state = game.apply(rolled(game, start(game), "SSSSSS"), 0, RESOLVE)
    state = game.apply(state, 0, GIVE_AWAY)
    assert state.roller == 0 and state.n_dice == 5
    assert state.excite == (0, 6, 7)  # Puru Puru (seat 2) copies seat 1's 6 Excitement


def test_jelly_fish_gains_two_when_his_roll_makes_a_neighbour_drip() -> None:
    game = make(players=3, full=True, characters="fish,fruit,rainbow")
    state = resolve(game, start(game), "CCCCHS")
    assert state.power == Power.JELLY_FISH and game.actors(state) == (0,)
    state = game.apply(state, 0, Choose(LOVE))
    assert tracks(state) == ((3, 0, 0), (1, 0, 0), (20, 16, 16))
    quiet = resolve(game, start(game), "HHHHCS")  # his own drip does not count
    assert quiet.phase == Phase.ROLL and quiet.love == (0, 4, 4)


def test_fruit_jelly_keeps_five_of_a_kind_and_the_others_get_the_last_die() -> None:
    game = make(players=4, full=True, characters="fruit,puru,fish,rainbow")
    state = game.apply(rolled(game, start(game), "HHHHHC"), 0, RESOLVE)
    assert state.phase == Phase.KEEP and game.legal_actions(state, 0) == (KEEP, GIVE_AWAY)
    kept = game.apply(state, 0, KEEP)
    # Puru Puru copies 1 Love from her neighbour Fruit Jelly's 5
    assert tracks(kept) == ((5, 1, 0, 0), (0, 0, 0, 0), (20, 19, 19, 19))
    given = game.apply(state, 0, GIVE_AWAY)  # the usual majority to seats 1 and 3
    assert tracks(given) == ((0, 5, 0, 5), (0, 0, 0, 0), (19, 20, 20, 20))


def test_fruit_jelly_keeping_six_of_a_kind_gives_nothing_away() -> None:
    game = make(players=3, full=True, characters="fruit,space,fish")
    state = game.apply(rolled(game, start(game), "SSSSSS"), 0, RESOLVE)
    assert tracks(game.apply(state, 0, KEEP)) == ((0, 0, 0), (6, 0, 0), (20, 20, 20))


def test_grass_jelly_may_ignore_one_drip_of_a_roll_dripping_her_two_or_more() -> None:
    game = make(players=3, full=True, characters="fruit,grass,rainbow")
    state = resolve(game, start(game), "CCCCHS")
    assert state.power == Power.GRASS_JELLY and game.actors(state) == (1,)
    assert game.legal_actions(state, 1) == (*IGNORE, DECLINE)
    ignored = game.apply(state, 1, IgnoreDrip(LOVE))
    assert tracks(ignored) == ((1, 1, 0), (1, 0, 0), (20, 17, 16))
    assert tracks(game.apply(state, 1, DECLINE)) == ((1, 0, 0), (1, 0, 0), (20, 16, 16))


def test_grass_jelly_on_her_own_roll_and_not_for_the_paid_reroll() -> None:
    game = make(players=2, full=True, characters="grass,fruit")
    state = resolve(game, start(game), "HHSSCA")
    assert state.power == Power.GRASS_JELLY
    state = game.apply(state, 0, IgnoreDrip(EXCITEMENT))
    assert tracks(state) == ((2, 0), (3, 0), (19, 20))
    state = rolled(game, start(game), "HHSSCA")
    state = game.apply(rolled(game, game.apply(state, 0, Reroll(heart=1)), "H"), 0, Reroll(star=1))
    state = rolled(game, state, "S")  # 1 Jelly paid, then only 2 dice drips: still 2 from dice
    assert state.power == Power.GRASS_JELLY and state.jelly == (19, 20)


def test_rainbow_jelly_gains_with_all_four_faces() -> None:
    game = make(players=3, full=True, characters="rainbow,fruit,space")
    state = resolve(game, start(game), "HHSSCA")
    assert tracks(state) == ((3, 0, 0), (3, 0, 0), (19, 20, 20))
    state = resolve(game, start(game), "CCCHSA")  # crying majority away; regain stops at 20
    assert tracks(state) == ((2, 0, 0), (2, 0, 0), (20, 17, 17))


def test_powers_chain_in_one_roll_and_apply_as_a_whole() -> None:
    # Jelly Fish stings Grass Jelly; she ignores a drip; Puru Puru sees Grass Jelly gain 3 Love
    game = make(players=4, full=True, characters="fish,grass,puru,rainbow")
    begin = start(game, love=(0, 2, 0, 0))
    state = resolve(game, begin, "CCCHHS")
    state = game.apply(state, 0, Choose(EXCITEMENT))
    assert state.power == Power.GRASS_JELLY
    state = game.apply(state, 1, IgnoreDrip(LOVE))
    assert state.phase == Phase.ROLL  # Grass Jelly gained 1 < 3: Puru Puru gets nothing
    assert tracks(state) == ((2, 3, 0, 0), (3, 0, 0, 0), (20, 18, 20, 17))
    big = start(game, love=(0, 0, 0, 0))
    state = resolve(game, big, "HHHHCS")  # 4 hearts to Grass Jelly and Rainbow Jelly
    assert state.love == (0, 4, 1, 4) and state.last is not None
    assert "Puru Puru copied 1 Love" in state.last.events
