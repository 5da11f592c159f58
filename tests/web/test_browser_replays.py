"""The replay page in Chromium on the compact replay shape (start view + deltas): every game
steps, slides and jumps to the end, and uploads say where they come from."""

from __future__ import annotations

import itertools
import json
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from dicehall.core import OMNISCIENT
from dicehall.engine import Record, replay
from dicehall.engine.explain import explain_step
from dicehall.engine.record import game_of
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


def _explanations(data: dict[str, Any]) -> int:
    """How many explanation lines the record's steps have (`engine.explain`)."""
    record = Record.from_json(data)
    game = game_of(record)
    states = [state for _, state in replay(record)]
    steps = zip(itertools.pairwise(states), record.actions, strict=True)  # each with its move
    return sum(len(explain_step(game, a, b, OMNISCIENT, move=m)) for (a, b), m in steps)


def _log_number_room(page: Page) -> tuple[float, float]:
    """(width the log's last number needs, room its list markers have), in pixels."""
    need, room = page.eval_on_selector(
        "#log",
        """ol => {
            const probe = document.createElement("span"), style = getComputedStyle(ol);
            probe.textContent = `${ol.children.length}. `;
            probe.style.font = style.font;
            probe.style.position = "absolute";
            document.body.append(probe);
            const need = probe.getBoundingClientRect().width;
            probe.remove();
            return [need, parseFloat(style.paddingLeft)];
        }""",
    )
    return float(need), float(room)


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
    explained = page.query_selector_all("#log li span.explain")  # the server's explanations
    assert len(explained) == _explanations(data) > 0
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


def test_a_long_games_log_shows_its_four_digit_step_numbers_whole(
    page: Page, server: Server, tmp_path: Path
) -> None:
    """A Purrramid game runs to thousands of steps; "2763." once showed as "763."."""
    data = next(
        d
        for seed in range(20)
        if len((d := played("purrramid", seed, ["random"] * 2))["actions"]) >= 1000
    )
    path = tmp_path / "purrramid-long.json"
    path.write_text(json.dumps(data))
    _open(page, server, path)
    need, room = _log_number_room(page)
    assert need <= room, f"step {len(data['actions'])}'s number is clipped"


def _most_stalls(data: dict[str, Any]) -> tuple[int, int]:
    """The largest number of active stalls a seat holds in the record, and the first step."""
    best = (0, 0)
    for step, state in replay(Record.from_json(data)):
        most = max(len(p.stalls) for p in state.players)
        if most > best[0]:
            best = (most, step)
    return best


def _a_record_with_five_stalls() -> tuple[dict[str, Any], int, int]:
    for seed in range(200):
        data = played("paradice", seed, ["greedy", "greedy"])
        most, step = _most_stalls(data)
        if most == 5:
            return data, most, step
    raise AssertionError("no greedy game in 200 seeds reaches five stalls")


def _overlaps(page: Page) -> list[tuple[str, str]]:
    boxes = page.eval_on_selector_all(
        "#board g[data-card]",
        "gs => gs.map(g => { const r = g.getBoundingClientRect();"
        " return [g.dataset.card, r.left, r.top, r.right, r.bottom]; })",
    )
    return [
        (a[0], b[0])
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a[1] < b[3] - 1 and b[1] < a[3] - 1 and a[2] < b[4] - 1 and b[2] < a[4] - 1
    ]


@pytest.mark.parametrize("width", [1300, 390])
def test_a_paradice_player_with_five_stalls_shows_each_uncovered(
    page: Page, server: Server, tmp_path: Path, width: int
) -> None:
    """Paradice: a player may hold up to five active stalls (docs/rules/paradice.md); a fourth
    or fifth stall card starts a new row instead of covering the first (it once did on a
    desktop, so the first stall could not be clicked)."""
    data, most, step = _a_record_with_five_stalls()
    path = tmp_path / "paradice-five-stalls.json"
    path.write_text(json.dumps(data))
    page.set_viewport_size({"width": width, "height": 860})
    _open(page, server, path)
    page.eval_on_selector(
        "#slider", "(s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }", step
    )
    assert page.inner_text("#step").startswith(f"step {step} /")
    assert page.locator("#board g[data-card]").count() >= most
    assert _overlaps(page) == []
    shot(page, f"replay-paradice-five-stalls-{width}")
