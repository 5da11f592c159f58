"""Views: everything public, the same for every seat, and enough for a UI; action texts."""

from __future__ import annotations

import json

from tests.games.purrramid.helpers import EIGHT, SIX, SIX_B, TWO, act, make, place, roll

from dicehall.games.purrramid.actions import CONTINUE, SPEND_WOOL, Place, Roll


def test_views_show_the_board_the_turn_and_the_players() -> None:
    game = make(players=3)
    s = act(game, place(game, roll(game, game.initial_state(), 3, 1, 1, 4, 4), 0, 3), CONTINUE)
    s = roll(game, s, 1, 4, 4, 6)
    view = game.observe(s, 1)
    assert view == game.observe(s, None) | {"viewer": 1}
    assert json.loads(json.dumps(view)) == view
    assert view["phase"] == "place" and view["current"] == 0 and view["to_act"] == 0
    assert view["turn"]["roll"] == [1, 4, 4, 6] and view["turn"]["left"] == 4
    assert view["turn"]["placed"] == [{"space": 0, "dice": [3]}] and view["turn"]["stop_ok"]
    space = view["spaces"][0]
    assert space["dice"] == [3] and space["owner"] is None and space["number"] == 3
    assert space["below"] == [] and 1 in space["neighbours"]
    assert view["tiles_left"] == [25, 24, 23] and view["wool"] == [0, 0, 0]
    assert view["wool_on_board"] == 12 and view["gold_supply"] == 12 and view["winner"] is None
    assert view["budget"] == [37, 36, 35] and view["result"] is None


def test_view_after_a_turn_summarises_it() -> None:
    game = make(players=2)
    s = act(game, place(game, roll(game, game.initial_state(), 1, 1, 4, 4, 6), SIX_B, 6), CONTINUE)
    s = act(game, place(game, roll(game, s, 1, 1, 4, 4), EIGHT, 4, 4), CONTINUE)
    s = place(game, roll(game, s, 1, 1), TWO, 1, 1)
    view = game.observe(s, 0)
    assert view["last_turn"] == {
        "seat": 0, "dice": 5, "success": True, "reason": "tiles", "spaces": [SIX_B, EIGHT, TWO],
        "tiles": 3, "gold": 0, "wool": 1, "bonus": True,
    }  # fmt: skip
    assert view["turn"]["bonus"] and view["turn"]["dice"] == 4
    assert view["spaces"][EIGHT]["owner"] == 0 and not view["spaces"][EIGHT]["wool"]
    assert view["spaces"][0]["owner"] == "setup"


def test_action_texts() -> None:
    game = make(players=2)
    assert str(Place(SIX, (3, 3))) == f"place 3+3 on space {SIX}"
    assert game.describe(Place(SIX, (3, 3)), None) == 'place 3+3 on the "6" (row 3, space 1)'
    assert str(Roll((1, 2, 6))) == "roll 1 2 6" and str(SPEND_WOOL).startswith("spend")
    assert game.action_from_json(game.action_to_json(Place(SIX, (3, 3)))) == Place(SIX, (3, 3))
