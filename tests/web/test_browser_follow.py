"""Moves you can follow (issue 34, items 5 and 11), at 390×844 by touch: others' moves are
animated on the board with the last move marked, reduced motion turns the animation off, and
a disabled button's text stays readable (at least 4.5:1)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page

from tests.web.accessibility import axe_violations
from tests.web.browser import shot
from tests.web.contrast import WCAG_AA, low_contrast_disabled, text_contrast
from tests.web.helpers import Client, Server
from tests.web.phone import phone_context
from tests.web.phone_play import tap_step

pytestmark = pytest.mark.browser

EASY = {"kind": "bot", "level": "random"}


def open_table(browser: Browser, server: Server, game: str, **options: object) -> Page:
    ctx = phone_context(browser)
    page = ctx.new_page()
    made = server.create(game, [{"kind": "human"}, EASY], **options)
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("#board svg")
    return page


def until(page: Page, selector: str, step: str = "#moves button.move", timeout: float = 60) -> None:
    """Tap `step` (a move that leads on) until `selector` shows."""
    end = time.monotonic() + timeout
    while not page.is_visible(selector):
        assert time.monotonic() < end, f"never showed {selector}"
        if page.is_visible(step):
            page.locator(step).first.tap(timeout=2000)
        page.wait_for_timeout(150)


def test_disabled_reroll_text_is_readable(browser: Browser, server: Server) -> None:
    page = open_table(browser, server, "puru")
    until(page, "#puru-reroll")
    assert page.is_disabled("#puru-reroll")  # nothing marked yet: "Tap dice to reroll"
    assert text_contrast(page, "#puru-reroll") >= WCAG_AA
    assert low_contrast_disabled(page) == []
    page.context.close()


# what each game's result card must say to explain its numbers (rulebooks' scoring sentences)
RESULT_LINES = {
    "puru": ["Love and Excitement"],  # which track is the score
    "paradice": ["Prize List for 2 players", "reach prize number"],  # which list, why that number
    "purrramid": ["(score "],
    "jelly": [" Jelly + "],  # Jelly plus the pods' values
}


@pytest.mark.parametrize("game", sorted(RESULT_LINES))
def test_result_card_explains_its_numbers(browser: Browser, server: Server, game: str) -> None:
    jelly = game == "jelly"  # 3 to 5 players; its turn-by-turn mode needs no sand timer
    options = {"params": {"players": 3, "mode": "tick"}} if jelly else {}
    made = server.create(game, [EASY] * (3 if jelly else 2), **options)
    Client(server, made["id"]).wait_state(lambda s: s.get("over") is True, timeout=120)
    page = phone_context(browser).new_page()
    page.goto(f"{server.url}/table/{made['id']}")
    page.wait_for_selector("#result:not([hidden])")
    card = page.inner_text("#result-body")
    for line in RESULT_LINES[game]:
        assert line in card, (line, card)
    shot(page, f"follow-{game}-end-390")
    assert axe_violations(page) == []
    page.context.close()


# counts the animations the page starts on the board (motion.js uses the Web Animations API)
COUNT_ANIMATIONS = """
window.boardAnimations = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  if (this.closest && this.closest("#board")) window.boardAnimations += 1;
  return animate.apply(this, args);
};
"""
STEP = "#dock button:not([disabled]), #moves button.move:not([disabled])"


def follow_a_bot(
    browser: Browser, server: Server, reduced: bool, game: str = "puru", bot: object = EASY
) -> Page:
    """Play `game` by touch until a bot's move has been marked; the page at that moment."""
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        reduced_motion="reduce" if reduced else "no-preference",
        bypass_csp=True,  # axe is injected as a script tag
    )
    ctx.add_init_script("localStorage.setItem('dicehall.pace', '600')")  # the default pace
    ctx.add_init_script(COUNT_ANIMATIONS)
    page = ctx.new_page()
    jelly = game == "jelly"  # 3 to 5 players; its turn-by-turn mode
    options = {"params": {"players": 3, "mode": "tick"}} if jelly else {}
    made = server.create(game, [{"kind": "human"}] + [bot] * (2 if jelly else 1), **options)
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("#board svg")
    end = time.monotonic() + 120
    # reduced motion: until a move is marked; else until one also moved something on the board
    seen = "1" if reduced else "window.boardAnimations"
    while not page.evaluate(f"document.querySelector('#board .followed') && {seen}"):
        assert time.monotonic() < end, "no bot move was marked (and animated) on the board"
        tap_step(page, game)
        page.wait_for_timeout(150)
    return page


def test_a_bots_move_moves_on_the_board_and_stays_marked(browser: Browser, server: Server) -> None:
    page = follow_a_bot(browser, server, reduced=False)
    assert page.evaluate("window.boardAnimations") > 0  # its tracks moved
    marked = page.eval_on_selector_all("#board .followed", "els => els.map(e => e.dataset.key)")
    assert any(k.startswith(("bar-1-", "value-1-")) for k in marked), marked  # the bot's tracks
    shot(page, "follow-puru-bot-move-390")
    assert axe_violations(page) == []
    page.context.close()


def test_reduced_motion_marks_the_move_without_moving(browser: Browser, server: Server) -> None:
    page = follow_a_bot(browser, server, reduced=True)
    assert page.evaluate("window.boardAnimations") == 0
    assert page.locator("#board .followed").count() > 0  # still marked
    page.context.close()


@pytest.mark.parametrize("game", ["jelly", "paradice", "purrramid"])
def test_each_games_bot_moves_are_marked(browser: Browser, server: Server, game: str) -> None:
    """Mid-turn at phone size: the bot's last move is marked on the board, the action area is
    there to act on, and axe finds nothing."""
    # Purrramid's board moves only where a tile is placed, and a random bot busts most turns
    # (25 to 40 s of the person's turns before it placed one): a greedy bot places one a turn
    bot = {"kind": "bot", "level": "greedy"} if game == "purrramid" else EASY
    page = follow_a_bot(browser, server, reduced=False, game=game, bot=bot)
    marked = page.eval_on_selector_all("#board .followed", "els => els.map(e => e.dataset.key)")
    assert marked
    assert page.evaluate("window.boardAnimations") > 0  # what it changed moved or grew in
    shot(page, f"follow-{game}-mid-turn-390")
    assert axe_violations(page) == []
    page.context.close()
