"""Moves you can follow (issue 34, items 5 and 11), at 390×844 by touch: others' moves are
animated on the board with the last move marked, reduced motion turns the animation off, and
a disabled button's text stays readable (at least 4.5:1)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page

from tests.web.contrast import WCAG_AA, low_contrast_disabled, text_contrast
from tests.web.helpers import Server
from tests.web.phone import phone_context

pytestmark = pytest.mark.browser

EASY = {"kind": "bot", "level": "random"}


def open_table(browser: Browser, server: Server, game: str, **options: object) -> Page:
    ctx = phone_context(browser)
    page = ctx.new_page()
    made = server.create(game, [{"kind": "human"}, EASY], **options)
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("#board svg")
    return page


def until(page: Page, selector: str, step: str = "#moves button.move", timeout: float = 60) -> None:
    """Tap `step` (a move that leads on) until `selector` shows."""
    end = time.monotonic() + timeout
    while not page.is_visible(selector):
        assert time.monotonic() < end, f"never showed {selector}"
        if page.is_visible(step):
            page.locator(step).first.tap(timeout=2000)
        page.wait_for_timeout(150)


def test_disabled_reroll_text_is_readable(browser: Browser, server: Server) -> None:
    page = open_table(browser, server, "puru")
    until(page, "#puru-reroll")
    assert page.is_disabled("#puru-reroll")  # nothing marked yet: "Tap dice to reroll"
    assert text_contrast(page, "#puru-reroll") >= WCAG_AA
    assert low_contrast_disabled(page) == []
    page.context.close()
