"""Keyboard play keeps focus where the next choice is (issue 34, item 11): a die toggled by
Enter keeps the focus, and after a move the redrawn table focuses the next choice instead of
dropping focus to the page."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page

from tests.web.helpers import Server

pytestmark = pytest.mark.browser

EASY = {"kind": "bot", "level": "random"}
FOCUSED_IN_ACTIONS = (
    "document.activeElement && document.activeElement !== document.body"
    " && !!document.activeElement.closest('#action, #moves')"
)


def test_focus_stays_on_the_next_choice(page: Page, server: Server) -> None:
    made = server.create("puru", [{"kind": "human"}, EASY])
    page.goto(server.url + made["links"]["0"])
    end = time.monotonic() + 60
    die = "#dock g.clickable[data-die='0']"
    while not page.is_visible(die):  # the roller's dice, after any choice before them
        assert time.monotonic() < end, "never the player's roll"
        if page.is_visible("#moves button.move"):
            page.keyboard.press("1")
        page.wait_for_timeout(150)
    page.focus(die)
    page.keyboard.press("Enter")  # mark it to reroll: the tray is redrawn
    page.wait_for_selector(f"{die}[aria-pressed=true]")
    assert page.evaluate("document.activeElement.getAttribute('data-die')") == "0"
    page.keyboard.press("Enter")  # and back
    page.wait_for_selector(f"{die}[aria-pressed=false]")
    resolve = page.query_selector("#puru-resolve")
    assert resolve is not None
    resolve.focus()
    page.keyboard.press("Enter")  # the move is sent; the bot plays; the player's turn again
    resolve.wait_for_element_state("hidden")  # the table was redrawn without it
    mine = "document.querySelector('#turn').textContent.startsWith('Your turn')"
    page.wait_for_function(f"{mine} && {FOCUSED_IN_ACTIONS}", timeout=60_000)


def test_arrow_keys_move_between_the_boards_targets(page: Page, server: Server) -> None:
    made = server.create("paradice", [{"kind": "human"}, EASY])
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("#board g.clickable[data-cell]", timeout=60_000)
    first = page.query_selector("#board g.clickable")
    assert first is not None
    first.focus()
    key = "document.activeElement.getAttribute('data-cell') || document.activeElement.outerHTML"
    at_first = page.evaluate(key)
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.matches('#board g.clickable')")
    assert page.evaluate(key) != at_first
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(key) == at_first
