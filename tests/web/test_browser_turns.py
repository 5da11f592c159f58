"""Turn-based tables on two phones: "your games" lists the table where it is your move first;
at a table with a few seconds per move (set by the test through DICEHALL_TURN_SECONDS_MIN),
a player's time runs out and a bot moves for them (docs/play-together.md)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.accessibility import axe_violations
from tests.web.browser import shot
from tests.web.helpers import Server
from tests.web.phone import layout_problems, phone_context

pytestmark = pytest.mark.browser
PASSWORD = "a long enough password"
PEOPLE = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("browser-turns")
    srv = Server(
        folder / "dicehall.db", folder / "server.log", env={"DICEHALL_TURN_SECONDS_MIN": "1"}
    )
    srv.start()
    yield srv
    srv.stop()


def sign_up(page: Page, base: str, name: str) -> None:
    page.goto(f"{base}/account")
    page.fill("#signup input[name=name]", name)
    page.fill("#signup input[name=password]", PASSWORD)
    page.click("#signup button[type=submit]")
    page.wait_for_selector(f"#me:has-text('{name}')")


def create(context: BrowserContext, base: str, seconds: int) -> dict[str, Any]:
    """A turn-based table made by the signed-in person of `context` (its CSRF header)."""
    csrf = next(c["value"] for c in context.cookies() if c["name"] == "dicehall_csrf")
    body = {"game": "paradice", "seats": PEOPLE, "turn_based": {"move_seconds": seconds}}
    r = context.request.post(f"{base}/api/tables", data=body, headers={"x-csrf-token": csrf})
    assert r.status == 201, r.text()
    made: dict[str, Any] = r.json()
    return made


def open_seat(page: Page, base: str, made: dict[str, Any], seat: int) -> None:
    page.goto(base + made["links"][str(seat)])
    expect(page.locator("#conn")).to_have_text("connected")


def test_your_games_and_a_bot_moving_for_a_player_out_of_time(
    quick: Server, browser: Browser
) -> None:
    base = quick.url
    ann_ctx, bob_ctx = phone_context(browser), phone_context(browser)
    errors: list[str] = []
    try:
        ann, bob = ann_ctx.new_page(), bob_ctx.new_page()
        for page in (ann, bob):
            page.on("pageerror", lambda e: errors.append(str(e)))
        sign_up(ann, base, "Ann Turns")
        sign_up(bob, base, "Bob Turns")
        # Ann's move at the older table, Bob's at the newer one (seat 1 moves first)
        hers = create(ann_ctx, base, 86400)
        time.sleep(1.1)  # the store's times have whole seconds: the second table is newer
        his = create(ann_ctx, base, 86400)
        open_seat(ann, base, hers, 0)
        expect(ann.locator("#turn-rule")).to_contain_text("Turn-based: 1 day per move")
        left = re.compile(r"Ann Turns: 23 h \d+ min left to move\.")  # since the table was made
        expect(ann.locator("#turn-left")).to_contain_text(left)
        open_seat(ann, base, his, 1)
        ann.goto(f"{base}/")
        games = ann.locator("#your-games-list li")
        expect(games).to_have_count(2)
        expect(games.nth(0)).to_contain_text("Your turn")
        expect(games.nth(0).locator("a")).to_have_attribute("href", f"/table/{hers['id']}")
        expect(games.nth(1)).to_contain_text("waiting for others")
        expect(games.nth(1).locator("a")).to_have_attribute("href", f"/table/{his['id']}")
        ann.locator("#your-games").scroll_into_view_if_needed()
        assert layout_problems(ann) == []
        assert axe_violations(ann) == []
        shot(ann, "your-games-phone")

        # three seconds a move: Bob, to move first, does nothing; a bot moves for him
        quickly = create(ann_ctx, base, 3)
        open_seat(bob, base, quickly, 0)
        open_seat(ann, base, quickly, 1)
        expect(ann.locator("#turn-left")).to_contain_text("Bob Turns:")
        expect(ann.locator("#log")).to_contain_text(
            "Bob Turns's time ran out: a bot moves for them this time.", timeout=30_000
        )
        expect(bob.locator("#log")).to_contain_text("a bot moves for them this time.")
        expect(ann.locator("#turn-left")).to_contain_text("Ann Turns:", timeout=30_000)
        ann.locator("#turn-clock").scroll_into_view_if_needed()
        shot(ann, "turn-based-time-out-phone")
    finally:
        ann_ctx.close()
        bob_ctx.close()
    assert errors == []
