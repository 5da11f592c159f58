"""Moves built up on the board are sent only by a confirm and can be taken back until then
(issue 34, item 3), played by touch at 390×844: Paradice's machine pick (one tap used to take a
whole run), Puru Puru's dice to reroll, a Purrramid placement."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page

from tests.web.browser import shot
from tests.web.helpers import Server
from tests.web.phone import phone_context

pytestmark = pytest.mark.browser

EASY = {"kind": "bot", "level": "random"}


def touch(page: Page, selector: str) -> None:
    """Tap the first match where it is on the screen (the test never scrolls)."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844, f"{selector} is off the screen"
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def log_text(page: Page) -> str:
    return page.inner_text("#log")


def nothing_sent(page: Page, before: str) -> None:
    page.wait_for_timeout(400)  # a sent move would come back as a log line by now
    assert log_text(page) == before


def open_table(browser: Browser, server: Server, game: str) -> Page:
    ctx = phone_context(browser)
    page = ctx.new_page()
    made = server.create(game, [{"kind": "human"}, EASY])
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


def test_paradice_machine_pick_is_confirmed_and_undoable(browser: Browser, server: Server) -> None:
    page = open_table(browser, server, "paradice")
    until(page, "#board g.clickable[data-cell]")
    die = "#board g.clickable[data-cell]"
    before = log_text(page)
    touch(page, die)  # the page brought the machine into view itself
    page.wait_for_selector(f"{die}[aria-pressed=true]")
    assert page.inner_text("#paradice-pick").startswith("Picked: ")
    nothing_sent(page, before)
    shot(page, "paradice-phone-pick-preview")
    touch(page, "#paradice-undo")
    page.wait_for_selector("#paradice-pick:has-text('Tap the machine')")
    assert not page.query_selector(f"{die}[aria-pressed=true]")
    nothing_sent(page, before)
    touch(page, die)
    touch(page, "#paradice-confirm")
    page.wait_for_function(f"document.querySelector('#log').innerText.length > {len(before)}")
    assert "take" in log_text(page)[len(before) :]
    page.context.close()


def test_puru_marked_dice_clear_without_sending(browser: Browser, server: Server) -> None:
    page = open_table(browser, server, "puru")
    until(page, "#dock g.clickable[data-die]")
    before = log_text(page)
    touch(page, "#dock g.clickable[data-die='0']")
    page.wait_for_selector("g.clickable[data-die='0'][aria-pressed=true]")
    assert page.inner_text("#puru-reroll").startswith("Reroll 1 die")
    touch(page, "#puru-clear")
    page.wait_for_selector("g.clickable[data-die='0'][aria-pressed=false]")
    assert page.is_disabled("#puru-reroll")
    nothing_sent(page, before)
    page.context.close()


def test_purrramid_placement_previews_then_confirms(browser: Browser, server: Server) -> None:
    page = open_table(browser, server, "purrramid")
    until(page, ".space-grid button.space", step="button[data-move=Continue], #moves button.move")
    before = log_text(page)
    touch(page, ".space-grid button.space")
    page.wait_for_selector(".choices button")
    assert page.is_visible("#purrramid-back")
    nothing_sent(page, before)
    shot(page, "purrramid-phone-place-preview")
    touch(page, "#purrramid-back")
    page.wait_for_selector(".choices", state="detached")
    nothing_sent(page, before)
    touch(page, ".space-grid button.space")
    touch(page, ".choices button")
    if page.is_visible("#bust-confirm"):
        touch(page, "#bust-confirm")
    page.wait_for_function(f"document.querySelector('#log').innerText.length > {len(before)}")
    page.context.close()
