"""Real Chromium (Debian's) against a real server: play by clicking, reconnect, restart."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.web.browser import (
    FAST_BOTS,
    board_strategy,
    create_from_lobby,
    first_move,
    play_to_result,
    purrramid_strategy,
    puru_strategy,
    shot,
)
from tests.web.helpers import Server

pytestmark = pytest.mark.browser


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
        ctx.add_init_script(FAST_BOTS)
        pg = ctx.new_page()
        pg.goto(server.url + made["links"][seat])
        pg.wait_for_selector("#board svg")
        pages.append(pg)
    assert "token" not in pages[0].url  # the token left the address bar
    turns = 0
    while not all(p.is_visible("#result-title") for p in pages) and turns < 2000:
        for pg in pages:
            try:
                if pg.query_selector("#puru-resolve"):
                    pg.click("#puru-resolve", timeout=2000)
                elif pg.query_selector("#moves button.move:not([disabled])"):
                    pg.keyboard.press("1")
            except PlaywrightError:  # the board was redrawn under the click: look again
                continue
        pages[0].wait_for_timeout(40)
        turns += 1
    shot(pages[1], "puru-online-result")
    assert all(p.is_visible("#result-title") for p in pages), f"no result after {turns} loops"
    result = pages[0].inner_text("#result-body")
    assert "win" in result and result == pages[1].inner_text("#result-body")
    for pg in pages:
        pg.context.close()


def play_until_log(page: Page, lines: int) -> None:
    """Take Puru turns until the game log has at least `lines` lines."""
    page.wait_for_selector("#board svg")
    script = f"document.querySelectorAll('#log li').length >= {lines}"
    while not page.evaluate(script):
        if not puru_strategy(page):
            page.wait_for_timeout(50)


def test_reload_mid_game_resumes_the_seat(page: Page, server: Server) -> None:
    made = server.create("puru", [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    page.goto(server.url + made["links"]["0"])
    play_until_log(page, 3)
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
    play_until_log(page, 6)
    lines = page.query_selector_all("#log li")
    srv.kill()
    page.wait_for_selector("text=reconnecting")
    srv.start()
    page.wait_for_selector("#conn:has-text('connected')", timeout=20_000)
    page.wait_for_function(f"document.querySelectorAll('#log li').length >= {len(lines)}")
    play_to_result(page, puru_strategy)
    shot(page, "puru-after-restart")


def test_purrramid_vs_bots_to_result_by_clicking(page: Page, server: Server) -> None:
    create_from_lobby(page, server.url, "purrramid", ["human", "bot:greedy"])
    page.click("#go")
    page.wait_for_selector("g[data-space]")
    page.check("#odds-toggle")
    shot(page, "purrramid-table")
    odds: list[str] = []

    def strategy(pg: Page) -> bool:
        if not odds and pg.is_visible("#odds:has-text('bust')"):
            odds.append(pg.inner_text("#odds"))
            shot(pg, "purrramid-odds")
        return purrramid_strategy(pg)

    play_to_result(page, strategy)
    assert odds and "%" in odds[0]
    shot(page, "purrramid-result")


def test_paradice_vs_bots_to_result_by_clicking(page: Page, server: Server) -> None:
    create_from_lobby(
        page,
        server.url,
        "paradice",
        ["human", "bot:greedy", "bot:random"],
        {"players": "3", "storehouse": "3"},  # short: the phone game plays a default Storehouse
    )
    page.click("#go")
    page.wait_for_selector("g[data-cell]")
    shot(page, "paradice-table")
    play_to_result(page, board_strategy)
    page.click("#result-close")
    shot(page, "paradice-result")


def test_jelly_realtime_vs_bots_to_result_by_clicking(page: Page, server: Server) -> None:
    create_from_lobby(
        page, server.url, "jelly", ["human", "bot:greedy", "bot:random"], {"players": "3"}
    )
    page.click("#go")
    page.wait_for_selector("g[data-district]")
    shots: list[str] = []
    timers: list[bool] = []

    def strategy(pg: Page) -> bool:
        if not shots and pg.is_visible("#jelly-choices"):
            shots.append(str(shot(pg, "jelly-table")))
        if not timers and pg.is_visible(".timer"):
            timers.append(True)
            shot(pg, "jelly-sand-timer")
        return board_strategy(pg)

    play_to_result(page, strategy, timeout=300)
    assert timers  # the sand timer showed while it ran
    shot(page, "jelly-result")


def test_jelly_sand_timer_and_spectator_sees_no_secrets(browser: Browser, server: Server) -> None:
    greedy = {"kind": "bot", "level": "greedy"}
    made = server.create("jelly", [{"kind": "human"}, greedy, greedy])
    ctx = browser.new_context(viewport={"width": 1300, "height": 900})
    pg = ctx.new_page()
    pg.goto(server.url + made["url"])
    pg.wait_for_selector("text=Watching as a spectator")
    pg.wait_for_selector(".timer", timeout=60_000)  # someone flipped the sand timer
    shot(pg, "jelly-spectator")
    assert "Behind your screen" not in pg.inner_html("#board")
    log = pg.inner_text("#log")
    assert "rolls behind their screen" in log
    assert not re.search(r"rolls( [1-6])+", log)
    ctx.close()


def test_hotseat_covers_private_views(page: Page, server: Server) -> None:
    create_from_lobby(
        page, server.url, "jelly", ["human", "human", "bot:greedy"], {"players": "3"}, "hotseat"
    )
    page.click("#go")
    page.wait_for_selector("#cover:not([hidden])")
    assert page.query_selector("#board svg") is None  # nothing private shows under the cover
    shot(page, "hotseat-cover")
    page.keyboard.press("Enter")
    page.wait_for_selector("text=Behind your screen")
    page.keyboard.press("1")  # Player 1 rolls
    page.wait_for_selector("#board g.clickable")
    page.click("#moves [role=tab]:has-text('Player 2')")
    page.wait_for_selector("#cover:not([hidden])")  # switching seats covers the screen again
    assert page.query_selector("#board svg") is None
    page.click("#cover-go")
    page.wait_for_selector("text=Behind your screen")


def test_upload_a_record_to_view_it(page: Page, server: Server, tmp_path: Path) -> None:
    made = server.create("puru", [{"kind": "bot", "level": "greedy"}] * 2)
    deadline = time.monotonic() + 60
    while server.api("GET", f"/api/tables/{made['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    record = server.api("GET", f"/api/tables/{made['id']}/record").json()
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(record))
    record.pop("signature")  # signed, any edit is refused for that alone (no step named)
    record["actions"][2]["action"] = {"type": "Keep"}
    bad.write_text(json.dumps(record))
    page.goto(f"{server.url}/replay")
    page.set_input_files("#file", str(bad))
    page.wait_for_selector("#upload-error:has-text('step')")
    page.set_input_files("#file", str(good))
    page.wait_for_selector("#step:has-text('step')")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert "step 1 /" in page.inner_text("#step")
    shot(page, "replay-upload")


def test_puru_keyboard_marks_dice_and_rerolls(page: Page, server: Server) -> None:
    made = server.create("puru", [{"kind": "human"}, {"kind": "bot", "level": "greedy"}])
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("#board svg")
    while not page.query_selector("g.clickable[data-die='0']"):  # e.g. a keep-or-give choice
        if not first_move(page):
            page.wait_for_timeout(50)
    page.focus("g.clickable[data-die='0']")
    page.keyboard.press("Enter")
    page.wait_for_selector("g.clickable[data-die='0'][aria-pressed=true]")
    assert page.is_enabled("#puru-reroll")
    page.focus("#puru-reroll")
    page.keyboard.press("Enter")
    page.wait_for_selector("#log >> text=reroll 1")


def test_join_an_open_seat_from_the_lobby(browser: Browser, server: Server) -> None:
    """The creator opens seat 3 to anyone and invites seat 2: the lobby offers only seat 3."""
    # bypass_csp: wait_for_function polls with eval (conftest.py, `page`)
    host = browser.new_context(viewport={"width": 1200, "height": 800}, bypass_csp=True)
    guest = browser.new_context(viewport={"width": 1200, "height": 800}, bypass_csp=True)
    host.add_init_script(FAST_BOTS)
    guest.add_init_script(FAST_BOTS)
    first = host.new_page()
    first.goto(f"{server.url}/")
    first.click(".game-card[data-id='puru']")
    first.fill("#param-players", "3")
    first.dispatch_event("#param-players", "change")
    first.wait_for_function("document.querySelectorAll('.seat-row').length === 3")
    rows = first.locator(".seat-row")
    rows.nth(1).locator("select").select_option("human")
    rows.nth(2).locator("select").select_option("human")
    assert not rows.nth(0).locator(".seat-open").is_hidden()
    # every seat row stays inside its panel (it spilled under the next column once)
    spill = first.evaluate(
        """() => [...document.querySelectorAll('.seat-row')].map(r => {
             const panel = r.closest('.panel').getBoundingClientRect();
             return Math.max(...[...r.children].map(c => c.getBoundingClientRect().right))
                    - panel.right; })"""
    )
    assert all(px <= 0 for px in spill), spill
    rows.nth(2).locator(".seat-open input").check()
    first.check("input[name=mode][value=online]")
    first.click("#create")
    first.wait_for_selector("#go")
    assert "Open to anyone" in first.inner_text("#created-body")
    assert first.locator("#created-body ul.links li").count() == 1  # seat 2's invite link
    table_id = first.get_attribute("#go", "href").split("/table/")[1].split("#")[0]
    first.click("#go")
    first.wait_for_selector("#board svg")
    lobby = guest.new_page()
    lobby.goto(server.url)
    row = f"#open tr:has(a[href='/table/{table_id}'])"
    lobby.wait_for_selector(f"{row} button:has-text('Join as Player 3')")
    assert lobby.locator(f"{row} button").count() == 1  # seat 2 is invited: no button
    lobby.click(f"{row} button:has-text('Join as Player 3')")
    lobby.wait_for_selector("text=You: Player 3")
    first.wait_for_selector("#seats li:has-text('Player 3') >> text=online")
    # a hot-seat table's seats are the device's: the choice is not offered
    first.goto(f"{server.url}/")
    first.click(".game-card[data-id='puru']")
    first.check("input[name=mode][value=hotseat]")
    assert first.locator(".seat-row .seat-open").first.is_hidden()
    host.close()
    guest.close()
