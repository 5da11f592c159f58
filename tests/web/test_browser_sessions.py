"""The account page's sessions panel in a real Chromium: every device listed, a password
change signs the others out, and "Sign out everywhere" ends this one too."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.web.account_helpers import PASSWORD, Session
from tests.web.helpers import Server

pytestmark = pytest.mark.browser


def test_sessions_panel_changes_password_and_signs_out_everywhere(
    page: Page, server: Server
) -> None:
    laptop = Session(server)
    laptop.sign_up("two-devices")
    page.goto(f"{server.url}/account")
    page.fill("#signin input[name=name]", "two-devices")
    page.fill("#signin input[name=password]", PASSWORD)
    page.click("#signin button[type=submit]")
    expect(page.locator("#sessions li")).to_have_count(2)
    assert "(this device)" in page.inner_text("#sessions")
    page.fill("#password input[name=password]", PASSWORD)
    page.fill("#password input[name=new_password]", "another long password")
    page.click("#password button[type=submit]")
    expect(page.locator("#sessions li")).to_have_count(1)
    assert laptop.request("GET", "/api/account").json()["signed_in"] is False
    page.click("#signout-everywhere")
    page.wait_for_selector("#signin")
    assert page.evaluate("fetch('/api/account').then(r => r.json())")["signed_in"] is False
