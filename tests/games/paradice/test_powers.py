"""Every stall power, with its timing, and the Surprise Bag cards."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from tests.games.paradice.helpers import d, make, resolve, scene

from dicehall.core import CHANCE, IllegalActionError
from dicehall.games.paradice.actions import (
    BagDraw,
    BagMove,
    Balloon,
    CottonCandy,
    DuckRow,
    EndTurn,
    Fries,
    PickRow,
    Place,
    SurpriseBag,
    TakeStall,
)  # fmt: skip
from dicehall.games.paradice.state import ParadiceState, Phase, evolve

GAME = make(players=2)
ROWS = ("P1 L2 O3 B4 G5", "B1 O2 L5 P4 K6", "G3 . . . .")


def powered(state: ParadiceState, **counts: int) -> ParadiceState:
    kinds = ("balloon", "cotton", "duck", "fries", "surprise")
    player = replace(state.players[0], powers=tuple(counts.get(k, 0) for k in kinds))
    return evolve(state, players=(player, *state.players[1:]))


def test_balloon_swaps_colour_with_a_same_value_machine_die() -> None:
    state = powered(scene(GAME, ROWS, mine=("fries-1",), phase=Phase.PLACE), balloon=1)
    state = evolve(state, pending=(d("P4"),))
    legal = GAME.legal_actions(state, 0)
    assert Balloon(0, 3, 0) in legal  # the blue 4 on the bottom row
    assert Balloon(0, 3, 1) not in legal  # same colour: no swap
    after = GAME.apply(state, 0, Balloon(0, 3, 0))
    assert after.pending == (d("B4"),) and after.machine[3][0] == d("P4")
    assert after.players[0].powers[0] == 0 and Place(d("B4"), 0, 0) in GAME.legal_actions(after, 0)


def test_balloon_and_fries_only_on_dice_from_the_basic_action() -> None:
    state = powered(scene(GAME, ROWS, mine=("fries-1",), pending=(d("P4"),)), balloon=1, fries=1)
    legal = GAME.legal_actions(state, 0)
    assert not any(isinstance(a, Balloon | Fries) for a in legal)


def test_fries_changes_a_value() -> None:
    state = powered(scene(GAME, ROWS, mine=("balloon-9",), phase=Phase.PLACE), fries=1)
    state = evolve(state, pending=(d("L2"),))
    assert Place(d("L2"), 0, 0) not in GAME.legal_actions(state, 0)  # total 18 needs sixes
    state = GAME.apply(state, 0, Fries(d("L2"), 6))
    assert state.pending == (d("L6"),) and Place(d("L6"), 0, 0) in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalActionError):
        GAME.apply(state, 0, Fries(d("L6"), 1))  # single use


def test_cotton_candy_takes_a_top_die_before_or_after_but_never_black() -> None:
    state = powered(scene(GAME, ROWS, mine=("cotton-8",)), cotton=1)
    legal = GAME.legal_actions(state, 0)
    assert CottonCandy(0) in legal and CottonCandy(4) not in legal  # column 5's top is black
    after = GAME.apply(state, 0, CottonCandy(0))
    assert after.pending == (d("G3"),) and after.machine[0] == (d("P1"), d("B1"))
    assert after.phase == Phase.MAIN and after.powered
    assert not any(isinstance(a, TakeStall) for a in GAME.legal_actions(after, 0))
    after = GAME.apply(after, 0, PickRow((2,)))  # the basic action still follows
    assert set(after.pending) == {d("G3"), d("O3")}


def test_no_powers_in_the_pre_turn() -> None:
    state = powered(scene(GAME, ROWS, mine=("cotton-8",), phase=Phase.PRE), cotton=1, surprise=1)
    state = evolve(state, pending=(d("G2"),))
    assert all(isinstance(a, Place) for a in GAME.legal_actions(state, 0))


def test_surprise_bag_draws_a_card_as_a_chance_node() -> None:
    state = powered(scene(GAME, ROWS, mine=("cotton-8",)), surprise=1)
    state = GAME.apply(state, 0, SurpriseBag())
    assert GAME.actors(state) == (CHANCE,)
    outcomes = GAME.chance_outcomes(state)
    assert len(outcomes) == 9 and {p for _, p in outcomes} == {Fraction(1, 9)}
    points = GAME.apply(state, CHANCE, BagDraw("bag-7"))
    assert points.players[0].bag == (6,) and 6 not in points.bag_deck
    score = GAME.observe(points, 0)["seats"][0]["score_parts"]["surprise"]
    assert score == 6


def test_surprise_bag_stall_and_storehouse_cards() -> None:
    state = GAME.apply(powered(scene(GAME, ROWS, mine=("cotton-8",)), surprise=1), 0, SurpriseBag())
    stall = GAME.apply(state, CHANCE, BagDraw("bag-8"))
    assert stall.gains == 1
    move = GAME.apply(state, CHANCE, BagDraw("bag-9"))
    legal = GAME.legal_actions(move, 0)
    assert all(isinstance(a, BagMove) for a in legal) and BagMove(2, -1) not in legal
    move = GAME.apply(move, 0, BagMove(2, 1))
    assert move.store == (0, 0, 1, 0, 0) and move.moves == 0


def test_duck_replaces_the_basic_action_and_no_power_with_take_a_stall() -> None:
    state = powered(scene(GAME, ROWS, mine=("cotton-8",)), duck=1)
    legal = GAME.legal_actions(state, 0)
    duck = [a for a in legal if type(a).__name__.startswith("Duck")]
    assert duck and TakeStall(0) in legal
    assert DuckRow(2, (0,)) in duck
    after = GAME.apply(state, 0, DuckRow(2, (0,)))
    assert after.pending == (d("G3"),)
    assert after.phase == Phase.PLACE and after.players[0].powers[2] == 0


def test_several_powers_in_one_turn() -> None:
    state = powered(scene(GAME, ROWS, mine=("balloon-9",)), cotton=1, fries=2)
    state = GAME.apply(state, 0, CottonCandy(0))
    state = GAME.apply(state, 0, PickRow((2,)))
    state = GAME.apply(state, 0, Fries(d("G3"), 6))
    state = GAME.apply(state, 0, Fries(d("O3"), 6))
    assert state.pending == (d("O6"), d("G6")) and state.players[0].powers == (0, 0, 0, 0, 0)
    state = GAME.apply(state, 0, Place(d("O6"), 0, 0))
    state = GAME.apply(state, 0, Place(d("G6"), 0, 1))
    state = resolve(GAME, state)
    assert state.phase == Phase.GAINS and state.gains == 1
    assert EndTurn() not in GAME.legal_actions(state, 0)


def test_a_power_earned_in_a_turn_is_for_future_turns() -> None:
    """Rulebook: "That Stall also grants you an extra power you can use on future turns";
    "powers that you can use on future turns" (docs/rules/paradice.md, *Powers*)."""
    mine = (("surprise-1", (d("G1"), d("P2"), 0)), "fries-2")
    state = scene(GAME, ROWS, mine=mine, phase=Phase.PLACE, pending=(d("L3"), d("P5")))
    state = resolve(GAME, GAME.apply(state, 0, Place(d("L3"), 0, 2)))  # completes the stall
    assert state.players[0].done and state.phase == Phase.PLACE and state.turn == 0
    assert SurpriseBag() not in GAME.legal_actions(state, 0)  # not in this turn
    assert GAME.observe(state, 1)["seats"][0]["new_powers"] == [0, 0, 0, 0, 1]
    state = resolve(GAME, GAME.apply(state, 0, Place(d("P5"), 0, 0)))
    while GAME.actors(state) == (0,):  # a Plaza stall gained this turn, and the end of it
        state = resolve(GAME, GAME.apply(state, 0, GAME.legal_actions(state, 0)[0]))
    state = resolve(GAME, GAME.apply(state, 1, TakeStall(0)))  # seat 1's turn ends at once
    assert state.turn == 0 and SurpriseBag() in GAME.legal_actions(state, 0)


def test_fries_earned_in_a_turn_does_not_change_the_dice_still_in_hand() -> None:
    """Rulebook: "powers that you can use on future turns" (docs/rules/paradice.md,
    *Powers*): completing a Fries stall does not offer Fries on the dice still in hand."""
    mine = (("fries-1", (d("B1"), d("P2"), 0)), "surprise-1")
    state = scene(GAME, ROWS, mine=mine, phase=Phase.PLACE, pending=(d("L3"), d("P5")))
    state = resolve(GAME, GAME.apply(state, 0, Place(d("L3"), 0, 2)))  # completes the stall
    assert state.phase == Phase.PLACE and state.turn == 0
    assert not any(isinstance(a, Fries) for a in GAME.legal_actions(state, 0))


def test_a_stall_completed_in_the_pre_turn_serves_the_turn_that_follows() -> None:
    """docs/rules/paradice.md, *Powers*: a stall completed in the pre-turn, before "Their turn
    then begins", gives a power usable in that turn."""
    mine = (("surprise-1", (d("G1"), d("P2"), 0)),)
    state = scene(GAME, ROWS, mine=mine, phase=Phase.PRE, pending=(d("L3"),))
    state = resolve(GAME, GAME.apply(state, 0, Place(d("L3"), 0, 2)))
    assert state.phase == Phase.MAIN and SurpriseBag() in GAME.legal_actions(state, 0)
