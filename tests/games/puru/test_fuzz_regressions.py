"""Bugs the rules fuzzer found in Puru Puru (`dicehall fuzz puru`)."""

from __future__ import annotations

import pytest
from tests.games.puru.helpers import make, rolled, start

from dicehall.core import IllegalActionError
from dicehall.games.puru.actions import Reroll


@pytest.mark.parametrize("counts", [(-1, 1, 0, 0), (0, 2, -1, 1), (2, 0, 0, -(2**40))])
def test_a_reroll_of_a_negative_number_of_dice_is_rejected(counts: tuple[int, ...]) -> None:
    game = make()
    state = rolled(game, start(game), "HHSSCA")
    with pytest.raises(IllegalActionError):
        game.apply(state, 0, Reroll(*counts))  # it used to move dice from one face to another
    assert sum(state.dice) == 6
