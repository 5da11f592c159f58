"""Invitations in the browser (docs/play-together.md, *Invitations*): the host, signed in on
a phone, finds each friend's link on the table page with its QR code; one friend joins by
link on another phone; another, signed in on a desktop, is invited by user name, sees
"Invitations for you" in the lobby and takes the seat with Accept."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.accessibility import axe_violations
from tests.web.account_helpers import PASSWORD
from tests.web.browser import FAST_BOTS, create_from_lobby, shot
from tests.web.helpers import Server
from tests.web.phone import layout_problems, phone_context

WAIT_MS = 20_000  # a loaded CI machine: waits are generous, never timed


def _signed_up(context: BrowserContext, server: Server, name: str) -> Page:
    page = context.new_page()
    body = {"name": name, "password": PASSWORD}
    assert page.request.post(f"{server.url}/api/account/signup", data=body).status == 201
    return page


def test_invitations_by_link_with_a_qr_code_and_by_user_name(
    server: Server, browser: Browser
) -> None:
    host_ctx, friend_ctx = phone_context(browser), phone_context(browser)
    invitee_ctx = browser.new_context(viewport={"width": 1300, "height": 860}, bypass_csp=True)
    invitee_ctx.add_init_script(FAST_BOTS)
    errors: list[str] = []
    try:
        host = _signed_up(host_ctx, server, "hosty")
        host.on("pageerror", lambda e: errors.append(str(e)))
        seats = ["human", "human", "human"]
        create_from_lobby(host, server.url, "puru", seats, {"players": "3"}, ticks=("room",))
        link = host.locator("ul.links code").first.inner_text()
        host.click("#go")
        by_link = host.locator("#invites .invite[data-seat='1']")
        expect(by_link.locator(".invite-link")).to_have_text(link, timeout=WAIT_MS)
        by_link.locator("button", has_text="QR code").click()
        qr = by_link.locator("img.invite-qr")
        expect(qr).to_be_visible(timeout=WAIT_MS)
        assert qr.evaluate("img => img.complete && img.naturalWidth > 0")

        by_name = host.locator("#invites .invite[data-seat='2']")
        invitee = _signed_up(invitee_ctx, server, "bobby")
        invitee.on("pageerror", lambda e: errors.append(str(e)))
        by_name.locator("input.invite-name").fill("Bobby")
        by_name.locator("button", has_text="Invite").click()
        expect(by_name.locator(".invite-note")).to_contain_text("Invited bobby", timeout=WAIT_MS)
        host.locator("#invites-panel").scroll_into_view_if_needed()
        assert layout_problems(host) == []
        assert axe_violations(host) == []
        shot(host, "invitations-phone")

        friend = friend_ctx.new_page()
        friend.on("pageerror", lambda e: errors.append(str(e)))
        friend.goto(link)
        expect(friend.locator("#room-panel")).to_be_visible(timeout=WAIT_MS)
        expect(by_link).to_contain_text("joined ✓", timeout=WAIT_MS)

        invitee.goto(f"{server.url}/")
        offer = invitee.locator("#for-you .for-you")
        expect(offer).to_contain_text(
            "hosty invites you to Puru Puru Paradice (seat 3)", timeout=WAIT_MS
        )
        offer.locator("button", has_text="Accept").click()
        expect(invitee.locator("#room-panel")).to_be_visible(timeout=WAIT_MS)
        expect(invitee.locator(".room-seat[data-seat='2']")).to_contain_text(
            "(you)", timeout=WAIT_MS
        )
        expect(by_name).to_contain_text("joined ✓", timeout=WAIT_MS)
        invitee.goto(f"{server.url}/")  # taken: no longer offered
        expect(invitee.locator("#for-you")).to_be_hidden(timeout=WAIT_MS)
    finally:
        for context in (host_ctx, friend_ctx, invitee_ctx):
            context.close()
    assert errors == []


def test_a_hot_seat_table_has_no_invitations(server: Server, page: Page) -> None:
    """Every seat of a hot-seat table is on this device: there is nobody to invite."""
    made = server.create("puru", [{"kind": "human"}, {"kind": "human"}], mode="hotseat")
    page.goto(server.url + made["hotseat_link"])
    expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
    expect(page.locator("#log li").first).to_be_visible(timeout=WAIT_MS)  # welcomed
    expect(page.locator("#invites-panel")).to_be_hidden()
