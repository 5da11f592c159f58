"""Reviews on the server: only of finished matches, made in the background with progress,
then kept; estimates say so."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.web.accessibility import axe_violations
from tests.web.browser import shot
from tests.web.helpers import Client, Server
from tests.web.phone import phone_context

RANDOM = {"kind": "bot", "level": "random"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("reviews")
    srv = Server(folder / "dicehall.db", folder / "server.log", {"DICEHALL_REVIEW_ROLLOUTS": "2"})
    srv.start()
    yield srv
    srv.stop()


def _finished(server: Server) -> str:
    made = server.create("puru", [RANDOM, RANDOM, RANDOM], params={"players": 3})
    Client(server, made["id"]).wait_state(lambda s: s.get("over") is True, timeout=180)
    return str(made["id"])


def _review(server: Server, table: str, timeout: float = 180) -> tuple[dict[str, Any], int]:
    """The finished review and how many 202 answers came before it."""
    waits, deadline = 0, time.monotonic() + timeout
    while time.monotonic() < deadline:
        r = server.api("GET", f"/api/tables/{table}/review")
        if r.status_code == 200:
            return r.json(), waits
        assert r.status_code == 202, r.text
        progress = r.json()
        assert progress["status"] == "running" and progress["done"] <= max(progress["total"], 1)
        waits += 1
        time.sleep(0.3)
    raise AssertionError("the review did not finish")


def test_a_finished_match_is_reviewed_in_the_background_then_kept(server: Server) -> None:
    table = _finished(server)
    review, waits = _review(server, table)
    assert waits >= 1  # the first answer is the job's progress
    assert review["exact"] is False and "2 playouts" in review["method"]
    record = server.api("GET", f"/api/tables/{table}/record").json()
    assert len(review["steps"]) == len(record["actions"])
    again = server.api("GET", f"/api/tables/{table}/review")
    assert again.status_code == 200 and again.json() == review


def test_no_review_before_the_end_or_of_an_unknown_table(server: Server) -> None:
    """A review shows every secret: a running match has none."""
    made = server.create("puru", [{"kind": "human"}, RANDOM])
    r = server.api("GET", f"/api/tables/{made['id']}/review")
    assert r.status_code == 409 and r.json()["error"] == "not_finished"
    r = server.api("GET", "/api/tables/nosuchtable/review")
    assert r.status_code == 404
    r = server.api("GET", "/api/tables/" + "x" * 5000 + "/review")
    assert 400 <= r.status_code < 500


@pytest.mark.browser
def test_the_replay_page_has_a_review_tab(page: Page, server: Server) -> None:
    table = _finished(server)
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector("#review-start", state="visible", timeout=60_000)
    page.click("#review-start")
    page.wait_for_selector("#review .review-accuracy", timeout=180_000)
    # it leads with what a player wants: accuracy per player, the 3 biggest mistakes with the
    # better move, luck against skill in a sentence, a chart with a legend (issue 34, item 10)
    text = page.inner_text("#review")
    assert text.startswith("How each player played")
    accuracy = page.query_selector_all("#review .review-accuracy li")
    assert len(accuracy) == 3 and all(re.search(r"\d+% accurate", a.inner_text()) for a in accuracy)
    mistakes = page.query_selector_all("#review .review-mistakes > li")
    assert len(mistakes) == 3 and all("Better: " in m.inner_text() for m in mistakes)
    assert "finished best: the dice moved their chance to win by" in text
    legend = page.inner_text("#review .review-legend")
    assert all(f"Bot {n} (random moves)" in legend for n in (1, 2, 3))
    step = int(mistakes[0].inner_text().split(",")[0].removeprefix("Step "))
    mistakes[0].query_selector("button").click()  # the position on the board
    assert page.inner_text("#step").startswith(f"step {step} / ")
    page.eval_on_selector("#review-panel", "p => p.scrollIntoView()")
    shot(page, "replay-review-player")
    page.click("#review .review-details summary")  # the detailed figures: one tap away
    text = page.inner_text("#review .review-details")
    assert text.startswith("All figures and decisions") and "Estimate" in text
    assert "2 playouts" in text
    # an estimate valued anew in each turn: its drift has a column apart from luck and skill
    assert "Start + luck + decisions + estimate drift = final" in text
    assert len(page.query_selector_all("svg.review-graph polyline")) == 3  # a line per seat
    tables = page.query_selector_all("#review table")
    assert len(tables) == 2 and len(tables[0].query_selector_all("thead th")) == 1 + 3  # seats
    figures = [row.inner_text().split("\t")[0] for row in tables[0].query_selector_all("tbody tr")]
    assert figures[0] == "decisions" and "estimate drift" in figures and figures[-1] == "final"
    first = tables[1].query_selector("tbody tr")
    assert first is not None
    step = first.query_selector("td")
    assert step is not None
    index = int(step.inner_text())
    first.click()  # a decision's row shows its step on the board
    assert page.inner_text("#step").startswith(f"step {index} / ")
    page.eval_on_selector("#review-panel", "p => p.scrollIntoView()")
    shot(page, "replay-review")


def _uploaded_review(server: Server, record: bytes) -> tuple[str, dict[str, Any]]:
    """POST an uploaded record for review, then poll its id until the review is made."""
    r = server.api("POST", "/api/reviews", content=record)
    assert r.status_code in (200, 202), r.text
    review_id = r.json()["id"]
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        got = server.api("GET", f"/api/reviews/{review_id}")
        if got.status_code == 200:
            return review_id, got.json()
        assert got.status_code == 202, got.text
        time.sleep(0.3)
    raise AssertionError("the review did not finish")


def test_an_uploaded_record_is_reviewed_by_its_id(server: Server) -> None:
    """The issue: a finished match from a web table, a terminal record or an uploaded record
    gets its review; the same record gets the same review id, kept once made."""
    table = _finished(server)
    record = server.api("GET", f"/api/tables/{table}/record").content
    review_id, review = _uploaded_review(server, record)
    assert review_id.startswith("upload-") and review["status"] == "done"
    assert len(review["steps"]) == len(json.loads(record)["actions"])
    again = server.api("POST", "/api/reviews", content=record)
    assert again.status_code == 200 and again.json() == {"id": review_id, "status": "done"}
    # the table's own review is the same review of the same match
    assert _review(server, table)[0]["steps"] == review["steps"]


def test_uploads_that_cannot_be_reviewed_are_refused_with_the_reason(server: Server) -> None:
    table = _finished(server)
    data = json.loads(server.api("GET", f"/api/tables/{table}/record").content)
    cut = {k: v for k, v in data.items() if k not in ("signature", "result")}
    cut["actions"] = cut["actions"][:3]  # the start of a match: not finished
    r = server.api("POST", "/api/reviews", content=json.dumps(cut))
    assert r.status_code == 409 and r.json()["error"] == "not_finished"
    for body in (b"", b"[]", b"{not json", json.dumps({"game": "puru"}).encode()):
        r = server.api("POST", "/api/reviews", content=body)
        assert r.status_code == 422 and r.json()["error"] == "corrupt_record", body
    r = server.api("POST", "/api/reviews", content=b" " * (9 * 1024 * 1024))
    assert r.status_code == 413
    for bad in ("upload-" + "0" * 64, "nosuch", "upload-" + "g" * 64, "x" * 5000):
        r = server.api("GET", f"/api/reviews/{bad}")
        assert r.status_code == 404 and r.json()["error"] == "unknown_review", bad


@pytest.mark.browser
def test_the_replay_page_reviews_an_uploaded_record(
    page: Page, server: Server, tmp_path: Any
) -> None:
    table = _finished(server)
    path = tmp_path / "match.json"
    path.write_bytes(server.api("GET", f"/api/tables/{table}/record").content)
    page.goto(f"{server.url}/replay")
    page.set_input_files("#file", str(path))
    page.wait_for_selector("#review-start", state="visible", timeout=60_000)
    page.click("#review-start")
    page.wait_for_selector("#review .review-accuracy", timeout=180_000)
    assert len(page.query_selector_all("#review .review-accuracy li")) == 3  # one per player
    page.click("#review .review-details summary")
    assert "Estimate" in page.inner_text("#review .review-details")
    assert len(page.query_selector_all("svg.review-graph polyline")) == 3


def test_a_review_is_kept_with_the_record_across_a_restart(tmp_path: Any) -> None:
    """Kept in the database (the issue: "cached with the record"): after a restart the review
    is there at once; a server making reviews another way (more playouts) makes it again."""
    srv = Server(
        tmp_path / "dicehall.db", tmp_path / "server.log", {"DICEHALL_REVIEW_ROLLOUTS": "2"}
    )
    srv.start()
    try:
        table = _finished(srv)
        review, _ = _review(srv, table)
        srv.stop()
        srv.start()
        first = srv.api("GET", f"/api/tables/{table}/review")
        assert first.status_code == 200 and first.json() == review
        srv.stop()
        srv.env["DICEHALL_REVIEW_ROLLOUTS"] = "3"
        srv.start()
        again = srv.api("GET", f"/api/tables/{table}/review")
        assert again.status_code == 202  # made again, with 3 playouts
        assert "3 playouts" in _review(srv, table)[0]["method"]
    finally:
        srv.stop()


@pytest.mark.browser
def test_the_review_tab_on_a_phone(browser: Browser, server: Server) -> None:
    """At 390×844 the Review tab leads with the players' figures, and axe finds nothing."""
    table = _finished(server)
    ctx = phone_context(browser)
    page = ctx.new_page()
    page.goto(f"{server.url}/replay/{table}")
    page.wait_for_selector("#review-start", state="visible", timeout=60_000)
    page.locator("#review-start").tap()
    page.wait_for_selector("#review .review-accuracy", timeout=180_000)
    page.eval_on_selector("#review-panel", "p => p.scrollIntoView()")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing pushes sideways
    shot(page, "replay-review-390")
    assert axe_violations(page) == []
    page.click("#review .review-details summary")
    assert axe_violations(page) == []
    ctx.close()
