"""Hot-seat Jelly Monster in real Chromium (Debian's): the device shows one person's roll at a
time, on the page and in every websocket frame it receives, and the cover hides the log.

Rulebook (docs/rules/jelly.md, "A round (real time)"): "Your roll is hidden behind your screen:
other players see that you hold a roll, never its values."
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, WebSocket

from tests.web.browser import shot
from tests.web.helpers import Server

pytestmark = pytest.mark.browser

FULL_ROLL = re.compile(r"(?:Player|Bot) (\d)(?: \(\w+\))? rolls((?: [1-6])+)")
HANDOVERS = 4
READY = """() => !document.querySelector('#cover').hidden ||
  document.querySelector('#moves button.move:not([disabled])')"""


def _listen(page: Page, frames: list[dict[str, Any]]) -> None:
    def opened(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", opened)


def _shown_seat(page: Page) -> int:
    """The seat whose view is on the page, from the status line ("Your turn, Player 2")."""
    page.wait_for_function("document.querySelector('#turn').textContent.startsWith('Your ')")
    name = page.inner_text("#turn").split(", ", 1)[1].split(" (")[0]
    return int(re.fullmatch(r"(?:Player|Seat) (\d)", name).group(1)) - 1  # type: ignore[union-attr]


def _check_frames(frames: list[dict[str, Any]]) -> set[int]:
    """Every frame holds only the secrets of the seat the device showed when it came (its last
    welcome's `focus`); returns the seats whose own rolls the device did receive."""
    focus, owners = None, set()
    for msg in frames:
        if msg["type"] not in ("welcome", "update") or msg["over"]:
            continue
        if msg["type"] == "welcome":
            focus = msg["focus"]
        rolls = {int(s) - 1 for s, _ in FULL_ROLL.findall(json.dumps(msg))}
        assert rolls <= {focus}, f"shown {focus}, the device received rolls of {rolls}"
        owners |= rolls
        for panel in msg["panels"]:
            assert panel["seat"] == focus and (focus is not None or panel["view"]["roll"] is None)
    return owners


def test_hot_seat_jelly_shows_each_person_only_their_own_roll(page: Page, server: Server) -> None:
    """The issue's case: two people and a bot at one device; after Player 1 rolls, the device
    goes to Player 2, whose log says only that Player 1 rolled behind their screen."""
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]
    made = server.create("jelly", seats, params={"players": 3, "mode": "tick"}, mode="hotseat")
    frames: list[dict[str, Any]] = []
    _listen(page, frames)
    page.goto(server.url + made["hotseat_link"])
    shown: list[int] = []  # the seat shown after each hand-over
    deadline = time.monotonic() + 120
    while len(shown) < HANDOVERS:
        assert time.monotonic() < deadline, f"only {len(shown)} hand-overs"
        page.wait_for_function(READY)
        if page.is_visible("#cover"):
            _check_cover(page, first=not shown)
            page.keyboard.press("Enter")
            shown.append(_shown_seat(page))
        seat = _shown_seat(page)  # the same person may act twice in a row: no hand-over
        page.wait_for_selector("text=Behind your screen")
        log = page.inner_text("#log")
        assert {int(s) - 1 for s, _ in FULL_ROLL.findall(log)} <= {seat}, log
        if f"Player {2 - seat} rolls behind their screen" in log:
            shot(page, "hotseat-jelly-log")
        sent = len(frames)
        page.keyboard.press("1")  # roll again: the tick goes on, and the device may change hands
        _wait_for_update(page, frames, sent)
    assert set(shown) == {0, 1}
    assert _check_frames(frames) == {0, 1}  # each person's own roll did reach the device


def _wait_for_update(page: Page, frames: list[dict[str, Any]], start: int) -> None:
    """Until the server has answered the move with an update."""
    deadline = time.monotonic() + 20
    while not any(f["type"] == "update" for f in frames[start:]):
        assert time.monotonic() < deadline, "the move was not answered"
        page.wait_for_timeout(20)


def _check_cover(page: Page, first: bool) -> None:
    assert page.query_selector("#board svg") is None  # nothing private under the cover
    assert page.query_selector_all("#log li") == []  # the log neither
    background = page.eval_on_selector("#cover", "e => getComputedStyle(e).backgroundColor")
    assert background.startswith("rgb("), background  # opaque: nothing shows through
    if first:
        shot(page, "hotseat-jelly-cover")
