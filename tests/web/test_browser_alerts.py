""" "Your turn" alerts: a player whose tab is in the background is told it is their turn.

Two phones' browsers: Bob's tab is hidden (the page is told so, as a browser does when another
tab is in front) while Alice plays through the API; when the turn passes to Bob, his tab's
title and icon change and, with the notifications permission granted, a Notification is made.
"""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.browser import shot
from tests.web.helpers import Client, Server
from tests.web.phone import phone_context

HUMAN = {"kind": "human"}
# the tab in the background on demand, and every Notification the page makes recorded
BACKGROUND = """
window.__hidden = false;
window.__notes = [];
Object.defineProperty(document, "hidden", { configurable: true, get: () => window.__hidden });
Object.defineProperty(document, "visibilityState", {
  configurable: true, get: () => (window.__hidden ? "hidden" : "visible") });
window.__setHidden = (v) => {
  window.__hidden = v;
  document.dispatchEvent(new Event("visibilitychange"));
};
if (window.Notification) {
  const Real = window.Notification;
  window.Notification = class extends Real {
    constructor(title, options) {
      super(title, options);
      window.__notes.push({ title, ...options });
    }
  };
}
"""


def _pass_the_turn(alice: Client) -> None:
    """Alice (seat 0) plays until it is seat 1's turn."""
    while 1 not in alice.state["actors"]:
        assert alice.my_turn(0) and not alice.state["over"]
        answer = alice.act(0, alice.panel(0)["legal"][-1]["action"])
        assert answer["type"] == "ack", answer
        version = answer["version"]
        alice.wait_state(lambda s, v=version: s["version"] >= v)


def test_title_icon_and_notification_when_it_becomes_your_turn(
    server: Server, browser: Browser
) -> None:
    made = server.create("puru", [HUMAN, HUMAN])
    context = phone_context(browser)
    context.grant_permissions(["notifications"], origin=server.url)
    context.add_init_script(BACKGROUND)
    errors: list[str] = []
    alice = Client(server, made["id"], [made["tokens"]["0"]])
    try:
        bob = context.new_page()
        bob.on("pageerror", lambda e: errors.append(str(e)))
        bob.goto(server.url + made["links"]["1"])
        expect(bob.locator("#conn")).to_have_text("connected")
        assert 0 in alice.state["actors"] and 1 not in alice.state["actors"]
        bob.click("#alert-notify")
        expect(bob.locator("#alert-notify")).to_have_text("Notifications on (turn off)")
        plain = bob.title()
        assert not plain.startswith("▶")

        bob.evaluate("window.__setHidden(true)")
        _pass_the_turn(alice)
        expect(bob).to_have_title(f"▶ Your turn — {plain}")
        expect(bob.locator("link[rel=icon]")).to_have_attribute("href", "/static/favicon-turn.svg")
        notes = bob.evaluate("window.__notes")
        assert [(n["title"], n["body"]) for n in notes] == [
            ("Your turn", "Puru Puru Paradice: it is your turn at dicehall")
        ]

        bob.evaluate("window.__setHidden(false)")  # Bob comes back to the tab
        expect(bob).to_have_title(plain)
        expect(bob.locator("link[rel=icon]")).to_have_attribute("href", "/static/favicon.svg")
        bob.locator("#alerts-panel").scroll_into_view_if_needed()
        shot(bob, "alerts-phone")
    finally:
        alice.close()
        context.close()
    assert errors == []


def test_no_alert_while_the_tab_is_in_front(server: Server, browser: Browser) -> None:
    made = server.create("puru", [HUMAN, HUMAN])
    context = phone_context(browser)
    context.grant_permissions(["notifications"], origin=server.url)
    context.add_init_script(BACKGROUND)
    alice = Client(server, made["id"], [made["tokens"]["0"]])
    try:
        bob = context.new_page()
        bob.goto(server.url + made["links"]["1"])
        expect(bob.locator("#conn")).to_have_text("connected")
        bob.click("#alert-notify")
        plain = bob.title()
        _pass_the_turn(alice)
        expect(bob.locator("#turn")).to_have_text("Your turn, Player 2")
        assert bob.title() == plain
        assert bob.evaluate("window.__notes") == []
    finally:
        alice.close()
        context.close()
