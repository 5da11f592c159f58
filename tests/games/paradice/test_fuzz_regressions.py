"""Bugs the rules fuzzer found in Paradice (`dicehall fuzz paradice`): the message of an
illegal action that names no die or colour raised IndexError instead of IllegalActionError."""

from __future__ import annotations

import pytest
from tests.games.paradice.helpers import d, make, scene

from dicehall.core import CHANCE, IllegalActionError
from dicehall.games.paradice.actions import Drop, Place, StoreMove
from dicehall.games.paradice.state import Phase


@pytest.mark.parametrize("drop", [Drop(7, 1, 0), Drop(-(2**40), 4, 0)])
def test_a_drop_of_no_colour_is_rejected(drop: Drop) -> None:
    game = make()
    state = game.initial_state()
    with pytest.raises(IllegalActionError):
        game.apply(state, CHANCE, drop)


@pytest.mark.parametrize("action", [Place(99, 0, 0), Place(-(2**40), 0, 1), StoreMove(99, 2, -1)])
def test_a_die_code_that_is_no_die_is_rejected(action: object) -> None:
    game = make()
    state = scene(game, mine=("balloon-1",), phase=Phase.PLACE, pending=(d("P1"),))
    with pytest.raises(IllegalActionError):
        game.apply(state, 0, action)
