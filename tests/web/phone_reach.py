"""What a phone player can act on next, and how far it is from the screen.

After each of the player's actions the page must show every control the player can act on
next (issue 34, item 1): inside the 390×844 viewport, not under the fixed action area, without
the test scrolling. Touch targets (WCAG 2.2 target size): buttons at least 44×44 CSS px, board
targets at least 24×24. A board target mirrored by a button of the action area (both carry the
same `data-twin`) need not be in view itself: its twin is.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from tests.web.browser import shot

MIN_BUTTON_PX = 44
MIN_TARGET_PX = 24

# Every control the player can act on now, with the px the page would have to scroll to show it
# whole (0: in view and not covered by the action area), its size and where it lives.
_NEXT_CONTROLS = """() => {
  const vh = window.innerHeight, vw = window.innerWidth;
  const sheet = document.getElementById("action");
  const fixed = !!sheet && getComputedStyle(sheet).position === "fixed";
  const sheetTop = fixed ? sheet.getBoundingClientRect().top : vh;
  const out = [];
  const sel = "#board button, #moves button, #action button, #board [role=button], "
    + "#action [role=button]";
  for (const el of document.querySelectorAll(sel)) {
    if (el.disabled || el.closest("[hidden]")) continue;
    if (el.closest("[role=tablist]")) continue;  // hot-seat tabs, not a move
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    const inSheet = fixed && sheet.contains(el);
    const bottom = inSheet ? vh : sheetTop;
    const dist = Math.max(0, r.bottom - bottom, -r.top, r.right - vw, -r.left);
    out.push({
      html: el.outerHTML.slice(0, 140), dist: Math.round(dist), w: r.width, h: r.height,
      x: r.left + r.width / 2, y: r.top + r.height / 2,
      button: el.tagName === "BUTTON", twin: el.getAttribute("data-twin"), inSheet,
    });
  }
  return out;
}"""


@dataclass
class Control:
    html: str
    dist: int
    w: float
    h: float
    x: float
    y: float
    button: bool
    twin: str | None
    inSheet: bool


@dataclass
class Reach:
    """What one game's run measured: the farthest next control and what was too small."""

    steps: int = 0
    farthest: int = 0
    farthest_at: str = ""
    out_of_view: list[str] = field(default_factory=list)
    too_small: list[str] = field(default_factory=list)
    missing_twin: list[str] = field(default_factory=list)


def next_controls(page: Page) -> list[Control]:
    found: list[dict[str, Any]] = page.evaluate(_NEXT_CONTROLS)
    return [Control(**c) for c in found]


def must_show(controls: list[Control]) -> list[Control]:
    """The controls that must be in view: all but board targets whose twin is in the sheet."""
    twins = {c.twin for c in controls if c.inSheet and c.twin}
    return [c for c in controls if c.inSheet or not c.twin or c.twin not in twins]


def check(controls: list[Control], reach: Reach) -> None:
    """Record how far the controls are from the screen and which are too small."""
    reach.steps += 1
    twins = {c.twin for c in controls if c.inSheet and c.twin}
    for c in controls:
        if c.twin and not c.inSheet and c.twin not in twins:
            reach.missing_twin.append(c.html)
        low = MIN_BUTTON_PX if c.button else MIN_TARGET_PX
        if c.w < low - 0.5 or c.h < low - 0.5:
            reach.too_small.append(f"{c.w:.0f}×{c.h:.0f}: {c.html}")
    for c in must_show(controls):
        if c.dist > reach.farthest:
            reach.farthest, reach.farthest_at = c.dist, c.html
        if c.dist:
            reach.out_of_view.append(f"{c.dist} px: {c.html}")


# What to tap, in order of preference, per game: the first selector that matches a control the
# player can act on now (in view if any is).
ORDER = {
    "puru": [
        "#puru-reroll:not([disabled])",
        "g.clickable[data-die]:not([aria-pressed=true])",
        "#puru-resolve",
        "#moves button.move",
    ],
    "purrramid": [
        "#bust-confirm",
        "button[data-move=Stop]:not(.danger)",
        ".choices button",
        ".space-grid button.space.safe",
        "g.clickable[data-safe=true]",
        "button[data-move=Continue]",
        ".space-grid button.space",
        "g.clickable[data-space]",
        "button[data-move=Stop]",
        "#moves button.move",
    ],
    "paradice": [
        "#paradice-confirm",
        "#paradice-choices button",
        "#action button[data-stall], #action button[data-plaza]",
        "g.clickable:not([aria-pressed=true])",
        "#moves button.move",
    ],
    "jelly": [
        "#jelly-choices button",
        "#action button[data-district]",
        "g.clickable[data-district]",
        "#moves button.move",
    ],
}

_PICK = """([sels, inView]) => {
  const vh = window.innerHeight;
  for (const sel of sels) {
    const all = [...document.querySelectorAll(sel)].filter((el) => {
      if (el.disabled || el.closest("[hidden]")) return false;
      const r = el.getBoundingClientRect();
      return r.width && r.height;
    });
    const shown = all.filter((el) => {
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > vh) return false;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit && (hit === el || el.contains(hit));
    });
    const pick = inView ? shown[0] : shown[0] || all[0];
    if (pick) { pick.setAttribute("data-tap-me", "1"); return true; }
  }
  return false;
}"""


def tap_next(page: Page, game: str, *, scroll: bool) -> bool:
    """Tap the game's preferred next control. Without `scroll`, only one already in view is
    tapped, by touch at its centre (the test never scrolls)."""
    page.evaluate(
        "document.querySelectorAll('[data-tap-me]').forEach(e => e.removeAttribute('data-tap-me'))"
    )
    if not page.evaluate(_PICK, [ORDER[game], not scroll]):
        return False
    target = page.query_selector("[data-tap-me]")
    if target is None:
        return False
    try:
        if scroll:
            target.tap(timeout=2000)
        else:
            box = target.bounding_box()
            if box is None:
                return False
            page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    except PlaywrightError:  # redrawn under the tap: look again
        return False
    return True


def walk(
    page: Page,
    game: str,
    *,
    actions: int,
    scroll: bool,
    timeout: float = 150,
    on_step: Callable[[Page, int], None] | None = None,
) -> Reach:
    """Play up to `actions` of the player's taps (or to the end), measuring before each tap;
    `on_step(page, taps)` sees the page then (a screenshot mid-turn)."""
    reach = Reach()
    deadline = time.monotonic() + timeout
    taps = 0
    while taps < actions and not page.is_visible("#result-title"):
        assert time.monotonic() < deadline, f"{game}: stuck after {taps} taps"
        page.wait_for_timeout(250)  # the page settles: redraws and its own scrolling
        controls = next_controls(page)
        if not controls:
            continue
        seen = len(reach.out_of_view)
        check(controls, reach)
        if len(reach.out_of_view) > seen and not seen:  # the first miss, on file for a look
            shot(page, f"{game}-phone-out-of-view")
        if on_step is not None:
            on_step(page, taps)
        if tap_next(page, game, scroll=scroll):
            taps += 1
    return reach
