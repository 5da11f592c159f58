"""An e-mail alert in the browser: a player keeps an address and opts in on the account page,
takes her seat at a turn-based table and leaves; her friend plays his move on a desktop,
and the test's SMTP server (aiosmtpd) receives her "your turn" e-mail with the table's link
(docs/play-together.md, *E-mail alerts*)."""

from __future__ import annotations

import queue
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.accessibility import axe_violations
from tests.web.browser import board_strategy, shot
from tests.web.helpers import Server
from tests.web.phone import layout_problems, phone_context
from tests.web.smtp import PUBLIC, Inbox, inbox, mailing

__all__ = ["inbox", "mailing"]  # fixtures
pytestmark = pytest.mark.browser
PASSWORD = "a long enough password"


def sign_up(page: Page, base: str, name: str) -> None:
    page.goto(f"{base}/account")
    page.fill("#signup input[name=name]", name)
    page.fill("#signup input[name=password]", PASSWORD)
    page.click("#signup button[type=submit]")
    page.wait_for_selector(f"#me:has-text('{name}')")


def test_the_e_mail_alert_of_a_player_away(
    mailing: Server, inbox: tuple[Inbox, int], browser: Browser
) -> None:
    base = mailing.url
    ann_ctx = phone_context(browser)
    bob_ctx = browser.new_context(viewport={"width": 1300, "height": 860}, bypass_csp=True)
    errors: list[str] = []
    try:
        ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
        for page in (ann, bob):
            page.on("pageerror", lambda e: errors.append(str(e)))
        sign_up(ann, base, "Ann Letters")
        ann.fill("#email input[name=address]", "ann.letters@example.org")
        ann.check("#email input[name=alerts]")
        ann.click("#email button[type=submit]")
        expect(ann.locator("#email-status")).to_have_text(
            "Saved: you get an e-mail when it is your move."
        )
        ann.reload()  # kept by the server
        expect(ann.locator("#email input[name=address]")).to_have_value("ann.letters@example.org")
        ann.locator("#email-panel").scroll_into_view_if_needed()
        assert layout_problems(ann) == []
        assert axe_violations(ann) == []
        shot(ann, "email-alerts-phone")

        csrf = next(c["value"] for c in ann_ctx.cookies() if c["name"] == "dicehall_csrf")
        body: dict[str, Any] = {
            "game": "paradice",
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "turn_based": {"move_seconds": 43200},
        }
        r = ann_ctx.request.post(f"{base}/api/tables", data=body, headers={"x-csrf-token": csrf})
        made = r.json()
        ann.goto(base + made["links"]["1"])  # her seat is her account's
        expect(ann.locator("#you")).to_contain_text("Ann Letters")
        ann.goto(f"{base}/")  # and she leaves
        deadline = time.monotonic() + 30
        while mailing.api("GET", f"/api/tables/{made['id']}").json()["seats"][1]["connected"]:
            assert time.monotonic() < deadline, "the server still sees her at the table"
            time.sleep(0.2)

        bob.goto(base + made["links"]["0"])
        expect(bob.locator("#conn")).to_have_text("connected")
        deadline = time.monotonic() + 60
        while True:  # Bob plays his move (its first listed choice each time) until the e-mail
            try:
                rcpt, mail = inbox[0].received.get(timeout=0.5)
                break
            except queue.Empty:
                assert time.monotonic() < deadline, "no e-mail"
                board_strategy(bob)
    finally:
        ann_ctx.close()
        bob_ctx.close()
    assert rcpt == ["ann.letters@example.org"]
    assert mail["Subject"] == "Your turn: Paradice"
    assert f"{PUBLIC}/table/{made['id']}" in mail.get_payload(decode=True).decode()
    assert errors == []
