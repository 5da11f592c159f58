"""Guided first games in the browser (issue 34, item 7): each game's tutorial played to its end
on a 390×844 touch screen by tapping what the page rings, never scrolling: before every tap the
ringed control is inside the screen (and not under the action area fixed at the bottom). An
off-script tap is refused with a hint and changes nothing; a reload resumes at the same step;
axe-core finds nothing on the tutorial page. Prints the time each tutorial took to finish."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial

import pytest
from playwright.sync_api import Browser, Page

from dicehall import games
from dicehall.engine.tutorial import load
from tests.web.accessibility import axe_violations
from tests.web.browser import FAST_BOTS, SHOTS, shot
from tests.web.helpers import Server
from tests.web.phone import layout_problems, phone_context

pytestmark = pytest.mark.browser

GAMES = ["puru", "purrramid", "paradice", "jelly", "pig"]  # pig: the example plug-in
MAX_TAPS = 12  # taps within one step before the test gives up on it

# where the ringed target is, and the top of the action area when it is a phone's sheet
_TARGET = """() => {
  const t = document.querySelector("[data-tutorial-target]");
  if (!t) return null;
  const r = t.getBoundingClientRect(), sheet = document.getElementById("action");
  const inSheet = sheet.contains(t), fixed = getComputedStyle(sheet).position === "fixed";
  return { x: r.left + r.width / 2, y: r.top + r.height / 2, top: r.top, bottom: r.bottom,
           left: r.left, right: r.right, inSheet,
           free: fixed && !inSheet ? sheet.getBoundingClientRect().top : innerHeight,
           width: innerWidth };
}"""


def step_of(page: Page) -> int:
    return int(page.get_attribute("body", "data-tutorial-step") or "-1")


def tap_of(page: Page) -> int:
    """Which tap of the step's move is ringed (tutorial-point.js)."""
    return int(page.get_attribute("body", "data-tutorial-tap") or "-1")


def moved_on(page: Page, step: int, tap: int) -> bool:
    """After a tap: the step changed, or the ring went on to another tap of the move."""
    return step_of(page) != step or tap_of(page) != tap


def next_ringed(page: Page, step: int) -> bool:
    """The step changed, or a control is ringed (none is between a move and the next step)."""
    return step_of(page) != step or page.query_selector("[data-tutorial-target]") is not None


def until(page: Page, done: Callable[[], object], seconds: float) -> bool:
    """Poll `done` every 50 ms for up to `seconds`; whether it came true."""
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            return False
        page.wait_for_timeout(50)
    return True


def tap_and_follow(page: Page, tap_it: Callable[[], None]) -> bool:
    """Tap the ringed control with `tap_it`, then follow the page: whether the step changed.
    Polled from Python: the desktop test runs under the pages' policy, which refuses the
    script `wait_for_function` evaluates."""
    step, tap = step_of(page), tap_of(page)
    tap_it()
    if not until(page, partial(moved_on, page, step, tap), 1.0):
        return False  # the tap changed nothing: the caller taps again
    # a move's last tap rings nothing until the next step is drawn (after the others' moves;
    # a busy machine: later): never tap the old ring twice
    until(page, partial(next_ringed, page, step), 60)
    return step_of(page) != step


def ringed(page: Page) -> dict[str, float]:
    page.wait_for_selector("[data-tutorial-target]", state="attached", timeout=15_000)
    page.wait_for_timeout(60)  # the ring follows the page's own scroll on the next frame
    where = page.evaluate(_TARGET)
    assert where is not None
    return where  # type: ignore[no-any-return]


def in_view(where: dict[str, float]) -> bool:
    return (
        where["top"] >= -1
        and where["bottom"] <= where["free"] + 1
        and where["left"] >= -1
        and where["right"] <= where["width"] + 1
    )


def play_step(page: Page, game: str) -> None:
    """Tap the ringed targets of the current step until the page moves to the next one."""
    step = step_of(page)
    for _ in range(MAX_TAPS):
        where = ringed(page)
        assert in_view(where), f"{game} step {step}: next control out of view {where}"
        if tap_and_follow(page, partial(page.touchscreen.tap, where["x"], where["y"])):
            return
    raise AssertionError(f"{game} step {step}: the ringed taps never sent the move")


def refused_tap(page: Page) -> bool:
    """Tap a control that is not ringed: a hint, and the step stays (False: no other control)."""
    step = step_of(page)
    other = page.evaluate(
        """() => {
          const all = [...document.querySelectorAll(
            "#board [role=button], #action button:not([disabled]), #moves button:not([disabled])")];
          const t = document.querySelector("[data-tutorial-target]");
          const seen = (n) => { const r = n.getBoundingClientRect();
            if (!r.width || r.top < 0 || r.bottom > innerHeight) return false;
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return !!hit && n.contains(hit); };
          const o = all.find((n) => n !== t && !n.contains(t) && !(t && t.contains(n)) && seen(n));
          if (!o) return null;
          const r = o.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        }"""
    )
    if not other:
        return False
    page.touchscreen.tap(other["x"], other["y"])
    assert page.is_visible("#refused")
    assert "ringed" in (page.text_content("#refused") or "")
    assert step_of(page) == step
    return True


@pytest.mark.parametrize("game", GAMES)
def test_tutorial_plays_to_its_end_by_touch(browser: Browser, server: Server, game: str) -> None:
    tutorial = load(game)
    assert tutorial is not None
    ctx = phone_context(browser)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/tutorial/{game}")
    page.wait_for_selector("body[data-tutorial-step]")
    assert step_of(page) == 0
    assert axe_violations(page) == []
    assert layout_problems(page) == []
    refused = False
    began = time.monotonic()
    while step_of(page) < tutorial.decisions:
        step = step_of(page)
        ringed(page)
        refused = refused or refused_tap(page)
        shot(page, f"tutorial-{game}-{step + 1:02d}")
        play_step(page, game)
        if step == 0:  # leave and come back: the same step
            page.reload()
            page.wait_for_selector("body[data-tutorial-step]")
            assert step_of(page) == 1
    took = time.monotonic() - began
    assert refused, "no step had another control to refuse"
    page.wait_for_selector("#tutorial-play")
    assert page.query_selector("[data-tutorial-target]") is None
    if games.part(game, "explain") is not None:  # what the last move changed, in words
        assert page.query_selector_all(".tutorial-changes li")
    shot(page, f"tutorial-{game}-end")
    assert axe_violations(page) == []
    print(f"{game}: tutorial finished in {took:.1f} s over {tutorial.decisions} steps")
    assert not errors, errors
    ctx.close()


def test_tutorial_routes(server: Server) -> None:
    listed = server.api("GET", "/api/tutorials").json()["games"]
    assert set(GAMES) <= set(listed)
    first = server.api("GET", "/api/tutorials/puru/0").json()
    assert first["step"] == 0 and first["expected"] and first["tap"] and first["legal"]
    assert first["view"]["viewer"] == 0
    for path, code in (
        ("/api/tutorials/puru/999", 400),
        ("/api/tutorials/puru/-1", 400),
        ("/api/tutorials/puru/x", 422),
        ("/api/tutorials/nonesuch/0", 404),
        ("/api/tutorials/" + "x" * 300 + "/0", 404),
        ("/tutorial/nonesuch", 404),
    ):
        assert server.api("GET", path).status_code == code, path
    assert server.api("GET", "/tutorial/puru").status_code == 200


def test_the_guided_game_is_offered_on_a_first_visit(browser: Browser, server: Server) -> None:
    ctx = phone_context(browser)
    page = ctx.new_page()
    page.goto(f"{server.url}/")
    page.click(".game-card[data-id='purrramid']")
    go = page.wait_for_selector("#tutorial-go")
    assert go.get_attribute("href") == "/tutorial/purrramid"
    shot(page, "tutorial-offer-lobby-phone")
    assert axe_violations(page) == []
    assert layout_problems(page) == []
    page.reload()  # a second visit: a link, no panel
    page.click(".game-card[data-id='purrramid']")
    page.wait_for_selector("#tutorial-offer a[href='/tutorial/purrramid']")
    assert page.query_selector("#tutorial-go") is None
    ctx.close()
    fresh = phone_context(browser)  # a table's game, met there first
    page = fresh.new_page()
    made = server.create("jelly", [{"kind": "human"}, *[{"kind": "bot", "level": "random"}] * 2])
    page.goto(server.url + made["links"]["0"])
    go = page.wait_for_selector("#tutorial-go", state="attached")
    assert go.get_attribute("href") == "/tutorial/jelly"
    fresh.close()


DESKTOP_STEPS = 6  # of each script: the page and its renderer at work (the phone test plays all)


def test_a_guided_game_passes_the_pages_policy(browser: Browser, server: Server) -> None:
    """At a desktop's size, with the Content-Security-Policy in force (no inline script): the
    first steps of each game's guided game (the phone test plays each to its end)."""
    from tests.web.test_browser_csp import RECORD

    context = browser.new_context(viewport={"width": 1300, "height": 860})
    context.add_init_script(FAST_BOTS)  # the other seats' moves without the reading pace
    context.add_init_script(RECORD)
    page = context.new_page()
    for game in GAMES:
        page.goto(f"{server.url}/tutorial/{game}")
        page.wait_for_selector("body[data-tutorial-step]")
        tutorial = load(game)
        assert tutorial is not None
        while step_of(page) < min(tutorial.decisions, DESKTOP_STEPS):
            step = step_of(page)
            for _ in range(MAX_TAPS):
                # the next target shows once the others' moves are played (a busy machine: later)
                page.wait_for_selector("[data-tutorial-target]", timeout=60_000)
                if tap_and_follow(page, partial(page.click, "[data-tutorial-target]")):
                    break
            assert step_of(page) != step, f"{game} step {step} at a desktop's size"
        assert page.evaluate("window.__violations") == [], game
    context.close()


def test_jelly_turn_by_turn_hints_after_a_real_time_game(browser: Browser, server: Server) -> None:
    """Issue 34, item 9: "Hints for a first game" ticked, a player who has made every real-time
    decision once still gets the turn-by-turn game's hints (they have keys of their own)."""
    ctx = phone_context(browser)
    ctx.add_init_script(
        "localStorage.setItem('dicehall.guide.jelly', "
        "JSON.stringify(['district', 'roll', 'zone', 'lock', 'side', 'give']))"
    )
    page = ctx.new_page()
    bots = [{"kind": "bot", "level": "random"}] * 2
    made = server.create("jelly", [{"kind": "human"}, *bots], params={"mode": "tick"})
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("#guide:not([hidden])", timeout=30_000)
    assert "Turn by turn" in page.inner_text("#guide")
    assert page.is_checked("#hints-toggle")
    ctx.close()


@pytest.mark.parametrize("game", GAMES[:4])
def test_rules_page_opens_with_pictures_from_the_renderer(
    browser: Browser, server: Server, game: str
) -> None:
    """Issue 34, item 8: the rules page leads with how to play, its pictures drawn by the game's
    own renderer from real states; the designers' material is a page of its own."""
    ctx = phone_context(browser)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.url}/rules/{game}")
    page.wait_for_selector("figure.rules-figure .figure-board svg")
    headings = page.locator("article.rules h2").all_inner_texts()
    assert headings[:2] == ["How to play", "The rules in detail"]
    figures = page.query_selector_all("figure.rules-figure")
    assert len(figures) >= 3
    page.wait_for_function(
        "[...document.querySelectorAll('figure.rules-figure .figure-board')]"
        ".every((b) => b.querySelector('svg'))"
    )
    shot(page, f"rules-{game}-phone")
    for k, figure in enumerate(page.query_selector_all("figure.rules-figure")):
        figure.screenshot(path=str(SHOTS / f"rules-{game}-figure-{k + 1}.png"))
    assert layout_problems(page) == []
    assert axe_violations(page) == []
    article = page.inner_text("article.rules")
    assert page.query_selector("article.rules pre") is None  # no file formats, no commands
    assert "dicehall play " not in article
    page.click(".designers-link a")
    page.wait_for_selector("article.rules h1")
    assert "for designers" in page.inner_text("article.rules h1")
    assert axe_violations(page) == []
    assert not errors, errors
    ctx.close()


def test_a_guided_game_by_keyboard(page: Page, server: Server) -> None:
    """Enter on the ringed target (a drawn die acts on its key, not on a click) moves the ring
    on; Enter on another die is refused like a tap."""
    page.goto(f"{server.url}/tutorial/puru")
    page.wait_for_selector("[data-tutorial-target]")
    page.focus('[role=button][data-die="3"]')  # not the ringed die
    page.keyboard.press("Enter")
    assert page.is_visible("#refused")
    assert page.get_attribute('[role=button][data-die="3"]', "aria-pressed") == "false"
    for _ in range(MAX_TAPS):
        page.focus("[data-tutorial-target]")
        page.keyboard.press("Enter")
        page.wait_for_timeout(100)
        if step_of(page) == 1:
            break
    assert step_of(page) == 1


def test_the_learners_own_dice_read_your_not_yous(page: Page, server: Server) -> None:
    """A guided game names the learner "You": a move sending the learner's die reads "sending
    your 6", not "sending You's 6"; other players keep their possessive."""
    page.goto(f"{server.url}/tutorial/jelly")
    page.wait_for_selector("body[data-tutorial-step]")
    seats = [{"name": "You"}, {"name": "Momo"}]
    said = page.evaluate(
        """async (seats) => {
          const { named } = await import("/static/js/common.js");
          return [
            named("place 1 on A, sending Player 1's 6 to the city centre", seats),
            named("Player 1's 2 goes", seats),
            named("sending Player 2's 5 away", seats),
            named("Player 3's die", seats),
          ];
        }""",
        seats,
    )
    assert said == [
        "place 1 on A, sending your 6 to the city centre",
        "Your 2 goes",
        "sending Momo's 5 away",
        "Player 3's die",
    ]
