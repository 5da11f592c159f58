"""Table chat in the browser: two players on phones and a spectator on a desktop.

An HTML payload shows as text, quick phrases work with one tap, a player hides the spectators'
channel and mutes a person, a report is kept, a flood is refused with a readable message.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from dicehall.store import Store
from dicehall.store.chat import KeptChat
from tests.web.accessibility import axe_violations
from tests.web.browser import shot
from tests.web.helpers import Server
from tests.web.phone import layout_problems, phone_context, tap

HUMAN = {"kind": "human"}
PAYLOAD = '<img src=x onerror="window.pwned=1"><b>bold?</b>'


@pytest.fixture(scope="module")
def chat_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("chat-browser")
    env = {"DICEHALL_CHAT_BURST": "6", "DICEHALL_CHAT_RATE": "0.01"}
    srv = Server(folder / "dicehall.db", folder / "server.log", env=env)
    srv.start()
    yield srv
    srv.stop()


def _open(context: BrowserContext, url: str, errors: list[str]) -> Page:
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    expect(page.locator("#conn")).to_have_text("connected")
    return page


def _lines(page: Page) -> list[str]:
    return [t.strip() for t in page.locator("#chat-lines .chat-text").all_text_contents()]


def test_players_and_spectator_chat(chat_server: Server, browser: Browser) -> None:
    made = chat_server.create("puru", [HUMAN, HUMAN])
    base, errors = chat_server.url + made["url"], []
    phones = [phone_context(browser), phone_context(browser)]
    desk = browser.new_context(viewport={"width": 1300, "height": 860})
    try:
        alice = _open(phones[0], chat_server.url + made["links"]["0"], errors)
        bob = _open(phones[1], chat_server.url + made["links"]["1"], errors)
        watcher = _open(desk, base, errors)
        expect(alice.locator("#chat-panel")).to_be_visible()

        alice.fill("#chat-text", PAYLOAD)
        alice.press("#chat-text", "Enter")
        for page in (alice, bob, watcher):
            expect(page.locator("#chat-lines .chat-text")).to_have_text([PAYLOAD])
            assert page.locator("#chat-lines img, #chat-lines .chat-text b").count() == 0
            assert page.evaluate("window.pwned === undefined")

        tap(bob, bob.locator("#chat-quick button", has_text="Nice roll!").element_handle())
        expect(alice.locator("#chat-lines .chat-text").last).to_have_text("Nice roll!")

        watcher.fill("#chat-text", "Go Alice")
        watcher.click("#chat-form button[type=submit]")
        expect(alice.locator("#chat-lines .spectator .chat-text")).to_have_text(["Go Alice"])
        expect(watcher.locator("#chat-spectators")).to_be_hidden()  # spectators read their own
        alice.locator("#chat-form").scroll_into_view_if_needed()
        shot(alice, "chat-phone")

        # Alice hides the spectators' channel; Bob still sees it
        alice.uncheck("#chat-spectators input")
        expect(alice.locator("#chat-lines .spectator")).to_have_count(0)
        expect(bob.locator("#chat-lines .spectator")).to_have_count(1)
        # Bob mutes Alice (on his phone only) and can undo it
        tap(
            bob,
            bob.locator(".chat-line", has_text="bold?")
            .locator("button", has_text="Mute")
            .element_handle(),
        )
        expect(bob.locator("#chat-lines .chat-text", has_text="bold?")).to_have_count(0)
        expect(bob.locator("#chat-muted button")).to_have_text(["Unmute Player 1"])
        # Bob reports the spectator's message: the button settles, the report is kept
        report = bob.locator(".chat-line", has_text="Go Alice").locator("button", has_text="Report")
        tap(bob, report.element_handle())
        expect(report).to_be_disabled()
        kept = KeptChat(Store(chat_server.db_url)).reports()
        assert [(r.line.text, r.reporter) for r in kept] == [("Go Alice", "Player 2")]
        bob.click("#chat-muted button")
        expect(bob.locator("#chat-lines .chat-text", has_text="bold?")).to_have_count(1)
        assert layout_problems(bob) == []
        assert axe_violations(bob) == []

        # a flood: Alice has spent 1 of 6; the rest pass, then the server says to wait
        for i in range(6):
            alice.fill("#chat-text", f"spam {i}")
            alice.press("#chat-text", "Enter")
        expect(alice.locator(".toast", has_text="chatting too fast")).to_be_visible()
        expect(bob.locator("#chat-lines .chat-text", has_text="spam 4")).to_have_count(1)
        expect(bob.locator("#chat-lines .chat-text", has_text="spam 5")).to_have_count(0)

        # the chat is kept with the table: a reload shows it again
        bob.reload()
        expect(bob.locator("#chat-lines .chat-text").first).to_have_text(PAYLOAD)
    finally:
        for context in (*phones, desk):
            context.close()
    assert errors == []


def test_hot_seat_table_shows_no_chat(chat_server: Server, browser: Browser) -> None:
    made = chat_server.create("puru", [HUMAN, HUMAN], mode="hotseat")
    context, errors = phone_context(browser), []
    try:
        page = _open(context, chat_server.url + made["hotseat_link"], errors)
        expect(page.locator("#chat-panel")).to_have_attribute("data-off", re.compile("hot-seat"))
        expect(page.locator("#chat-panel")).to_be_hidden()
    finally:
        context.close()
    assert errors == []
