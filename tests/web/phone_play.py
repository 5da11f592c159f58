"""Playing each game by touch at phone size: every tap lands on a touch-sized target."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from tests.web.phone import Redrawn, tap

FIRST_MOVE = "#moves button.move:not([disabled])"


def _first(page: Page, *selectors: str) -> bool:
    """Tap the first element matching the first selector that matches anything."""
    for selector in selectors:
        found = page.query_selector(selector)
        if found is not None and found.is_visible():
            tap(page, found)
            return True
    return False


def puru(page: Page) -> bool:
    return _first(page, "#puru-resolve", FIRST_MOVE)


def purrramid(page: Page) -> bool:
    """Confirm a bust asked about; stop when safe; place safely when possible; else roll on."""
    return _first(
        page,
        "#bust-confirm",
        "button[data-move=Stop]:not(.danger)",
        ".choices button",
        ".space-grid button.space.safe",
        "button[data-move=Continue]",
        ".space-grid button.space",
        "button[data-move=Stop]",
        FIRST_MOVE,
    )


def paradice(page: Page) -> bool:
    return _first(
        page,
        "#paradice-confirm",
        "#paradice-choices button",
        "#action button[data-stall], #action button[data-plaza]",
        "#board g.clickable:not([aria-pressed=true])",
        FIRST_MOVE,
    )


def jelly(page: Page) -> bool:
    return _first(
        page,
        "#jelly-choices button",
        "#action button[data-district]",
        "#board g.clickable[data-district]",
        FIRST_MOVE,
    )


STRATEGIES: dict[str, Callable[[Page], bool]] = {
    "puru": puru,
    "purrramid": purrramid,
    "paradice": paradice,
    "jelly": jelly,
}


def tap_step(page: Page, game: str) -> bool:
    try:
        return STRATEGIES[game](page)
    except (PlaywrightError, Redrawn):  # the board was redrawn under the tap: look again
        return False
