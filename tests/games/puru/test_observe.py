"""The view carries everything a table needs; wire forms and texts of actions."""

from __future__ import annotations

import json

from tests.games.puru.helpers import make, resolve, roll, rolled, start

from dicehall.games.puru.actions import INDEX, Choose, Reroll, Track


def test_view_during_a_roll() -> None:
    game = make(players=3)
    state = rolled(game, start(game), "CCCHSA")
    view = game.observe(state, None)
    assert json.loads(json.dumps(view)) == view
    assert view["phase"] == "choose" and view["roller"] == 0 and view["to_act"] == [0]
    assert view["dice"] == {"heart": 1, "star": 1, "crying": 3, "angry": 1}
    assert view["faces"] == ["heart", "star", "crying", "crying", "crying", "angry"]
    assert view["majority"] == {"face": "crying", "count": 3}
    assert view["rerolls_left"] == 2 and view["next_reroll_cost"] == 0
    state = game.apply(
        rolled(game, game.apply(state, 0, Reroll(crying=3)), "HHH"), 0, Reroll(star=1)
    )
    view = game.observe(state, 1)
    assert view["phase"] == "roll" and view["rolling"] == 1 and view["rerolls_left"] == 0
    assert view["to_act"] == [] and view["players"][0]["jelly"] == 19


def test_view_after_a_resolution_names_who_got_the_majority() -> None:
    game = make(players=4)
    view = game.observe(resolve(game, start(game), "CCCHSA"), 2)
    last = view["last"]
    assert last["majority"] == "crying" and last["majority_count"] == 3
    assert last["receivers"] == [1, 3] and last["jelly"] == [-1, -3, 0, -3]
    assert view["players"][1]["neighbours"] == [0, 2]


def test_view_of_a_pending_power_choice() -> None:
    game = make(players=3, full=True, characters="fish,grass,puru")
    state = resolve(game, start(game), "CCCCHS")
    view = game.observe(state, None)
    assert view["pending"] == {"kind": "jelly_fish", "seat": 0}
    assert view["pending_effects"]["drips"] == [0, 4, 4]
    assert view["players"][2]["character"] == "puru_puru"
    assert view["mode"] == "full"


def test_action_texts_and_ids() -> None:
    assert str(Reroll(crying=2, angry=1)) == "reroll 2 crying, 1 angry"
    assert str(roll("HHC")) == "rolled 2 heart, 1 crying"
    assert str(Choose(Track.EXCITEMENT)) == "choose Excitement"
    assert len(INDEX) == 8 + 209
    game = make()
    data = game.action_to_json(roll("SCA"))
    assert data == {"type": "Roll", "faces": ["STAR", "CRYING", "ANGRY"]}
    assert game.action_from_json(data) == roll("SCA")


def test_the_players_rules_are_linked_from_docs_and_state_every_ruling() -> None:
    from pathlib import Path

    import dicehall.games.puru as puru

    root = Path(__file__).resolve().parents[3]
    rules = Path(puru.__file__).with_name("rules.md")
    assert (root / "docs" / "rules" / "puru.md").resolve() == rules.resolve()
    text = rules.read_text(encoding="utf-8")
    for topic in ("2 Heart, 2 Star, 1 Crying, 1 Angry", "costs **1 Jelly**", "3-3, 2-2-2, 2-2-1-1"):
        assert topic in text
    for name in ("Puru Puru", "Space Jelly", "Jelly Fish", "Fruit Jelly", "Grass Jelly"):
        assert f"**{name}**" in text
    assert "**Rainbow Jelly**" in text and "SuperAutoPuray" in text
