"""What the four games share in name and type: state copies refuse unknown fields, and Jelly's
player action `Reroll` (formerly `Roll`, the name the other games give a chance outcome) is
still read under its old name from records saved before."""

from __future__ import annotations

import pytest

from dicehall import games
from dicehall.core import MalformedActionError
from dicehall.core.actions import ActionCodec
from dicehall.core.evolve import replace
from dicehall.games.jelly.actions import Reroll
from dicehall.games.paradice.state import evolve

GAME_IDS = ("puru", "purrramid", "paradice", "jelly")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_copying_a_state_with_a_misspelled_field_is_a_type_error(game_id: str) -> None:
    state = games.make(game_id).initial_state()
    with pytest.raises(TypeError):
        replace(state, phse=3)


def test_paradices_evolve_refuses_a_misspelled_field() -> None:
    state = games.make("paradice").initial_state()
    with pytest.raises(TypeError):
        evolve(state, phse=3)


def test_jelly_writes_reroll_and_still_reads_the_former_roll() -> None:
    game = games.make("jelly", players=3)
    assert game.action_to_json(Reroll()) == {"type": "Reroll"}
    assert game.action_from_json({"type": "Roll"}) == Reroll()
    assert game.action_from_json({"type": "Reroll"}) == Reroll()


def test_a_former_name_must_point_at_a_current_type_and_not_shadow_one() -> None:
    class Old:
        pass

    with pytest.raises(ValueError):
        ActionCodec(Reroll, renamed={"Roll": Old})
    with pytest.raises(ValueError):
        ActionCodec(Reroll, renamed={"Reroll": Reroll})
    with pytest.raises(MalformedActionError, match="unknown action type"):
        ActionCodec(Reroll, renamed={"Roll": Reroll}).from_json({"type": "Roll2"})
