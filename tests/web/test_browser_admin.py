"""The operators' /admin page in a real Chromium, at desktop and phone size: the live numbers,
a live table closed from it, a reported chat message shown, an account suspended from it;
no axe-core violation, no Content-Security-Policy violation, touch-sized buttons on a phone.
Screenshots: admin-desktop.png and admin-phone.png. docs/hosting.md, *Administration*.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from dicehall.store import Store
from dicehall.store.admin import Administration
from dicehall.store.chat import KeptChat
from tests.web.accessibility import axe_violations
from tests.web.account_helpers import Session
from tests.web.browser import shot
from tests.web.helpers import Server
from tests.web.phone import layout_problems, phone_context, tap
from tests.web.test_browser_csp import RECORD

pytestmark = pytest.mark.browser
HUMANS = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture(scope="module")
def operator(server: Server) -> Session:
    """A signed-in operator, an account to suspend, a live table and a reported message."""
    me = Session(server)
    me.sign_up("admin-in-chief")
    Session(server).sign_up("offender")
    store = Store(server.db_url)
    try:
        assert Administration(store).set_operator("admin-in-chief", True)
        made = server.create("puru", HUMANS)  # the reported message's table
        chat = KeptChat(store)
        chat.report(chat.add(made["id"], "players", 1, "offender", "you all stink"), "Guest 1")
    finally:
        store.close()
    return me


def _signed_in(context: BrowserContext, server: Server, me: Session) -> Page:
    server.create("puru", HUMANS)  # a live table to close
    context.add_cookies([{"name": k, "value": v, "url": server.url} for k, v in me.cookies.items()])
    page = context.new_page()
    page.goto(f"{server.url}/admin")
    expect(page.locator("#tables li button").first).to_be_visible(timeout=30_000)
    expect(page.locator("#reports")).to_contain_text("you all stink")
    return page


@pytest.fixture
def policed(browser: Browser) -> Iterator[BrowserContext]:
    """A desktop context with the pages' CSP in force, recording any violation."""
    context = browser.new_context(viewport={"width": 1300, "height": 860})
    context.add_init_script(RECORD)
    yield context
    context.close()


def test_the_admin_page_on_a_desktop(
    page: Page, policed: BrowserContext, server: Server, operator: Session
) -> None:
    strict = _signed_in(policed, server, operator)
    assert strict.evaluate("window.__violations") == []

    page.context.add_cookies(
        [{"name": k, "value": v, "url": server.url} for k, v in operator.cookies.items()]
    )
    page.goto(f"{server.url}/admin")
    expect(page.locator("#tables li button").first).to_be_visible(timeout=30_000)
    expect(page.locator("#numbers")).to_contain_text("Live tables")
    assert axe_violations(page) == []
    shot(page, "admin-desktop")

    page.fill("#account-name", "offender")
    page.click("#account-form button[value=suspend]")
    expect(page.locator("#account-result")).to_contain_text("suspended: offender")
    expect(page.locator("#actions li").first).to_contain_text("suspend offender")
    assert Session(server).sign_in("offender").status_code == 403

    before = page.locator("#tables li").count()
    page.locator("#tables li button").first.click()
    expect(page.locator("#actions li").first).to_contain_text("close table")
    expect(page.locator("#tables li")).to_have_count(before - 1)
    assert axe_violations(page) == []


def test_the_admin_page_on_a_phone(browser: Browser, server: Server, operator: Session) -> None:
    context = phone_context(browser)
    try:
        page = _signed_in(context, server, operator)
        assert layout_problems(page) == []
        assert axe_violations(page) == []
        shot(page, "admin-phone")
        page.fill("#account-name", "offender")
        tap(page, page.locator("#account-form button[value=unsuspend]").element_handle())
        expect(page.locator("#account-result")).to_contain_text("unsuspended: offender")
        page.evaluate("document.getElementById('updated').textContent = ''")
        tap(page, page.locator("#refresh").element_handle())
        expect(page.locator("#updated")).to_contain_text("Updated")  # drawn again
        # One evaluation queries and measures: the page redraws its lists every 10 s, and a
        # button measured after a redraw removed it reads 0×0.
        sizes = page.evaluate(
            "[...document.querySelectorAll('button')]"
            ".map(b => [b.offsetWidth, b.offsetHeight, b.outerHTML.slice(0, 80)])"
        )
        assert len(sizes) >= 5 and all(w >= 44 and h >= 44 for w, h, *_ in sizes), sizes
    finally:
        context.close()
