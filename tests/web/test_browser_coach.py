"""The coach from the lobby in Chromium: a table created with "Coach" ticked shows the coach
panel on the seat's own turn and its advice; "Rated" and "Coach" never stay ticked together."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.web.browser import shot
from tests.web.helpers import Server

pytestmark = pytest.mark.browser


def test_a_table_made_with_the_coach_advises_its_seat(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/")
    page.click(".game-card[data-id='purrramid']")
    page.wait_for_function("document.querySelectorAll('.seat-row').length === 2")
    page.locator(".seat-row select").nth(1).select_option("bot:greedy")
    page.check("#rated")
    page.check("#coach")
    assert not page.is_checked("#rated")  # the server would refuse both (rated_coach)
    page.check("#rated")
    assert not page.is_checked("#coach")
    page.uncheck("#rated")
    page.check("#coach")
    page.click("#create")
    page.click("#go")
    page.wait_for_selector("#coach-panel:not([hidden])", timeout=60_000)
    assert page.inner_text("#game-name") == "Purrramid · coach on"
    page.click("#coach-ask")
    page.wait_for_selector("#coach ol.coach-moves li")
    advice = page.inner_text("#coach")
    assert advice.startswith("Exact"), advice  # Purrramid's turn is solved exactly
    assert len(page.query_selector_all("#coach ol.coach-moves li")) >= 2
    shot(page, "coach-purrramid")
