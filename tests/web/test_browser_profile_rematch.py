"""A player's own finished game on their profile, on a phone: **Play again** opens the rematch
(same settings, seats moved one place on) with their seat, asked as their account."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.web.account_helpers import SeatClient
from tests.web.helpers import Server
from tests.web.phone import phone_context

pytestmark = pytest.mark.browser
PASSWORD = "a long enough password"
VS_BOT = [{"kind": "human"}, {"kind": "bot", "level": "greedy"}]


def test_play_again_from_the_profile(server: Server, browser: Browser) -> None:
    context = phone_context(browser)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/account")
        page.fill("#signup input[name=name]", "Pat Again")
        page.fill("#signup input[name=password]", PASSWORD)
        page.click("#signup button[type=submit]")
        page.wait_for_selector("#me:has-text('Pat Again')")
        cookies = "; ".join(f"{c['name']}={c['value']}" for c in context.cookies())
        made = server.create("paradice", VS_BOT, params={"storehouse": 3})
        seat = SeatClient(server, made["id"], [made["tokens"]["0"]], cookies)
        try:  # the game played to its end (over the websocket, as her account)
            seat.play_until_over([0])
        finally:
            seat.close()
        page.goto(f"{server.url}/players/Pat%20Again")
        again = page.locator("#matches button.rematch")
        expect(again).to_have_count(1, timeout=30_000)
        again.click()
        page.wait_for_url(f"{server.url}/table/**")
        assert made["id"] not in page.url  # a new table
        expect(page.locator("#you")).to_contain_text("Pat Again")
    finally:
        context.close()
    assert errors == []
