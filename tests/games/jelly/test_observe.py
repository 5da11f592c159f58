"""Views: a player's current roll is hidden from everyone else; the rest is public."""

from __future__ import annotations

import json
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st
from tests.games.jelly.helpers import game, start, table

from dicehall.games.jelly.state import JellyState

G = game(4)
FACES = ["1A", "2B", "3A", "4B", "5A", "6B"]
BASE = table(start(G, FACES), {0: [(0, 5), (1, 2)], 3: [(2, 6)]}, centre=(0, 1, 0, 0))
rolls = st.lists(st.integers(1, 6), min_size=1, max_size=7).map(lambda v: tuple(sorted(v)))


def with_rolls(s: JellyState, *seat_rolls: tuple[int, ...]) -> JellyState:
    return replace(s, rolls=tuple(seat_rolls))


@given(rolls, rolls, rolls, rolls)
def test_an_opponents_roll_never_changes_a_seats_view(
    r0: tuple[int, ...], r1: tuple[int, ...], r2: tuple[int, ...], other: tuple[int, ...]
) -> None:
    """Whether a seat holds a roll is public (dice behind a screen); its values are not."""
    a = with_rolls(BASE, r0, r1, r2, ())
    b = with_rolls(BASE, r0, other, r2, ())
    assert G.observe(a, 0) == G.observe(b, 0)
    assert G.observe(a, None) == G.observe(b, None)


def test_a_seat_sees_its_own_roll_and_spectators_see_none() -> None:
    s = with_rolls(BASE, (1, 2), (3, 3, 4), (), ())
    assert G.observe(s, 1)["roll"] == [3, 3, 4]
    assert G.observe(s, 0)["roll"] == [1, 2]
    spectator = G.observe(s, None)
    assert spectator["roll"] is None and spectator["seat"] is None
    assert "3, 3, 4" not in json.dumps(spectator)
    assert [p["rolled"] for p in spectator["table"]] == [True, True, False, False]


def test_placed_dice_jelly_targets_and_the_centre_are_public() -> None:
    view = G.observe(BASE, None)
    assert view["districts"][0]["dice"] == [[0, 5], [1, 2]]
    assert view["districts"][0]["totals"] == [5, 2, 0, 0]
    assert view["districts"][1]["zone_text"][0] == "left neighbour's reward"
    assert [p["centre"] for p in view["table"]] == [0, 1, 0, 0]
    assert [p["jelly"] for p in view["table"]] == [2, 2, 2, 2]
    assert view["phase"] == "play" and view["round"] == 1
    assert json.loads(json.dumps(view)) == view
