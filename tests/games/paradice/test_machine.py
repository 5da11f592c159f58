"""The Dispensing Machine: legal picks, black dice, gravity, roulette, returned dice."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.games.paradice.helpers import d, machine, make, resolve, scene

from dicehall.core import CHANCE, IllegalActionError
from dicehall.games.paradice.actions import (
    Drop,
    DuckColumn,
    DuckRow,
    PickColumn,
    PickRow,
    Roll,
    Roulette,
    RoulettePick,
)  # fmt: skip
from dicehall.games.paradice.state import Phase, evolve

GAME = make(players=2)


def picks(rows: tuple[str, ...]) -> set[object]:
    state = scene(GAME, rows, mine=("balloon-1",))
    return {a for a in GAME.legal_actions(state, 0) if isinstance(a, PickRow | PickColumn)}


def test_rulebook_grouping_example_blue_4_must_be_taken_with_the_two_4s() -> None:
    # a blue 4 with two 4s to its right: taking the blue die alone is not allowed
    found = picks(("P1 B4 O4 G4 L2",))
    assert PickRow((1,)) not in found
    assert PickRow((1, 2, 3)) in found
    state = scene(GAME, ("P1 B4 O4 G4 L2",), mine=("balloon-1",))
    with pytest.raises(IllegalActionError):
        GAME.apply(state, 0, PickRow((1,)))


def test_colour_runs_and_number_runs_are_maximal() -> None:
    found = picks(("P1 P2 P3 G4 L5",))
    assert PickRow((0, 1, 2)) in found
    assert PickRow((0, 1)) not in found and PickRow((1, 2)) not in found
    assert PickRow((3,)) in found  # a single that matches no neighbour


def test_bottom_row_ends_are_connected() -> None:
    found = picks(("O5 P1 L2 B3 O6",))
    assert PickRow((0, 4)) in found  # orange run across the wrap-around
    assert PickRow((0,)) not in found
    everyone = picks(("B1 B2 B3 B4 B5",))
    assert PickRow((0, 1, 2, 3, 4)) in everyone


def test_vertical_runs_go_up_from_the_bottom_die() -> None:
    rows = ("B1 P2 O3 G4 L5", "B5 L6 P1 O2 G3", "B6 O1 L4 P5 P6", "G6 . . . .")
    found = picks(rows)
    assert PickColumn(0, 3) in found  # three blues up column 1
    assert PickRow((0,)) not in found  # the bottom blue matches the die above it
    assert PickColumn(1, 2) not in found


def test_a_vertical_number_run() -> None:
    found = picks(("B4 P2 O3 G1 L5", "P4 . . . .", "G4 . . . ."))
    assert PickColumn(0, 3) in found


def test_gravity_dice_above_fall_down() -> None:
    rows = ("B4 P1 O3 G1 L5", "P2 O6 . . .", "G5 . . . .")
    state = scene(GAME, rows, mine=("balloon-1",))
    after = GAME.apply(state, 0, PickRow((0,)))
    assert after.machine[0] == (d("P2"), d("G5"))
    assert after.pending == (d("B4"),)
    assert after.machine[1:] == state.machine[1:]


def test_black_dice_group_by_colour_with_black_and_by_number() -> None:
    found = picks(("K3 K5 O2 G1 L4",))
    assert PickRow((0, 1)) in found  # two adjacent black dice: a colour run
    found = picks(("K4 P4 O2 G1 L3",))
    assert PickRow((0, 1)) in found  # black 4 beside pink 4: a number run
    assert PickRow((0,)) not in found
    found = picks(("K6 P4 O2 G1 L3",))
    assert PickRow((0,)) in found  # alone: a single black die


def test_black_dice_join_a_pick_only_when_one_of_them_is_in_the_bottom_row() -> None:
    """Rulebook, Black Dice: "They can only be chosen when one of them reaches the bottom row
    of the Dispensing Machine." A column run that starts with a coloured die stops below the
    first black die (docs/rules/paradice.md, *Picks*)."""
    found = picks(("B3 L2 O1 P4 G5", "K3 . . . ."))
    assert PickColumn(0, 2) not in found  # blue 3 under black 3: the black die stays
    assert PickRow((0,)) in found  # so the blue 3 is a single die (nothing else matches it)
    found = picks(("P1 L2 O3 B4 G5", "K1 K2 K3 K4 K5"))
    assert not any(isinstance(a, PickColumn) for a in found)
    found = picks(("B3 L2 O1 P4 G6", "B5 . . . .", "K5 . . . ."))
    assert PickColumn(0, 2) in found and PickColumn(0, 3) not in found  # the blues only
    found = picks(("K3 L2 O1 P4 G6", "K5 . . . .", "B5 . . . ."))
    assert PickColumn(0, 2) in found  # a black die in the bottom row: black above may join
    assert PickRow((0,)) not in found


def test_duck_plays_any_row_without_wrap_and_without_black() -> None:
    rows = ("P1 L2 O3 B4 G5", "O5 B1 L2 P3 O6", "K1 G2 . . .")
    state = scene(GAME, rows, mine=("balloon-1",))
    state = evolve(state, players=(evolve_powers(state, duck=1), state.players[1]))
    legal = set(GAME.legal_actions(state, 0))
    assert DuckRow(1, (1,)) in legal
    assert DuckRow(1, (0, 4)) not in legal and DuckRow(1, (0,)) in legal  # ends not connected
    assert not any(isinstance(a, DuckRow) and a.row == 2 and 0 in a.cols for a in legal)
    assert DuckColumn(1, 1, 2) not in legal
    after = GAME.apply(state, 0, DuckRow(1, (2,)))
    assert after.machine[2] == (d("O3"),)
    assert after.players[0].powers[2] == 0 and after.phase == Phase.PLACE


def evolve_powers(state: object, duck: int) -> object:
    from dataclasses import replace

    player = state.players[0]  # type: ignore[attr-defined]
    return replace(player, powers=(0, 0, duck, 0, 0))


def test_roulette_rolls_the_bottom_row_keeps_a_group_returns_the_rest() -> None:
    state = scene(GAME, ("P1 L2 O3 B4 G5", "P2 L3 O4 B5 G6"), mine=("balloon-1",))
    state = GAME.apply(state, 0, Roulette())
    assert state.phase == Phase.ROULETTE and GAME.actors(state) == (CHANCE,)
    assert all(len(col) == 1 for col in state.machine)
    for value in (4, 4, 1, 6, 2):
        state = GAME.apply(state, CHANCE, Roll(value))
    assert state.table == (d("P4"), d("L4"), d("O1"), d("B6"), d("G2"))
    legal = GAME.legal_actions(state, 0)
    assert RoulettePick((0, 1)) in legal and RoulettePick((0,)) not in legal
    state = GAME.apply(state, 0, RoulettePick((0, 1)))
    assert state.pending == (d("P4"), d("L4"))
    assert state.returns == (0, 0, 1, 1, 1, 0)


def test_returned_dice_fill_the_emptiest_columns_with_ties_at_random() -> None:
    state = scene(GAME, ("P1 L2 O3 B4 G5", "P2 . . B1 G1", "P3 . . B2 G2"), mine=("balloon-1",))
    state = evolve(state, returns=(0, 2, 0, 0, 0, 0))
    outcomes = dict(GAME.chance_outcomes(state))
    assert {o.col for o in outcomes} == {1, 2}
    assert outcomes[Drop(1, 3, 2)] == Fraction(1, 6) * Fraction(1, 2)
    state = GAME.apply(state, CHANCE, Drop(1, 3, 2))
    assert {o.col for o in dict(GAME.chance_outcomes(state))} == {1}
    with pytest.raises(IllegalActionError):
        GAME.apply(state, CHANCE, Drop(1, 3, 2))
    state = GAME.apply(state, CHANCE, Drop(1, 6, 1))
    assert state.machine[1] == (d("L2"), d("L6")) and GAME.actors(state) == (0,)


def test_setup_fills_nine_rows_of_colour_with_black_dice_on_top() -> None:
    for players in (2, 4):
        game = make(players=players)
        state = resolve(game, game.initial_state(), seed=players)
        assert all(len(col) == 10 for col in state.machine)
        assert all(col[9] // 10 == 5 for col in state.machine)
        assert all(x // 10 != 5 for col in state.machine for x in col[:9])
        for p in state.players:
            assert len(p.stalls) == 1 and game.cfg.content.stalls[p.stalls[0][0]].points == 10
        assert -1 not in state.plaza and len(state.deck) == 45 - players - 4


def test_machine_helper_reads_rows_bottom_first() -> None:
    assert machine("P1 . . . .", "L2 . . . .")[0] == (d("P1"), d("L2"))
