"""Rematch in the browser: two phones at a finished table; one taps "Play again", the other
"Join the rematch", and both sit at the new table with the seats moved one place on."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.browser import shot
from tests.web.helpers import Client, Server
from tests.web.phone import phone_context, tap

HUMAN = {"kind": "human"}


def test_play_again_with_the_same_people(server: Server, browser: Browser) -> None:
    made = server.create("puru", [HUMAN, HUMAN])
    phones = [phone_context(browser), phone_context(browser)]
    errors: list[str] = []
    try:
        alice, bob = (ctx.new_page() for ctx in phones)
        for page, seat in ((alice, "0"), (bob, "1")):
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(server.url + made["links"][seat])
            expect(page.locator("#conn")).to_have_text("connected")
        both = Client(server, made["id"], [made["tokens"]["0"], made["tokens"]["1"]])
        both.play_until_over([0, 1])
        both.close()

        expect(alice.locator("#rematch")).to_have_text("Play again")
        shot(alice, "rematch-phone")
        tap(alice, alice.locator("#rematch").element_handle())
        alice.wait_for_url(lambda url: made["id"] not in url)
        new_id = alice.url.split("/table/")[1].split("#")[0]
        expect(bob.locator("#rematch")).to_have_text("Join the rematch")
        expect(bob.locator("#rematch-note")).to_contain_text("seats moved one place on")
        tap(bob, bob.locator("#rematch").element_handle())
        bob.wait_for_url(f"**/table/{new_id}")

        # Bob (Player 2) now has the first seat and starts; Alice waits for him
        expect(bob.locator("#turn")).to_have_text("Your turn, Player 2")
        expect(alice.locator("#turn")).to_have_text("Waiting for Player 2")
        expect(alice.locator("#seats")).to_contain_text("Player 1")
    finally:
        for ctx in phones:
            ctx.close()
    assert errors == []
