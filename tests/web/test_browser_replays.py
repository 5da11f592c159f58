"""The replay page in Chromium on the compact replay shape (start view + deltas): every game
steps, slides and jumps to the end, and uploads say where they come from."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.engine.tamper import played
from tests.web.browser import shot
from tests.web.helpers import Server

pytestmark = pytest.mark.browser


def _open(page: Page, server: Server, path: Path) -> None:
    page.goto(f"{server.url}/replay")
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#step:has-text('step')", timeout=120_000)


def _board(page: Page) -> str:
    return page.inner_html("#board")


@pytest.mark.parametrize("game_id", ["puru", "purrramid", "paradice", "jelly"])
def test_replays_of_all_four_games_step_and_label_uploads(
    page: Page, server: Server, tmp_path: Path, game_id: str
) -> None:
    data = played(game_id, 6)
    total = len(data["actions"])
    path = tmp_path / f"{game_id}.json"
    path.write_text(json.dumps(data))
    _open(page, server, path)
    assert page.inner_text("#step") == f"step {total} / {total}"
    end = _board(page)
    assert "Unsigned record" in page.inner_text("#provenance")
    assert "checked against the record's seed" in page.inner_text("#provenance")
    assert len(page.query_selector_all("#log li")) == total
    page.keyboard.press("Home")
    assert page.inner_text("#step") == f"step 0 / {total}"
    assert page.inner_text("#step-text") == "Start of the game"
    start = _board(page)
    page.click("#fwd")
    assert page.inner_text("#step") == f"step 1 / {total}"
    assert page.inner_text("#step-text").startswith(("Dice: ", "Timer: "))
    middle = total // 2
    page.eval_on_selector(
        "#slider", "(s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }", middle
    )
    assert page.inner_text("#step") == f"step {middle} / {total}"
    page.click("#last")
    assert page.inner_text("#step") == f"step {total} / {total}"
    assert _board(page) == end and end != start  # rebuilt from deltas both ways
    assert page.inner_text("#result-body")
    shot(page, f"replay-{game_id}")


def test_a_seedless_upload_says_its_dice_are_not_verifiable(
    page: Page, server: Server, tmp_path: Path
) -> None:
    data = played("puru", 2)
    data["seed"] = None
    path = tmp_path / "seedless.json"
    path.write_text(json.dumps(data))
    _open(page, server, path)
    assert "Dice not verifiable" in page.inner_text("#provenance")


def test_the_servers_own_record_shows_as_signed(page: Page, server: Server, tmp_path: Path) -> None:
    made = server.create("puru", [{"kind": "bot", "level": "random"}] * 2)
    deadline = time.monotonic() + 60
    while server.api("GET", f"/api/tables/{made['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.2)
    path = tmp_path / "signed.json"
    path.write_bytes(server.api("GET", f"/api/tables/{made['id']}/record").content)
    _open(page, server, path)  # sent as the file's text: its 62-bit seed stays exact
    assert "Signed by this server" in page.inner_text("#provenance")
    assert "checked against the record's seed" in page.inner_text("#provenance")
