"""Paradice's house rules (docs/rules/paradice.md, *House rules*): each test quotes the
rulebook sentence that reads two ways and checks both readings."""

from __future__ import annotations

import random

import pytest
from tests.games.paradice.helpers import d, make, resolve, scene

from dicehall.core import CHANCE, ParamError
from dicehall.games.paradice import machine as mc
from dicehall.games.paradice import turn
from dicehall.games.paradice.actions import (
    PICK_COLUMNS,
    PICK_ROWS,
    BagDraw,
    BagMove,
    PickColumn,
    PickRow,
    RoulettePick,
    StoreMove,
)  # fmt: skip
from dicehall.games.paradice.scoring import type_factors
from dicehall.games.paradice.spec import BLACK
from dicehall.games.paradice.state import Phase


# --- (d) "The type of Stall furthest to the left within the Storehouse, without sharing a
# position, scores double."
def test_double_scoring_alone_needs_the_furthest_left_token_alone() -> None:
    game = make(players=2)
    state = scene(game, store=(5, 1, 1, 2, 3), first_out=0)
    assert type_factors(game.cfg, state) == (0, 1, 1, 1, 1)  # the two furthest left share


def test_double_scoring_unshared_doubles_the_furthest_left_token_sharing_no_position() -> None:
    game = make(players=2, double_scoring="unshared")
    state = scene(game, store=(5, 1, 1, 2, 3), first_out=0)
    assert type_factors(game.cfg, state) == (0, 1, 1, 2, 1)  # fries, at 2, is alone
    alone = scene(game, store=(5, 0, 3, 2, 2), first_out=0)
    assert type_factors(game.cfg, alone) == (0, 2, 1, 1, 1)  # the same as the default here
    none = scene(game, store=(5, 1, 1, 2, 2), first_out=0)
    assert type_factors(game.cfg, none) == (0, 1, 1, 1, 1)  # every position is shared


# --- (e) "Storehouse: you can advance or move back any Storehouse token, except if one has
# already reached the "no stock" line."
def black_pick(game_params: dict[str, str]) -> tuple[object, object]:
    """Seat 0, with no stall, picks a lone black 4 while balloon is already out."""
    game = make(players=2, **game_params)
    state = scene(game, ("K4 P1 O2 G3 L5",), store=(5, 0, 0, 4, 0), first_out=0)
    return game, game.apply(state, 0, PickRow((0,)))


def test_storehouse_lock_token_freezes_only_the_token_out() -> None:
    game, state = black_pick({})
    legal = game.legal_actions(state, 0)
    assert StoreMove(d("K4"), 0, 1) not in legal  # balloon is at "no stock"
    assert StoreMove(d("K4"), 3, 1) in legal and StoreMove(d("K4"), 1, 1) in legal


def test_storehouse_lock_all_freezes_every_token_once_one_is_out() -> None:
    game, state = black_pick({"storehouse_lock": "all"})
    # nothing can use the black die: no stall takes it, no token may move; it goes back
    assert state.pending == () and state.returns[BLACK] == 1
    assert not any(isinstance(a, StoreMove) for a in game.legal_actions(resolve(game, state), 0))
    before = scene(game, ("K4 P1 O2 G3 L5",), store=(5, 0, 0, 4, 0))
    picked = game.apply(before, 0, PickRow((0,)))  # no token out yet: the black die moves one
    assert StoreMove(d("K4"), 3, 1) in game.legal_actions(picked, 0)


# --- (f) "IMPORTANT If a grouping matches in both color and number, you must always choose
# the entire grouping"
ROWS = ("B1 B3 G3 P5 L6", "B3 . . . .", "G3 . . . .")


def picks(**params: str) -> set[object]:
    game = make(players=2, **params)
    state = scene(game, ROWS, mine=("balloon-1",))
    return {a for a in game.legal_actions(state, 0) if isinstance(a, PickRow | PickColumn)}


def test_grouping_separate_offers_the_colour_run_and_the_number_run() -> None:
    found = picks()
    assert PickRow((0, 1)) in found and PickRow((1, 2)) in found  # blue run, 3s run
    assert PickRow((0, 1, 2)) not in found
    assert PickColumn(0, 2) in found and PickColumn(0, 3) not in found  # blues up column 1


def test_grouping_whole_takes_the_group_linked_by_colour_and_number() -> None:
    found = picks(grouping="whole")
    assert PickRow((0, 1, 2)) in found
    assert PickRow((0, 1)) not in found and PickRow((1, 2)) not in found
    assert PickColumn(0, 3) in found and PickColumn(0, 2) not in found  # B1, B3, G3
    assert PickRow((3,)) in found and PickRow((4,)) in found  # lone dice stay lone


def test_grouping_whole_keeps_the_rulebook_example() -> None:
    """The blue 4 with two 4s to its right is one number run under both readings."""
    for params in ({}, {"grouping": "whole"}):
        game = make(players=2, **params)
        state = scene(game, ("P1 B4 O4 G4 L2",), mine=("balloon-1",))
        legal = game.legal_actions(state, 0)
        assert PickRow((1, 2, 3)) in legal and PickRow((1,)) not in legal


def test_grouping_whole_applies_to_the_roulette() -> None:
    """The roulette's dice are kept "following the basic grouping rules"."""
    for params, whole in (({}, False), ({"grouping": "whole"}, True)):
        game = make(players=2, **params)
        table = (d("B1"), d("B3"), d("G3"), d("P5"), d("L6"))
        state = scene(game, ("P1 . . . .",), phase=Phase.ROULETTE, table=table, rolled=5)
        legal = game.legal_actions(state, 0)
        assert (RoulettePick((0, 1, 2)) in legal) is whole
        assert (RoulettePick((0, 1)) in legal) is not whole


@pytest.mark.parametrize("whole", [False, True])
def test_fast_pick_tables_match_the_reference_groups(whole: bool) -> None:
    rng = random.Random(5)
    for _ in range(400):
        cols = tuple(
            tuple(rng.choice((11, 12, 31, 32, 33, 41, 52)) for _ in range(rng.randrange(6)))
            for _ in range(5)
        )
        rows, runs = mc.basic_picks(cols, whole)
        found = turn._pick_actions(cols, whole)
        assert set(found) == {PICK_ROWS[g] for g in rows} | {PICK_COLUMNS[c] for c in runs}
        assert len(found) == len(rows) + len(runs)


def test_unknown_house_rule_values_are_refused() -> None:
    for name in ("double_scoring", "storehouse_lock", "grouping"):
        with pytest.raises(ParamError, match=name):
            make(**{name: "sometimes"})


def test_storehouse_lock_covers_the_surprise_bag_move() -> None:
    """The Surprise Bag card's Storehouse move acts as a black die: under `all` it is lost once
    a token is out; by default it may move any token but the one out."""
    for params, moves in (({}, True), ({"storehouse_lock": "all"}, False)):
        game = make(players=2, **params)
        card = next(c for c in game.cfg.content.bag if c.effect == "storehouse")
        state = scene(game, store=(5, 0, 0, 4, 0), first_out=0, phase=Phase.PLACE, bag_draw=True)
        drawn = game.apply(state, CHANCE, BagDraw(card.id))
        legal = game.legal_actions(drawn, 0)
        assert any(isinstance(a, BagMove) for a in legal) is moves
        assert drawn.moves == int(moves)
