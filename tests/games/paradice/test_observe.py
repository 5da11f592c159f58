"""Views: the same table for everyone, plain JSON, the result and prizes at the end."""

from __future__ import annotations

import json

from tests.games.paradice.helpers import d, make, scene

from dicehall.games.paradice.state import Phase

GAME = make(players=3)


def test_every_seat_and_spectators_see_the_same_table() -> None:
    state = scene(GAME, mine=(("duck-9", (d("P2"), 0, 0)),), pending=(d("K3"),))
    views = [GAME.observe(state, s) for s in (0, 1, 2, None)]
    assert [v.pop("you") for v in views] == [0, 1, 2, None]
    assert all(v == views[0] for v in views)
    view = views[0]
    assert json.loads(json.dumps(view)) == view
    stall = view["seats"][0]["stalls"][0]
    assert stall["dice"] == [d("P2"), 0, 0] and stall["condition_text"] == "all even"
    assert stall["slot_text"] == ["pink", "orange", "green"]
    assert view["pending"] == [d("K3")] and view["deck_left"] == len(state.deck)


def test_the_final_view_carries_the_result_and_prizes() -> None:
    state = scene(GAME, phase=Phase.OVER, store=(5, 5, 0, 1, 1), first_out=0, second_out=1)
    view = GAME.observe(state, None)
    assert view["result"]["winners"] == [0, 1, 2]
    assert all("Crazy hand" in note for note in view["result"]["notes"])
