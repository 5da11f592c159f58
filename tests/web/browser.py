"""Playwright helpers: Debian's Chromium, screenshots, and clicking through a game."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# the table page shows others' moves at a followable pace; tests watch them at the bots' own
FAST_BOTS = "localStorage.setItem('dicehall.pace', '0')"
# written on every run (git-ignored); a curated copy lives in test-artifacts/screenshots/
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "tmp" / "screenshots"


def shot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def create_from_lobby(
    page: Page,
    base: str,
    game: str,
    seats: list[str],
    params: dict[str, str] | None = None,
    mode: str = "online",
    ticks: tuple[str, ...] = (),
    choices: dict[str, str] | None = None,
) -> None:
    """Fill the lobby form: seats as 'human' or 'bot:<level>', the checkboxes `ticks` (their
    ids: "private", "room"...) and the selects `choices` (id: value); then create the table."""
    page.goto(f"{base}/")
    page.click(f".game-card[data-id='{game}']")
    for name, value in (params or {}).items():
        page.fill(f"#param-{name}", value)
        page.dispatch_event(f"#param-{name}", "change")
    page.wait_for_function(f"document.querySelectorAll('.seat-row').length === {len(seats)}")
    # locators, not element handles: the lobby may redraw the seat rows (a game's levels
    # arriving), and a locator finds the new row where a handle would be detached
    selects = page.locator(".seat-row select")
    for index, kind in enumerate(seats):
        selects.nth(index).select_option(kind)
    page.check(f"input[name=mode][value={mode}]")
    for box in ticks:
        page.check(f"#{box}")
    for select, value in (choices or {}).items():
        page.select_option(f"#{select}", value)
    page.click("#create")
    page.wait_for_selector("#go")


def first_move(page: Page) -> bool:
    """Click the first enabled move in the moves panel (keyboard '1' does the same)."""
    button = page.query_selector("#moves button.move:not([disabled])")
    if button is None:
        return False
    page.keyboard.press("1")
    return True


def play_to_result(
    page: Page, strategy: Callable[[Page], bool] = first_move, timeout: float = 240
) -> None:
    """Click moves (by `strategy`) until the result screen shows."""
    end = time.monotonic() + timeout
    while not page.is_visible("#result-title"):
        if time.monotonic() > end:
            raise TimeoutError("no result screen")
        if not strategy(page):
            page.wait_for_timeout(60)
        else:
            page.wait_for_timeout(30)


def puru_strategy(page: Page) -> bool:
    """Reroll the angry dice once when offered, else resolve; other choices: first move."""
    try:
        return _puru_step(page)
    except PlaywrightError:  # the board was redrawn under the click: look again
        return False


def _puru_step(page: Page) -> bool:
    if not page.query_selector("#puru-resolve"):
        return first_move(page)
    angry = [
        int(str(g.get_attribute("data-die")))
        for g in page.query_selector_all("g.clickable[data-die]:has([data-face=angry])")
    ]
    if angry and page.is_visible("text=Rerolls left: 2"):
        for i in angry:
            page.click(f"g.clickable[data-die='{i}']", timeout=2000)
        page.click("#puru-reroll", timeout=2000)
        return True
    page.click("#puru-resolve", timeout=2000)
    return True


CHOICES = (
    "#paradice-confirm",
    "#dock [id$=choices] button",
    "#board div button, #board p button",
    "#dock div button, #dock p button",
)


def board_strategy(page: Page) -> bool:
    """Click a chooser button, else the first highlighted board element, else the first move."""
    try:
        if page.is_visible("#cover"):
            page.keyboard.press("Enter")
            return True
        # the choices that send a move first, then what opens them (a district, a card)
        for selector in CHOICES:
            choice = page.query_selector(selector)
            if choice is not None and choice.is_visible():
                choice.click(timeout=2000)
                return True
        target = page.query_selector("#board g.clickable:not([aria-pressed=true])")
        if target is not None:
            target.click(timeout=2000)
            return True
        return first_move(page)
    except PlaywrightError:
        return False


PURRRAMID_ORDER = (
    "#bust-confirm",
    "button[data-move=Stop]:not(.danger)",
    ".choices button",
    "#board g.clickable[data-safe=true]",
    "button[data-move=Continue]",
    "#board g.clickable",
    "button[data-move=Stop]",
)


def purrramid_strategy(page: Page) -> bool:
    """Stop when stopping is safe; place where stopping stays safe; else roll on."""
    try:
        for selector in PURRRAMID_ORDER:
            target = page.query_selector(selector)
            if target is not None and target.is_visible():
                target.click(timeout=2000)
                return True
        return first_move(page)
    except PlaywrightError:
        return False
