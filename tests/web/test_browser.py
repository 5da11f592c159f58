"""Real Chromium (Debian's) against a real server: play by clicking, reconnect, restart."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.web.browser import ARGS, CHROMIUM, create_from_lobby, play_to_result, puru_strategy, shot
from tests.web.helpers import Server

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1300, "height": 860})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, errors


def test_lobby_lists_games(page: Page, server: Server) -> None:
    page.goto(server.url)
    page.wait_for_selector(".game-card[data-id=puru]")
    shot(page, "lobby")
    assert page.is_visible("text=Puru Puru Paradice")


def test_puru_vs_bots_to_result_by_clicking(page: Page, server: Server) -> None:
    create_from_lobby(
        page, server.url, "puru", ["human", "bot:greedy", "bot:random"], {"players": "3"}
    )
    page.click("#go")
    page.wait_for_selector("g[data-die]")
    shot(page, "puru-table")
    play_to_result(page, puru_strategy)
    shot(page, "puru-result")
    assert "wins" in page.inner_text("#result-body") or "win" in page.inner_text("#result-body")
    page.click("#replay-link")
    page.wait_for_selector("#step:has-text('step')")
    page.keyboard.press("Home")
    assert "step 0" in page.inner_text("#step")
    page.click("#fwd")
    assert "step 1" in page.inner_text("#step")
    page.keyboard.press("End")
    shot(page, "puru-replay")


def test_two_browsers_play_one_online_match(browser: Browser, server: Server) -> None:
    made = server.create("puru", [{"kind": "human"}, {"kind": "human"}])
    pages = []
    for seat in ("0", "1"):
        ctx = browser.new_context(viewport={"width": 1200, "height": 800})
        pg = ctx.new_page()
        pg.goto(server.url + made["links"][seat])
        pg.wait_for_selector("#board svg")
        pages.append(pg)
    assert "token" not in pages[0].url  # the token left the address bar
    turns = 0
    while not all(p.is_visible("#result-title") for p in pages) and turns < 2000:
        for pg in pages:
            if pg.query_selector("#puru-resolve"):
                pg.click("#puru-resolve")
            elif pg.query_selector("#moves button.move:not([disabled])"):
                pg.keyboard.press("1")
        pages[0].wait_for_timeout(40)
        turns += 1
    shot(pages[1], "puru-online-result")
    assert pages[0].inner_text("#result-body") == pages[1].inner_text("#result-body")
    for pg in pages:
        pg.context.close()


def test_reload_mid_game_resumes_the_seat(page: Page, server: Server) -> None:
    made = server.create("puru", [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("#puru-resolve")
    page.click("#puru-resolve")
    page.wait_for_function("document.querySelectorAll('#log li').length >= 3")
    before = page.inner_text("#log")
    page.reload()
    page.wait_for_selector("#board svg")
    page.wait_for_function("document.querySelectorAll('#log li').length >= 3")
    assert "You: Player 1" in page.inner_text("#you")
    assert page.inner_text("#log").startswith(before.splitlines()[0])
    play_to_result(page, puru_strategy)


def test_server_killed_and_restarted_mid_game(page: Page, fresh_server: Server) -> None:
    srv = fresh_server
    made = srv.create("puru", [{"kind": "human"}, {"kind": "bot", "level": "greedy"}])
    page.goto(srv.url + made["links"]["0"])
    page.wait_for_selector("#puru-resolve")
    page.click("#puru-resolve")
    page.wait_for_selector("#puru-resolve")
    lines = page.query_selector_all("#log li")
    srv.kill()
    page.wait_for_selector("text=reconnecting")
    srv.start()
    page.wait_for_selector("#conn:has-text('connected')", timeout=20_000)
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {len(lines)}")
    play_to_result(page, puru_strategy)
    shot(page, "puru-after-restart")
