"""A seat that may roll again gets one legal tuple per set of placements, not a new one per
state (front ends remember their ids per tuple), and that memory stays bounded."""

from __future__ import annotations

from dicehall.games.jelly import play
from dicehall.games.jelly.actions import Place


def test_roll_and_placements_come_as_one_tuple_per_placements_tuple() -> None:
    placing = (Place(1, 0), Place(4, 2))
    first = play._with_roll(placing)
    assert first == (play.ROLL, *placing)
    assert play._with_roll(placing) is first
    other = tuple(placing)  # an equal tuple made anew
    assert play._with_roll((*other,)) == first


def test_the_remembered_tuples_stay_bounded() -> None:
    for k in range(5000):
        play._with_roll((Place(1 + k % 6, k % 5), Place(1 + k % 6, 5 + k)))
        assert len(play._WITH_ROLL) <= 4096
