"""Phone checks for a page at 390×844: nothing wider than the screen, no text under 12 px,
and taps only on touch-sized targets (WCAG 2.2 target size: buttons at least 44 px each way,
board targets at least 24)."""

from __future__ import annotations

from playwright.sync_api import Browser, BrowserContext, ElementHandle, Page

from tests.web.browser import FAST_BOTS

PHONE = {"width": 390, "height": 844}
MIN_TEXT_PX = 12
MIN_BUTTON_PX = 44
MIN_TARGET_PX = 24

# Visible elements whose box pokes out of the viewport sideways, and a page wider than it.
_TOO_WIDE = """() => {
  const w = window.innerWidth, out = [];
  const page = document.documentElement.scrollWidth;
  if (page > w + 1) out.push(`page ${page}px`);
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || el.closest("[hidden], .overlay[hidden]")) continue;
    if (r.left < -1 || r.right > w + 1)
      out.push(`${el.tagName}#${el.id}.${el.getAttribute("class")} ${r.left}..${r.right}`);
  }
  return out.slice(0, 10);
}"""

# Visible text drawn under `min` CSS px: HTML by its computed size, SVG text by its size times
# the drawing's scale on screen.
_SMALL_TEXT = """(min) => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest("title, script, style, [hidden]")) continue;
    if (el.closest("details:not([open])") && !el.closest("summary")) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    let px = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest("svg");
    if (svg && svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width)
      px *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    if (px < min - 0.01)
      out.push(`${el.tagName} ${n.textContent.trim().slice(0, 30)} (${px.toFixed(1)}px)`);
  }
  return out.slice(0, 10);
}"""


def phone_context(browser: Browser) -> BrowserContext:
    # bypass_csp: axe is injected as a script tag, which the pages' CSP refuses
    # (test_browser_csp.py checks the pages with the policy in force)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, bypass_csp=True)
    context.add_init_script(FAST_BOTS)
    return context


def layout_problems(page: Page) -> list[str]:
    """What breaks the phone layout now: elements wider than the screen, text under 12 px."""
    wide: list[str] = page.evaluate(_TOO_WIDE)
    small: list[str] = page.evaluate(_SMALL_TEXT, MIN_TEXT_PX)
    return [f"too wide: {w}" for w in wide] + [f"text under 12 px: {s}" for s in small]


class Redrawn(Exception):
    """The page replaced the element between finding it and tapping it (a bot moved)."""


def tap(page: Page, target: ElementHandle) -> None:
    """Tap `target`, after checking it is a touch-sized target."""
    target.scroll_into_view_if_needed(timeout=2000)
    box = target.bounding_box()
    if box is None and not target.evaluate("e => e.isConnected"):
        raise Redrawn()
    assert box is not None, "tapped an element that is not on screen"
    html = target.evaluate("e => e.outerHTML.slice(0, 120)")
    low = MIN_BUTTON_PX if target.evaluate("e => e.tagName") == "BUTTON" else MIN_TARGET_PX
    assert box["width"] >= low and box["height"] >= low, (
        f"touch target {box['width']:.0f}×{box['height']:.0f} px: {html}"
    )
    target.tap(timeout=2000)
