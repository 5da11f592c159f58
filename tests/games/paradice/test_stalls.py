"""Stalls: conditions, one wild per stall, must-place, gains, the 5-stall limit, leftovers."""

from __future__ import annotations

import pytest
from tests.games.paradice.helpers import card, d, make, resolve, scene

from dicehall.core import IllegalActionError
from dicehall.games.paradice.actions import (
    ChooseStall,
    EndTurn,
    PickRow,
    Place,
    StoreMove,
    TakeStall,
)  # fmt: skip
from dicehall.games.paradice.stalls import can_place, completable
from dicehall.games.paradice.state import Phase, Player, evolve

GAME = make(players=2)
CARDS = GAME.cfg.content.stalls


def ok(card_id: str, die: str, on: tuple[int, int, int] = (0, 0, 0), slot: int = 0) -> bool:
    return can_place(CARDS[card(GAME, card_id)], on, slot, d(die))


def test_total_18_accepts_only_sixes() -> None:
    assert ok("balloon-9", "P6") and ok("balloon-9", "G6", slot=2)
    assert not any(ok("balloon-9", f"P{v}") for v in range(1, 6))


def test_total_at_most_6_and_total_3() -> None:
    assert ok("duck-6", "B4") and not ok("duck-6", "B5")
    assert not ok("duck-6", "B3", on=(d("P3"), 0, 0), slot=1)  # 3 + 3 + 1 > 6
    assert ok("duck-6", "B3", on=(d("P2"), 0, 0), slot=1)  # 2 + 3 + 1 = 6
    assert ok("duck-6", "B3", on=(d("P1"), 0, 0), slot=1)
    assert ok("cotton-9", "L1") and not ok("cotton-9", "L2")


def test_even_odd_and_colour_conditions() -> None:
    assert ok("balloon-4", "P2") and not ok("balloon-4", "P3")
    assert ok("cotton-4", "O5") and not ok("cotton-4", "O4")
    assert not ok("duck-5", "G2") and not ok("duck-5", "L2") and ok("duck-5", "P2")
    assert ok("cotton-8", "G3") and not ok("cotton-8", "B3")


def test_slot_requirements() -> None:
    assert ok("balloon-1", "P3") and not ok("balloon-1", "B3")  # slot 1 needs pink
    assert ok("balloon-1", "B3", slot=1)
    assert ok("cotton-7", "L5") and not ok("cotton-7", "L4")  # 'lilac 5'
    assert not ok("balloon-1", "P3", on=(d("P1"), 0, 0))  # the slot is taken


def test_a_black_die_is_wild_but_only_one_per_stall() -> None:
    assert ok("duck-5", "K3")  # wild stands for an allowed colour
    assert ok("balloon-9", "K1")  # wild stands for a 6
    assert ok("balloon-1", "K2")  # wild stands for pink
    assert not ok("balloon-1", "K2", on=(0, d("K4"), 0))


def test_every_built_in_card_is_completable() -> None:
    assert all(completable(c) for c in CARDS)


def test_must_place_end_turn_only_when_nothing_fits() -> None:
    state = scene(GAME, mine=("balloon-1",), phase=Phase.PLACE, pending=(d("B1"), d("P2")))
    legal = GAME.legal_actions(state, 0)
    assert EndTurn() not in legal and Place(d("P2"), 0, 0) in legal
    with pytest.raises(IllegalActionError):
        GAME.apply(state, 0, EndTurn())


def test_leftover_dice_pass_left_and_are_placed_in_the_pre_turn() -> None:
    # only pink fits balloon-1's first slot; the blue die can go to the 'any' slots
    state = scene(GAME, mine=(("balloon-1", (d("P1"), d("B1"), 0)),), phase=Phase.PLACE)
    seat1 = Player(stalls=((card(GAME, "balloon-2"), (0, 0, 0)),))
    state = evolve(state, pending=(d("P3"), d("B6")), players=(state.players[0], seat1))
    state = GAME.apply(state, 0, Place(d("B6"), 0, 2))  # completes the stall
    assert state.players[0].done == (card(GAME, "balloon-1"),)
    # the new Balloon power is for future turns and no active stall is left, so the turn ends
    # at once: the pink 3 passes to seat 1, whose pre-turn starts
    state = resolve(GAME, state)
    assert state.turn == 1 and state.phase == Phase.PRE and state.pending == (d("P3"),)
    legal = GAME.legal_actions(state, 1)
    assert legal and all(isinstance(a, Place) for a in legal)  # no powers in the pre-turn
    state = GAME.apply(state, 1, Place(d("P3"), 0, 0))
    assert state.phase == Phase.MAIN and state.players[1].stalls[0][1] == (d("P3"), 0, 0)


def test_unplaceable_pre_turn_dice_return_to_the_machine() -> None:
    players = (Player(), Player(stalls=((card(GAME, "cotton-8"), (0, 0, 0)),)))
    state = scene(GAME, mine=("balloon-1",), phase=Phase.PLACE, pending=(d("B6"),))
    state = evolve(state, players=(Player(), players[1]))
    state = GAME.apply(state, 0, EndTurn())  # seat 0 has no stall: the die passes left
    assert state.turn == 1 and state.phase == Phase.MAIN  # cotton-8 is only green
    assert state.returns == (0, 0, 0, 1, 0, 0) and state.pending == ()


def test_second_die_earns_a_plaza_stall_at_the_end_of_the_turn() -> None:
    state = scene(GAME, ("P1 L2 O3 B4 G5",), mine=("balloon-1",), phase=Phase.PLACE)
    state = evolve(state, pending=(d("P2"), d("P5")))
    state = GAME.apply(state, 0, Place(d("P2"), 0, 0))
    assert state.gains == 0
    state = GAME.apply(state, 0, Place(d("P5"), 0, 1))  # two dice at once: one gain
    assert state.gains == 1 and state.phase == Phase.GAINS
    plaza = state.plaza
    state = resolve(GAME, GAME.apply(state, 0, ChooseStall(2)))
    assert state.players[0].stalls[-1] == (plaza[2], (0, 0, 0))
    assert state.turn == 1 and -1 not in state.plaza


def test_three_dice_at_once_complete_and_earn_one_stall() -> None:
    state = scene(GAME, mine=("balloon-1",), phase=Phase.PLACE)
    state = evolve(state, pending=(d("P2"), d("P5"), d("O1")))
    for action in (Place(d("P2"), 0, 0), Place(d("P5"), 0, 1), Place(d("O1"), 0, 2)):
        state = GAME.apply(state, 0, action)
    assert state.players[0].done and state.players[0].earned[0] == 1  # from the next turn
    assert state.store[0] == 1 and state.gains == 1 and sum(state.returns) == 3


def test_third_die_alone_earns_no_stall() -> None:
    state = scene(GAME, mine=(("balloon-1", (d("P1"), d("B1"), 0)),), phase=Phase.PLACE)
    state = GAME.apply(evolve(state, pending=(d("O1"),)), 0, Place(d("O1"), 0, 2))
    assert state.gains == 0


def test_five_active_stalls_is_the_limit() -> None:
    five = ("balloon-1", "balloon-2", "cotton-1", "cotton-2", "duck-1")
    state = scene(GAME, mine=five)
    assert not any(isinstance(a, TakeStall) for a in GAME.legal_actions(state, 0))
    four = scene(GAME, mine=five[:4])
    assert TakeStall(0) in GAME.legal_actions(four, 0)
    after = resolve(GAME, GAME.apply(four, 0, TakeStall(0)))
    assert len(after.players[0].stalls) == 5 and after.turn == 1
    # a gain with 5 active stalls is lost
    full = evolve(state, phase=Phase.PLACE, gains=1)
    full = resolve(GAME, GAME.apply(full, 0, EndTurn()))
    assert len(full.players[0].stalls) == 5 and full.turn == 1


def test_black_die_must_be_used_first_wild_or_storehouse() -> None:
    state = scene(GAME, ("K4 P1 O2 G3 L5",), mine=("balloon-1",))
    state = GAME.apply(state, 0, PickRow((0,)))
    legal = GAME.legal_actions(state, 0)
    assert all(isinstance(a, Place | StoreMove) for a in legal)
    assert StoreMove(d("K4"), 3, 1) in legal and StoreMove(d("K4"), 3, -1) not in legal
    moved = GAME.apply(state, 0, StoreMove(d("K4"), 3, 1))
    assert moved.store == (0, 0, 0, 1, 0) and moved.returns[5] == 1
