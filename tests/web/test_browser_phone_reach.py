"""Phone-first tables (issue 34, items 1-2): at 390×844 with touch, after each of the player's
actions every control they can act on next is on the screen, not under the action area, and
tapped there without the test scrolling; buttons are at least 44×44 CSS px, board targets at
least 24×24. Prints the farthest next control per game (0 px: all in view)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.web.accessibility import axe_violations
from tests.web.browser import shot
from tests.web.helpers import Server
from tests.web.phone import layout_problems, phone_context
from tests.web.phone_reach import walk

pytestmark = pytest.mark.browser

EASY = {"kind": "bot", "level": "random"}
PARAMS: dict[str, dict[str, Any]] = {"paradice": {"storehouse": 3}, "jelly": {"mode": "tick"}}
ACTIONS = 24  # enough taps for every kind of decision of a turn, a few times over


@pytest.mark.parametrize("game", ["puru", "purrramid", "paradice", "jelly"])
def test_next_controls_stay_in_view_on_a_phone(browser: Browser, server: Server, game: str) -> None:
    ctx = phone_context(browser)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    bots = [EASY, EASY] if game == "jelly" else [EASY]  # Jelly Monster needs 3 players
    made = server.create(game, [{"kind": "human"}, *bots], params=PARAMS.get(game, {}))
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("#board svg")
    checked: list[bool] = []

    hinted: list[bool] = []

    def mid_turn(pg: Page, taps: int) -> None:
        if (
            taps == 0
        ):  # a first game: the first decision comes with its hint (Jelly turn by turn too)
            hinted.append(pg.is_visible("#guide"))
        if taps >= 2 and not checked and pg.query_selector("#dock button, #dock [role=button]"):
            shot(pg, f"{game}-phone-action")
            assert layout_problems(pg) == []
            assert axe_violations(pg) == []
            checked.append(True)

    reach = walk(page, game, actions=ACTIONS, scroll=False, on_step=mid_turn)
    print(f"{game}: farthest next control {reach.farthest} px over {reach.steps} steps")
    assert reach.steps >= 5, "too few of the player's decisions to judge"
    assert checked, "no mid-turn action area seen"
    assert hinted and hinted[0], "no hint at the first decision"
    assert reach.out_of_view == [], reach.out_of_view[:5]
    assert reach.too_small == [], reach.too_small[:5]
    assert reach.missing_twin == [], reach.missing_twin[:5]
    assert not errors, errors
    ctx.close()
