"""A game installed as a plugin plays in the browser with nothing of it in the web app: Pig
(examples/plugins/dicehall-pig), drawn by the generic renderer, its rules page from its own
package."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.web.browser import create_from_lobby, first_move, play_to_result, shot
from tests.web.helpers import Server

pytestmark = pytest.mark.browser


def test_pig_plugin_plays_to_a_result_in_the_browser(page: Page, server: Server) -> None:
    """ "first to 100 wins" (a lower target here, a parameter of the plugin's own spec)."""
    create_from_lobby(page, server.url, "pig", ["human", "bot:greedy"], {"target": "20"})
    page.click("#go")
    page.wait_for_selector("#moves button.move")
    shot(page, "pig-table")
    play_to_result(page, first_move)
    shot(page, "pig-result")
    result = page.inner_text("#result-body")
    assert "Player 1" in result or "Bot 2" in result, result


def test_pig_rules_page_comes_from_its_package(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/rules/pig")
    page.wait_for_selector("h1")
    assert "hold" in page.inner_text("main").lower()
