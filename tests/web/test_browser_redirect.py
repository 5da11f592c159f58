"""No open redirect after signing in, in a real Chromium.

The attack: `/account?next=/\\evil.example/phish`, `?next=/%09/evil.example/phish` and
`?next=/%5Cevil.example` sent the browser to evil.example after a real sign-in (a prefix check
refused only `//evil` and `https://evil`). The page now resolves `next` with the URL API and
follows it only on its own origin. docs/security.md, *Accounts*.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.web.account_helpers import PASSWORD, Session
from tests.web.helpers import Server

pytestmark = pytest.mark.browser

HOSTILE = [
    "/%5Cevil.example/phish",  # /\\evil.example/phish
    "/%09/evil.example/phish",  # a tab the URL parser drops: //evil.example
    "/%5Cevil.example",
    "//evil.example/phish",
    "https://evil.example/phish",
    "javascript:alert(1)",
]


def _sign_in(page: Page, base: str, query: str) -> None:
    page.goto(f"{base}/account?next={query}")
    page.fill("#signin input[name=name]", "redirected")
    page.fill("#signin input[name=password]", PASSWORD)
    page.click("#signin button[type=submit]")


def test_next_is_followed_only_on_this_origin(page: Page, server: Server) -> None:
    Session(server).sign_up("redirected")
    for query in HOSTILE:
        _sign_in(page, server.url, query)
        page.wait_for_selector("#me:has-text('redirected')")  # the account page, not away
        assert page.url.startswith(server.url), query
        page.click("#signout")
        page.wait_for_selector("#signin")
    _sign_in(page, server.url, "/leaderboard%3Fgame%3Dpuru")
    page.wait_for_url(f"{server.url}/leaderboard?game=puru")
