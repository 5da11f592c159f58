"""Action ids, wire forms and readable texts."""

from __future__ import annotations

import pytest
from tests.games.jelly.helpers import game

from dicehall.core import MalformedActionError
from dicehall.games.jelly.actions import (
    ChooseSide,
    FlipTimer,
    GiveJelly,
    Lock,
    Pass,
    Place,
    PlaceMove,
    PlaceRemove,
    Reroll,
    RollDice,
    TickOrder,
    TimeUp,
    Wait,
)


@pytest.mark.parametrize(("players", "count"), [(3, 254), (4, 376), (5, 522)])
def test_a_fixed_index_of_every_player_action(players: int, count: int) -> None:
    g = game(players)
    assert g.num_actions == count
    assert g.decode(0) == Reroll()
    assert g.encode(GiveJelly(players - 1)) == count - 2
    assert g.encode(Wait()) == count - 1  # added last: the earlier ids did not move
    assert g.encode(PlaceRemove(2, players + 1, players - 1, 6)) < g.encode(Lock(0))


def test_texts_are_readable() -> None:
    assert str(PlaceRemove(1, 2, 0, 5)) == "place 1 on C, sending seat 0's 5 to the centre"
    assert str(PlaceMove(4, 0, 1)) == "place 4 on A, target to zone 2"
    assert [str(a) for a in (Reroll(), Place(6, 1), Lock(3), FlipTimer(), Pass())] == [
        "roll", "place 6 on B", "lock D", "flip the sand timer", "done for the round"]  # fmt: skip
    assert str(RollDice(2, (1, 4, 4))) == "seat 2 rolls 1 4 4"
    assert str(TickOrder((2, 0))) == "tick order: seat 2 seat 0"
    assert str(ChooseSide("left")) == "choose the left neighbour" and str(TimeUp()) == "time is up"


def test_wire_forms_round_trip_and_bad_ones_are_rejected() -> None:
    g = game(3)
    for action in (Lock(1), RollDice(0, (2, 6)), TickOrder((1, 0, 2)), TimeUp(), Lock(2)):
        assert g.action_from_json(g.action_to_json(action)) == action
        assert g.action_from_json(g.action_to_json(action)) == action  # memoised path
    for bad in ({"type": "Lock", "district": True}, {"type": "Lock"}, {"type": "Lock", "d": 1},
                {"type": "RollDice", "seat": 0, "values": [1, "2"]}, ["Lock"]):  # fmt: skip
        with pytest.raises(MalformedActionError):
            g.action_from_json(bad)
