"""Text contrast from computed colours (WCAG 2 relative luminance): an element's text colour
against the background it is drawn on (its own and its ancestors' fills, blended where they
are translucent), with the opacity of the element and its ancestors applied to both."""

from __future__ import annotations

from playwright.sync_api import Page

# Returns the contrast ratio of the element's text, or a string saying why none was measured.
_RATIO = """(el) => {
  const rgba = (text) => {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const [r, g, b, a] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [r, g, b, a === undefined ? 1 : a];
  };
  const over = (top, under) => top.slice(0, 3).map((c, i) => c * top[3] + under[i] * (1 - top[3]));
  // the fills under the element, nearest first, down to an opaque one (else the white page)
  const fills = [];
  for (let n = el; n; n = n.parentElement) {
    const fill = rgba(getComputedStyle(n).backgroundColor);
    if (fill && fill[3] > 0) fills.push(fill);
    if (fill && fill[3] >= 1) break;
  }
  let back = [255, 255, 255];
  for (const f of fills.reverse()) back = over(f, back);
  let opacity = 1;
  for (let n = el; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
  const ink = rgba(getComputedStyle(el).color);
  if (!ink) return "no colour";
  // faded as a whole: text and fill both blend with what lies behind (taken as the page's white)
  const text = over([...over(ink, back), opacity], [255, 255, 255]);
  const fill = over([...back, opacity], [255, 255, 255]);
  const lum = (c) => {
    const [r, g, b] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(text), lum(fill)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}"""

WCAG_AA = 4.5
"""The least contrast for normal text (WCAG 2, 1.4.3); a disabled control is held to it too."""


def text_contrast(page: Page, selector: str) -> float:
    """The contrast ratio of the first element matching `selector`'s text on its background."""
    ratio = page.locator(selector).first.evaluate(_RATIO)
    assert isinstance(ratio, float | int), f"{selector}: {ratio}"
    return float(ratio)


def low_contrast_disabled(page: Page) -> list[str]:
    """Every visible disabled button whose text is under 4.5:1, with its ratio."""
    found: list[str] = page.evaluate(
        f"""() => {{
          const ratio = {_RATIO};
          const out = [];
          for (const b of document.querySelectorAll("button:disabled")) {{
            const r = b.getBoundingClientRect();
            if (!r.width || !r.height || b.closest("[hidden]")) continue;
            const c = ratio(b);
            if (typeof c !== "number" || c < {WCAG_AA})
              out.push(`${{b.id || b.textContent.trim().slice(0, 30)}}: ${{c}}`);
          }}
          return out;
        }}"""
    )
    return found
