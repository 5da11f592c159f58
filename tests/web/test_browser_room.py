"""The waiting room in the browser (docs/play-together.md, *Waiting room*): the host, on a
phone, creates a table that waits; a friend on a desktop joins by link and marks ready; the
host opens the third seat to anyone, then starts, and a bot of the host's level takes the
seat nobody took."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.accessibility import axe_violations
from tests.web.browser import FAST_BOTS, create_from_lobby, shot
from tests.web.helpers import Server
from tests.web.phone import layout_problems, phone_context

WAIT_MS = 20_000  # a loaded CI machine: waits are generous, never timed


def test_waiting_room_then_start_with_a_bot_in_the_empty_seat(
    server: Server, browser: Browser
) -> None:
    host_ctx = phone_context(browser)
    friend_ctx = browser.new_context(viewport={"width": 1300, "height": 860}, bypass_csp=True)
    friend_ctx.add_init_script(FAST_BOTS)
    errors: list[str] = []
    try:
        host = host_ctx.new_page()
        host.on("pageerror", lambda e: errors.append(str(e)))
        seats = ["human", "human", "human"]
        create_from_lobby(host, server.url, "puru", seats, {"players": "3"}, ticks=("room",))
        invitation = host.locator("ul.links code").first.inner_text()
        assert layout_problems(host) == []  # the lobby's options fit a phone
        host.click("#go")
        room = host.locator("#room-panel")
        expect(room).to_be_visible(timeout=WAIT_MS)
        expect(host.locator("#board")).to_be_hidden(timeout=WAIT_MS)  # no game before the start
        friend_seat = host.locator(".room-seat[data-seat='1']")
        expect(friend_seat).to_contain_text("invited, not here yet", timeout=WAIT_MS)

        friend = friend_ctx.new_page()
        friend.on("pageerror", lambda e: errors.append(str(e)))
        friend.goto(invitation)
        expect(friend.locator("#room-panel")).to_be_visible(timeout=WAIT_MS)
        expect(friend_seat).to_contain_text("here, not ready yet", timeout=WAIT_MS)
        friend.click("#room-ready")
        expect(friend_seat).to_contain_text("ready ✓", timeout=WAIT_MS)
        # only the host starts
        expect(friend.locator("#room-start")).to_have_count(0, timeout=WAIT_MS)

        third = host.locator(".room-seat[data-seat='2']")
        third.locator("select").select_option("open")
        expect(third).to_contain_text("open to anyone", timeout=WAIT_MS)
        expect(friend.locator(".room-seat[data-seat='2']")).to_contain_text(
            "open to anyone", timeout=WAIT_MS
        )
        room.scroll_into_view_if_needed()
        assert layout_problems(host) == []
        assert axe_violations(host) == []
        shot(host, "waiting-room-phone")

        host.select_option("#room-fill", "random")
        host.click("#room-start")
        for page in (host, friend):
            expect(page.locator("#room-panel")).to_be_hidden(timeout=WAIT_MS)
            expect(page.locator("#board")).to_be_visible(timeout=WAIT_MS)
            expect(page.locator("#seats")).to_contain_text("Bot 3", timeout=WAIT_MS)
    finally:
        host_ctx.close()
        friend_ctx.close()
    assert errors == []
