"""Learning and following the games in Chromium, on a phone too: rules pages, touch play at
390×844, log lines and result breakdowns, one naming scheme, the Purrramid bust question,
the sand timer's bar, and axe-core's WCAG 2 A/AA check."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.web.accessibility import axe_violations
from tests.web.browser import shot
from tests.web.helpers import Server
from tests.web.phone import layout_problems, phone_context
from tests.web.phone_play import tap_step

pytestmark = pytest.mark.browser

EASY = {"kind": "bot", "level": "random"}
SEAT_N = re.compile(r"\bseat \d", re.IGNORECASE)
INTERNAL_IDS = re.compile(r"surprise-\d|stall-\d|face #\d|#\d+\b")

# What each game's log and result must explain (issue: "the log explains every change").
LOG_LINE = {
    "puru": re.compile(
        r"Player 1: [+-]\d+ (Love|Excitement|Jelly)|: [+-]\d+ (Love|Excitement|Jelly)"
    ),
    "purrramid": re.compile(r"(busted: .+|stopped safely: \d+ tile)"),
    "paradice": re.compile(r"stall \(\d+ points.*\) comes to the Plaza"),
    "jelly": re.compile(r"Round 1 scored \(.+\):"),
}
BREAKDOWN = {
    "puru": re.compile(r"Player 1.*: Love \d+, Excitement \d+, Jelly \d+"),
    "purrramid": re.compile(r"regular tiles? left \(score -?\d+\)|gold tiles: .*\(score \d+\)"),
    "paradice": re.compile(r"Player 1: -?\d+ points = "),
    "jelly": re.compile(r"Player 1: \d+ Jelly \+ (no pods|pods [\d +]+) = \d+"),
}


FILL_WIDTH = (
    "(() => { const f = document.querySelector('.timer .fill');"
    " return f ? f.getBoundingClientRect().width : -1; })()"
)


def no_seat_numbers(page: Page) -> None:
    text = page.inner_text("body")
    assert not SEAT_N.search(text), SEAT_N.search(text)


def test_rules_from_the_lobby_and_the_table(page: Page, server: Server) -> None:
    """Rules in the app: a page per game from its rules.md, linked from lobby and table."""
    page.goto(server.url)
    page.click(".game-card[data-id=purrramid]")
    page.click("#rules-link")
    page.wait_for_selector("article.rules h1")
    assert "Purrramid" in page.inner_text("article.rules h1")
    assert "Bonus turns" in page.inner_text("article.rules")  # a section of docs/rules
    shot(page, "rules-purrramid")
    assert axe_violations(page) == []
    made = server.create("paradice", [{"kind": "human"}, EASY])
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("#quickref p")
    assert "basic action" in page.inner_text("#quickref")
    page.click("#rules-link")
    page.wait_for_selector("article.rules h1")
    assert "Paradice" in page.inner_text("article.rules h1")
    assert page.goto(f"{server.url}/rules/nonesuch").status == 404


def test_lobby_fits_a_phone_and_passes_axe(browser: Browser, server: Server) -> None:
    ctx = phone_context(browser)
    page = ctx.new_page()
    page.goto(server.url)
    page.wait_for_selector(".game-card[data-id=paradice]")
    page.wait_for_selector(".seat-row")
    assert layout_problems(page) == []
    no_seat_numbers(page)
    shot(page, "lobby-phone")
    assert axe_violations(page) == []
    ctx.close()


def play_by_touch(browser: Browser, server: Server, game: str, params: dict[str, Any]) -> None:
    ctx = phone_context(browser)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # Purrramid's random bot busts nearly every turn, leaving the person to fill the pyramid
    # alone (110 taps, up to a minute under load); a greedy bot fills its share (45 taps)
    bot = {"kind": "bot", "level": "greedy"} if game == "purrramid" else EASY
    bots = [bot, bot] if game == "jelly" else [bot]  # Jelly Monster needs 3 players
    made = server.create(game, [{"kind": "human"}, *bots], params=params)
    started = time.monotonic()
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("#board svg")
    checked = False
    deadline = time.monotonic() + 240
    while not page.is_visible("#result-title"):
        assert time.monotonic() < deadline, "no result screen"
        if not checked and page.query_selector(
            "#moves button.move, #board g.clickable, #dock g.clickable, #dock button"
        ):
            assert layout_problems(page) == []
            assert axe_violations(page) == []
            shot(page, f"{game}-phone-mid")
            checked = True
        if not tap_step(page, game):
            page.wait_for_timeout(60)
    seconds = time.monotonic() - started
    print(f"{game}: a touch game against a {bot['level']} bot took {seconds:.0f} s")
    assert checked
    log = page.inner_text("#log")
    assert LOG_LINE[game].search(log), log[-800:]
    assert not INTERNAL_IDS.search(log), INTERNAL_IDS.search(log)
    result = page.inner_text("#result-body")
    assert "Why the game ended:" in result
    assert BREAKDOWN[game].search(result), result
    no_seat_numbers(page)
    shot(page, f"{game}-phone-end")
    page.reload()  # the explanations come from the server: a reload keeps them
    page.wait_for_selector("#log li.explain")
    assert LOG_LINE[game].search(page.inner_text("#log"))
    page.wait_for_selector("#result-title")
    assert layout_problems(page) == []
    page.click("#result-close")
    shot(page, f"{game}-phone-end-board")
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize(
    ("game", "params"),
    # Paradice with a 3-step Storehouse and Jelly Monster turn by turn: whole games, shorter
    [("puru", {}), ("purrramid", {}), ("paradice", {"storehouse": 3}), ("jelly", {"mode": "tick"})],
)
def test_a_whole_game_by_touch_on_a_phone(
    browser: Browser, server: Server, game: str, params: dict[str, Any]
) -> None:
    play_by_touch(browser, server, game, params)


def test_purrramid_asks_before_a_move_that_busts(page: Page, server: Server) -> None:
    """Rulebook: "If not, you bust" (stopping with spaces that are not connected and
    supported); the table marks such spaces and asks before a move that busts."""
    made = server.create("purrramid", [{"kind": "human"}, EASY])
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("g[data-space]")
    page.wait_for_selector("#guide:not([hidden])")  # a first game: the hint for placing
    assert "Pick a space" in page.inner_text("#guide")
    deadline = time.monotonic() + 120
    # place on spaces where stopping busts when offered, then try to stop
    steps = [
        "button.danger[data-move=Stop]",
        ".choices button",
        "g.clickable[data-safe=false]",
        "#board g.clickable",
        "button[data-move=Continue]",
        "#moves button.move:not([disabled])",
    ]
    while not page.is_visible("#bust-confirm"):
        assert time.monotonic() < deadline, "never offered a busting move"
        target = next((page.query_selector(s) for s in steps if page.query_selector(s)), None)
        try:
            if target is not None:
                target.click(timeout=2000)
        except PlaywrightError:  # redrawn under the click
            pass
        page.wait_for_timeout(60)
    assert "This busts" in page.inner_text(".confirm-bust")
    shot(page, "purrramid-bust-confirm")
    version = page.inner_text("#log")
    page.click("#bust-cancel")
    assert not page.is_visible("#bust-confirm")
    assert page.inner_text("#log") == version  # going back sent nothing
    # each kind of decision has its hint until made once, remembered in this browser
    done = page.evaluate("JSON.parse(localStorage.getItem('dicehall.guide.purrramid'))")
    assert "place" in done
    assert "Pick a space" not in page.inner_text("#guide")
    page.uncheck("#hints-toggle")
    assert page.is_hidden("#guide")


def test_the_sand_timer_bar_empties(page: Page, server: Server) -> None:
    """Rulebook: the round ends "ten seconds after the flip"; the bar shows the sand left."""
    greedy = {"kind": "bot", "level": "greedy"}
    made = server.create("jelly", [{"kind": "human"}, greedy, greedy])
    page.goto(server.url + made["url"])
    width = FILL_WIDTH
    page.wait_for_function(f"{width} > 20", timeout=60_000)  # a flipped timer with sand left
    first = page.evaluate(width)
    page.wait_for_function(f"{width} >= 0 && {width} < {first} - 1", timeout=5000)
    no_seat_numbers(page)


def test_desktop_table_names_players_and_replay_follows_the_log(page: Page, server: Server) -> None:
    made = server.create("jelly", [{"kind": "human", "name": "Ada"}, EASY, EASY])
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("#board svg")
    page.wait_for_selector("#log li")
    no_seat_numbers(page)
    assert "Bot 2 (random moves)" in page.inner_text("#seats")
    assert page.is_hidden("#keys-hint") or page.query_selector("#moves button.move")
    assert axe_violations(page) == []


def test_small_fixes_unknown_table_and_a_file_that_is_not_json(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/table/doesnotexist")
    page.wait_for_selector("#conn:has-text('no such table')")
    page.goto(f"{server.url}/replay")
    not_json = {"name": "x.json", "mimeType": "application/json", "buffer": b"{not json"}
    page.set_input_files("#file", files=[not_json])
    page.wait_for_selector("#upload-error:has-text('not JSON')")
    assert "Expected" not in page.inner_text("#upload-error")  # not the parser's own words
