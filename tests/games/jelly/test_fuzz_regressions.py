"""Bugs the rules fuzzer found in Jelly Monster (`dicehall fuzz jelly`)."""

from __future__ import annotations

import pytest
from tests.games.jelly.helpers import FACES, game, start

from dicehall.core import CHANCE, IllegalActionError
from dicehall.games.jelly.actions import Place, RollDice, letter


def test_a_roll_at_a_chance_node_that_rolls_nothing_is_rejected() -> None:
    g = game(mode="tick")
    s = start(g, FACES[::2][: g.table.districts])
    while s.to_roll:  # every seat rolls; then the tick order is drawn (no roll pending)
        s = g.apply(s, CHANCE, RollDice(s.to_roll[0], (1, 2, 3, 4, 5, 6, 6)))
    assert g.actors(s) == (CHANCE,) and not s.to_roll
    with pytest.raises(IllegalActionError):  # it used to raise IndexError
        g.apply(s, CHANCE, RollDice(0, (1, 2, 3, 4, 5, 6, 6)))


@pytest.mark.parametrize("district", [2**40, -(2**40), 30])
def test_a_place_on_no_district_is_rejected(district: int) -> None:
    g = game(mode="realtime")
    s = start(g, FACES[::2][: g.table.districts])
    s = g.apply(s, 0, g.legal_actions(s, 0)[0])  # roll
    s = g.apply(s, CHANCE, RollDice(0, (1, 2, 3, 4, 5, 6, 6)))
    with pytest.raises(IllegalActionError):  # its message used to raise OverflowError
        g.apply(s, 0, Place(6, district))
    assert letter(district) == f"#{district}" and letter(1) == "B"
