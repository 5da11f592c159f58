"""The pages pass their strict Content-Security-Policy in Chromium: every page loads, and a
table is played to its end, with no policy violation reported.

The attack it guards: no page sent a Content-Security-Policy (nor frame-ancestors, nosniff,
a referrer policy), so an injected script would have run and any site could frame a table.
docs/security.md, *Headers*.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page

from dicehall import games
from tests.web.browser import FAST_BOTS, play_to_result, puru_strategy
from tests.web.helpers import Server

pytestmark = pytest.mark.browser

# every violation the page sees, kept where the test can read it
RECORD = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`)
);
"""


@pytest.fixture
def watched(browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    context = browser.new_context(viewport={"width": 1300, "height": 860})
    context.add_init_script(FAST_BOTS)
    context.add_init_script(RECORD)
    page = context.new_page()
    console: list[str] = []
    page.on(
        "console",
        lambda m: console.append(m.text) if "Content Security Policy" in m.text else None,
    )
    yield page, console
    context.close()


def _violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.__violations")
    return found


def test_every_page_and_a_played_table_pass_the_policy(
    watched: tuple[Page, list[str]], server: Server
) -> None:
    page, console = watched
    made = server.create("puru", [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    headers = httpx.get(f"{server.url}/").headers
    assert "script-src 'self'" in headers["content-security-policy"]
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    pages = ["/", "/account", "/leaderboard", "/players/nobody", "/replay"]
    pages += [f"/rules/{game}" for game in games.available()]
    for path in pages:
        page.goto(f"{server.url}{path}")
        page.wait_for_load_state("networkidle")
        assert _violations(page) == [], path
    page.goto(server.url + made["links"]["0"])
    page.wait_for_selector("g[data-die]")
    play_to_result(page, puru_strategy)
    assert _violations(page) == []
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector("#step:has-text('step')")
    page.keyboard.press("End")
    assert _violations(page) == []
    assert console == []
