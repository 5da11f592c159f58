"""Reviews cost CPU, budgeted before they start (docs/security.md, *Reviews*).

The attack (issue 33, item 2): a legal unsigned Pig record, `target=1000, horizon=19999`, where
everyone holds at once (19,999 actions, 0.82 MB), started a review of about 2 CPU-hours; four
of them filled the queue and every honest review got 503 for hours, with no way to cancel.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.web.attacks_costly import holding_record
from tests.web.helpers import Client, Server

RANDOM = {"kind": "bot", "level": "random"}


@pytest.fixture(scope="module")
def attack() -> bytes:
    return holding_record(19_999)


def _poll(server: Server, review_id: str, timeout: float = 180) -> httpx.Response:
    """The first answer to a poll that is not 202 (the review made, or stopped)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = server.api("GET", f"/api/reviews/{review_id}")
        if got.status_code != 202:
            return got
        time.sleep(0.3)
    raise AssertionError("the review neither finished nor stopped")


def test_the_two_hour_review_is_refused_with_its_estimate(tmp_path: Path, attack: bytes) -> None:
    """The issue's record, posted to a server with its default review budgets, is refused at
    once with its cost estimate; no job starts."""
    server = Server(tmp_path / "db.sqlite", tmp_path / "server.log")
    server.start()
    try:
        assert len(json.loads(attack)["actions"]) == 19_999
        r = server.api("POST", "/api/reviews", content=attack)
        assert r.status_code == 422, r.text
        answer = r.json()
        assert answer["error"] == "too_costly" and "CPU seconds" in answer["message"]
        assert answer["estimate"]["decisions"] == 19_999
        assert answer["estimate"]["cpu_seconds"] > answer["budget_cpu_seconds"] == 600
        metrics = server.api("GET", "/metrics").text
        assert "dicehall_review_jobs 0.0" in metrics  # nothing queued
    finally:
        server.stop()


def _finished_pig(server: Server, target: int) -> str:
    made = server.create("pig", [RANDOM, RANDOM], params={"target": target})
    Client(server, made["id"]).wait_state(lambda s: s.get("over") is True, timeout=120)
    return str(made["id"])


def test_an_address_has_a_cpu_budget_for_uploaded_reviews(tmp_path: Path) -> None:
    """Each upload's estimate is spent from its address's CPU seconds per hour: the second
    honest upload past a 10-second budget is refused with 429, the first is made."""
    server = Server(
        tmp_path / "db.sqlite", tmp_path / "server.log",
        {"DICEHALL_REVIEW_CPU_PER_HOUR": "10", "DICEHALL_REVIEW_ROLLOUTS": "2"},
    )  # fmt: skip
    server.start()
    try:
        records = [
            server.api("GET", f"/api/tables/{_finished_pig(server, 30)}/record").content
            for _ in range(2)
        ]
        first = server.api("POST", "/api/reviews", content=records[0])
        assert first.status_code == 202, first.text
        assert first.json()["estimate"]["cpu_seconds"] < 10
        second = server.api("POST", "/api/reviews", content=records[1])
        assert second.status_code == 429 and second.json()["error"] == "rate_limited"
        assert "CPU time" in second.json()["message"]
        assert _poll(server, first.json()["id"]).status_code == 200
    finally:
        server.stop()


@pytest.fixture(scope="module")
def busy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server that takes long reviews (no per-job budget to speak of) and stops each after
    8 s."""
    folder = tmp_path_factory.mktemp("review-costs")
    env = {
        "DICEHALL_REVIEW_ROLLOUTS": "2",
        "DICEHALL_REVIEW_JOB_CPU": "1000000",
        "DICEHALL_REVIEW_CPU_PER_HOUR": "1000000000",
        "DICEHALL_REVIEW_DEADLINE": "8",
    }
    server = Server(folder / "db.sqlite", folder / "server.log", env)
    server.start()
    yield server
    server.stop()


def _start(server: Server, record: bytes) -> dict[str, Any]:
    r = server.api("POST", "/api/reviews", content=record)
    assert r.status_code == 202, r.text
    answer: dict[str, Any] = r.json()
    return answer


def test_uploads_never_starve_a_tables_own_review_and_stop_at_their_deadline(
    busy_server: Server,
) -> None:
    """Long uploads fill their queue (the next is 503 `busy`); a finished table's review is
    still made, in a lane of its own; the running upload stops at its deadline (410 saying
    so), and the queued ones are cancelled by their uploaders."""
    records = [holding_record(19_999 - k) for k in range(5)]  # made first: the uploads are quick
    started = [_start(busy_server, record) for record in records[:4]]
    full = busy_server.api("POST", "/api/reviews", content=records[4])
    assert full.status_code == 503 and full.json()["error"] == "busy"
    table = _finished_pig(busy_server, 20)
    deadline, review = time.monotonic() + 120, busy_server.api("GET", "/")
    while time.monotonic() < deadline:
        review = busy_server.api("GET", f"/api/tables/{table}/review")
        if review.status_code != 202:
            break
        time.sleep(0.3)
    assert review.status_code == 200 and review.json()["status"] == "done", review.text
    stopped = _poll(busy_server, started[0]["id"])
    assert stopped.status_code == 410 and stopped.json()["error"] == "review_stopped"
    assert "deadline" in stopped.json()["message"]
    for job in started[1:]:
        gone = busy_server.api(
            "DELETE", f"/api/reviews/{job['id']}", headers={"X-Review-Token": job["cancel"]}
        )
        assert gone.status_code in (200, 404), gone.text  # 404: it had already stopped


def test_a_review_is_cancelled_only_by_whoever_started_it(busy_server: Server) -> None:
    job = _start(busy_server, holding_record(19_980))
    path = f"/api/reviews/{job['id']}"
    for headers in ({}, {"X-Review-Token": "x" * 22}, {"X-Review-Token": "y" * 500}):
        r = busy_server.api("DELETE", path, headers=headers)
        assert r.status_code in (403, 422), r.text  # 422: a token longer than any we hand out
    assert busy_server.api("GET", path).status_code == 202  # still being made
    r = busy_server.api("DELETE", path, headers={"X-Review-Token": job["cancel"]})
    assert r.status_code == 200 and r.json()["status"] == "cancelled"
    stopped = _poll(busy_server, job["id"])
    assert stopped.status_code == 410 and "cancelled" in stopped.json()["message"]
    unknown = busy_server.api("DELETE", "/api/reviews/upload-" + "0" * 64)
    assert unknown.status_code == 404


@pytest.mark.browser
def test_the_replay_page_refuses_the_costly_review_and_stops_a_long_one(
    busy_server: Server, page: Page, tmp_path: Path, attack: bytes
) -> None:
    """The page says why a review is refused (its estimate), and its uploader can stop a long
    one with "Stop the review"."""
    long = tmp_path / "long.json"
    long.write_bytes(holding_record(3_000))
    page.goto(f"{busy_server.url}/replay")
    page.set_input_files("#file", str(long))
    page.wait_for_selector("#review-start", state="visible", timeout=60_000)
    page.click("#review-start")
    page.click("#review-stop", timeout=60_000)
    expect(page.locator("#review")).to_contain_text("cancelled", timeout=60_000)
    expect(page.locator("#review-start")).to_be_visible()
    # a server with the default per-job budget refuses the record, saying why
    server = Server(tmp_path / "db.sqlite", tmp_path / "server.log")
    server.start()
    try:
        costly = tmp_path / "attack.json"
        costly.write_bytes(attack)
        page.goto(f"{server.url}/replay")
        page.set_input_files("#file", str(costly))
        page.wait_for_selector("#review-start", state="visible", timeout=120_000)
        page.click("#review-start")
        expect(page.locator("#review")).to_contain_text("CPU seconds", timeout=60_000)
    finally:
        server.stop()
