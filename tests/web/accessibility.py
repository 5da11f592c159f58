"""axe-core in a Playwright page: WCAG 2 A/AA rules, the vendored engine (tests/web/vendor)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """Every WCAG 2 A/AA violation axe finds on the page as it is now: id, help and where."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async (tags) => {
          const r = await axe.run(document, { runOnly: { type: "tag", values: tags } });
          return r.violations.map((v) => ({
            id: v.id, help: v.help, nodes: v.nodes.slice(0, 4).map((n) => n.target.join(" ")),
          }));
        }""",
        TAGS,
    )
    return found
