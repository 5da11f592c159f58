"""Accounts in a real Chromium: sign up, sign in, a rated Paradice match against a bot to the
end by clicking, then the profile (history, rating change, achievements) and the leaderboard;
screenshots at desktop and phone sizes."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.web.browser import board_strategy, play_to_result, shot
from tests.web.helpers import Server

pytestmark = pytest.mark.browser
PASSWORD = "a long enough password"


def sign_up(page: Page, base: str, name: str) -> None:
    page.goto(f"{base}/account")
    page.fill("#signup input[name=name]", name)
    page.fill("#signup input[name=password]", PASSWORD)
    page.click("#signup button[type=submit]")
    page.wait_for_selector(f"#me:has-text('{name}')")


def sign_in(page: Page, base: str, name: str) -> None:
    page.goto(f"{base}/account")
    page.fill("#signin input[name=name]", name)
    page.fill("#signin input[name=password]", PASSWORD)
    page.click("#signin button[type=submit]")
    page.wait_for_selector(f"#me:has-text('{name}')")


def test_sign_up_play_rated_paradice_and_see_profile_and_leaderboard(
    page: Page, browser: Browser, server: Server
) -> None:
    base = server.url
    sign_up(page, base, "Player One")
    page.click("#signout")
    page.wait_for_selector("#signin")
    sign_in(page, base, "Player One")
    page.goto(f"{base}/")
    page.click(".game-card[data-id='paradice']")
    page.select_option("#param-machine_colour", "light blue")  # looks only: rated all the same
    page.dispatch_event("#param-machine_colour", "change")
    page.wait_for_function("document.querySelectorAll('.seat-row').length === 2")
    page.locator(".seat-row select").nth(1).select_option("bot:greedy")
    page.check("#rated")
    page.click("#create")
    page.click("#go")
    page.wait_for_selector("#board svg")
    assert page.inner_text("#game-name") == "Paradice · rated"
    play_to_result(page, board_strategy)
    shot(page, "accounts-rated-result")
    # the profile: history with the rating change, and the achievements of the match
    page.goto(f"{base}/players/Player%20One")
    page.wait_for_selector("#matches table.data")
    assert "rated" in page.inner_text("#matches")
    change = page.inner_text("#matches td:nth-child(5)")  # Date, Game, Against, Result, Rating
    assert "→" in change and ("(+" in change or "(−" in change)
    assert page.is_visible("#matches a:has-text('replay')")
    earned = page.inner_text("#achievements li.earned[data-key=light_blue]")
    assert "✓" in earned
    assert page.locator("#achievements li.missing[data-key=dark_blue]").count() == 1
    games = page.inner_text("#games")
    assert "Paradice" in games
    shot(page, "accounts-profile")
    # declare an achievement on the account page; the profile marks it as declared
    page.goto(f"{base}/account")
    page.check("label:has-text('Play Paradice at a fair') input")
    page.wait_for_timeout(300)
    page.goto(f"{base}/players/Player%20One")
    fair = page.inner_text("#achievements li.earned[data-key=at_a_fair]")
    assert "declared by the player" in fair
    page.goto(f"{base}/leaderboard?game=paradice")
    page.wait_for_selector("#players a:has-text('Player One')")
    assert page.is_visible("#bots .badge:has-text('best move now')")  # what it is, as in the lobby
    assert "sigma" not in page.inner_text("main")  # one rating figure
    shot(page, "accounts-leaderboard")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    small = phone.new_page()
    small.goto(f"{base}/players/Player%20One")
    small.wait_for_selector("#matches table.data")
    width = small.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # nothing pushes the page sideways
    replay = small.locator("#matches a:has-text('replay')").bounding_box()
    assert replay is not None and replay["x"] + replay["width"] <= 390  # not scrolled away
    shot(small, "accounts-profile-390")
    small.goto(f"{base}/leaderboard?game=paradice")
    small.wait_for_selector("#players a:has-text('Player One')")
    assert small.evaluate("document.documentElement.scrollWidth") <= 390
    shot(small, "accounts-leaderboard-390")
    phone.close()
