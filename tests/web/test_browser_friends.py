"""Friends on two phones: one asks the other by user name in the lobby, the other accepts;
each sees the other online; a friends-only table's open seat is taken by the friend from the
lobby, and the host then sees at which table the friend is (docs/play-together.md, *Friends*)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.accessibility import axe_violations
from tests.web.browser import shot
from tests.web.helpers import Server
from tests.web.phone import layout_problems, phone_context

pytestmark = pytest.mark.browser
PASSWORD = "a long enough password"


def sign_up(page: Page, base: str, name: str) -> None:
    page.goto(f"{base}/account")
    page.fill("#signup input[name=name]", name)
    page.fill("#signup input[name=password]", PASSWORD)
    page.click("#signup button[type=submit]")
    page.wait_for_selector(f"#me:has-text('{name}')")


def test_a_friend_request_accepted_and_a_friends_only_table(
    server: Server, browser: Browser
) -> None:
    ann_ctx, bob_ctx = phone_context(browser), phone_context(browser)
    errors: list[str] = []
    try:
        ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
        for page in (ann, bob):
            page.on("pageerror", lambda e: errors.append(str(e)))
        sign_up(ann, server.url, "Ann Phone")
        sign_up(bob, server.url, "Bob Phone")
        ann.goto(f"{server.url}/")
        ann.fill("#friend-name", "bob phone")  # names are matched whatever their case
        ann.click("#friend-add button[type=submit]")
        expect(ann.locator("#friend-status")).to_contain_text("Asked Bob Phone")
        expect(ann.locator("#friend-requests")).to_contain_text("Waiting for: Bob Phone")

        bob.goto(f"{server.url}/")
        request = bob.locator("#friend-requests .friend-request", has_text="Ann Phone")
        request.locator("button", has_text="Accept").click()
        expect(bob.locator("#friend-status")).to_contain_text("Ann Phone is your friend now.")
        expect(bob.locator("#friend-list .friend.online")).to_contain_text("Ann Phone")

        ann.reload()
        expect(ann.locator("#friend-list .friend.online")).to_contain_text("Bob Phone")
        ann.locator("#friends").scroll_into_view_if_needed()
        assert layout_problems(ann) == []
        assert axe_violations(ann) == []
        shot(ann, "friends-phone")

        # a friends-only table with an open seat: the friend takes it from the lobby
        ann.click(".game-card[data-id='paradice']")
        ann.wait_for_function("document.querySelectorAll('.seat-row').length === 2")
        ann.locator(".seat-row select").nth(1).select_option("human")
        ann.locator(".seat-row .seat-open input").nth(1).check()
        ann.check("#friends-only")
        ann.click("#create")
        ann.click("#go")
        expect(ann.locator("#conn")).to_have_text("connected")
        bob.goto(f"{server.url}/")
        row = bob.locator("#open tr", has_text="friends only")
        row.locator("button", has_text="Join as").click()
        expect(bob.locator("#you")).to_contain_text("Bob Phone")  # the seat is his account's

        ann.goto(f"{server.url}/")
        friend = ann.locator("#friend-list .friend", has_text="Bob Phone")
        expect(friend.locator("a", has_text="at a table")).to_be_visible()
    finally:
        ann_ctx.close()
        bob_ctx.close()
    assert errors == []
