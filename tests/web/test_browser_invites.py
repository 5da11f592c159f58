"""Invitations found again: the host's table page shows each friend's link the lobby made, with
Copy (and Share where the browser has it), and marks a seat once its friend has joined."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.accessibility import axe_violations
from tests.web.browser import create_from_lobby, shot
from tests.web.helpers import Server
from tests.web.phone import layout_problems, phone_context


def test_the_host_finds_the_invitation_again_and_sees_the_friend_join(
    server: Server, browser: Browser
) -> None:
    host_ctx, friend_ctx = phone_context(browser), phone_context(browser)
    host_ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    errors: list[str] = []
    try:
        host = host_ctx.new_page()
        host.on("pageerror", lambda e: errors.append(str(e)))
        create_from_lobby(host, server.url, "puru", ["human", "human"])
        invitation = host.locator("ul.links code").first.inner_text()
        host.click("#go")
        expect(host.locator("#conn")).to_have_text("connected")
        host.reload()  # found again: not only right after the lobby
        seat = host.locator("#invites .invite[data-seat='1']")
        expect(seat.locator(".invite-link")).to_have_text(invitation)
        expect(seat).to_contain_text("not here yet")
        seat.locator("button", has_text="Copy link").click()
        expect(seat.locator("button", has_text="Copied")).to_be_visible()
        assert host.evaluate("navigator.clipboard.readText()") == invitation
        host.locator("#invites-panel").scroll_into_view_if_needed()
        assert layout_problems(host) == []
        assert axe_violations(host) == []
        shot(host, "invites-phone")

        friend = friend_ctx.new_page()
        friend.on("pageerror", lambda e: errors.append(str(e)))
        friend.goto(invitation)
        expect(friend.locator("#you")).to_contain_text("Player 2")
        expect(seat).to_contain_text("joined ✓")
    finally:
        host_ctx.close()
        friend_ctx.close()
    assert errors == []
