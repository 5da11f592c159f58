"""Jelly Monster's round pause in Chromium: the round's scoring stays on screen with a
countdown, and the Skip button lets the game go on (web/tables/pauses.py)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from tests.web.browser import board_strategy, shot
from tests.web.helpers import Server

pytestmark = pytest.mark.browser
RANDOM = {"kind": "bot", "level": "random"}


@pytest.fixture(scope="module")
def long_pause_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("pause")
    srv = Server(folder / "dicehall.db", folder / "server.log",
                 env={"DICEHALL_ROUND_PAUSE": "120"})  # fmt: skip
    srv.start()
    yield srv
    srv.stop()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_round_pause_shows_the_scoring_and_skip_goes_on(
    page: Page, long_pause_server: Server, width: int
) -> None:
    """docs/rules/jelly.md, "Scoring a round": "Then, unless it was round 4: everyone takes
    their 7 dice back ... and a new round starts" - not before the person has read the
    scoring and pressed Skip (or 120 s have passed)."""
    srv = long_pause_server
    made = srv.create("jelly", [{"kind": "human"}, RANDOM, RANDOM], params={"mode": "tick"})
    page.set_viewport_size({"width": width, "height": 860})
    page.goto(srv.url + made["links"]["0"])
    end = time.monotonic() + 120
    while not page.is_visible("#pause"):
        assert time.monotonic() < end, "the round never ended"
        if not board_strategy(page):
            page.wait_for_timeout(60)
    assert page.inner_text("#pause-lines").startswith("Round 1 scored")
    # each change with its reward (issue 34, item 4): "Bot 2 (random moves) +3 Jelly (2 → 5): ..."
    changes = re.findall(r"[+−]\d+ Jelly(?:-pod)? \([^)]*\): .+", page.inner_text("#pause-lines"))
    assert changes, page.inner_text("#pause-lines")
    assert "The game goes on in" in page.inner_text("#pause-left")
    assert page.locator("#moves button.move:not([disabled])").count() == 0  # nobody acts
    shot(page, f"jelly-pause-{'phone' if width < 600 else 'desktop'}")
    page.click("#pause-skip")
    page.wait_for_selector("#pause", state="hidden", timeout=20_000)
    page.wait_for_selector("#moves button.move:not([disabled]), #board g.clickable",
                           timeout=20_000)  # fmt: skip
