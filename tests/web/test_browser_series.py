"""A 3-game Purrramid series in the browser (docs/play-together.md, *Series*).

Purrramid's rulebook: "Players who are especially dedicated to stacking sleeping kittens may
play multiple games on both sides of the Board, then add up their scores to see who had the
highest total." The series plays side A, B, then A, and its result card adds up each
player's scores over the three games, whichever seat they sat in.

The person steps away during each game (a bot stands in after the grace period, as for
anyone away), so that three whole games take seconds; they come back for each result and
tap Play again.
"""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.web.browser import create_from_lobby, shot
from tests.web.helpers import Server

WAIT_MS = 20_000  # a loaded CI machine: waits are generous, never timed


def _finished(server: Server, table: str, timeout: float = 180) -> dict:  # type: ignore[type-arg]
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        answer = server.api("GET", f"/api/tables/{table}").json()
        if answer["status"] == "finished":
            return answer  # type: ignore[no-any-return]
        time.sleep(0.5)
    raise TimeoutError("the game did not end")


def test_a_three_game_purrramid_series_adds_up_the_scores(page: Page, server: Server) -> None:
    create_from_lobby(
        page, server.url, "purrramid", ["human", "bot:random"], choices={"series": "3"}
    )
    page.click("#go")
    totals = {"Player 1": 0.0, "Bot 2 (random moves)": 0.0}
    sides = []
    for number in (1, 2, 3):
        expect(page.locator("#series-title")).to_contain_text(
            f"Game {number} of 3", timeout=WAIT_MS
        )
        url = page.url
        table = url.split("/table/")[1].split("#")[0]
        page.goto(f"{server.url}/")  # away to the lobby: a bot stands in until the end
        done = _finished(server, table)
        sides.append(done["params"]["side"])
        for seat, cfg in enumerate(done["seats"]):
            totals[cfg["name"]] += done["result"]["scores"][seat]
        page.goto(f"{server.url}/table/{table}")  # back for the result (the token is kept)
        card = page.locator("#series-result")
        expect(card).to_be_visible(timeout=WAIT_MS)
        for name, total in totals.items():
            expect(card.locator("tr", has_text=name)).to_contain_text(f"{total:g}", timeout=WAIT_MS)
        if number < 3:
            expect(card).to_contain_text(f"Play again for game {number + 1} of 3", timeout=WAIT_MS)
            page.click("#rematch")
            page.wait_for_url(lambda u, old=table: old not in u)
    best = max(totals.values())
    leaders = [n for n, t in totals.items() if t == best]
    expect(page.locator("#series-result h3")).to_contain_text("Series over", timeout=WAIT_MS)
    expect(page.locator("#series-result h3")).to_contain_text(leaders[0], timeout=WAIT_MS)
    assert sides == ["a", "b", "a"]
    shot(page, "series-result")
