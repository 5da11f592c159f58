"""Reviews across server processes on one PostgreSQL: one queue, each review made once, and
its progress, result and cancellation reachable through any process (issue 33, item 2: "keep
one queue (or fair shares) across processes"; store/review_jobs.py).

Before, each process had its own jobs: a poll or a cancel that reached another process
answered 404, a review asked of two processes was made twice, and each process queued its
own four uploads.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.store.postgres import create_database, postgres_server
from tests.web.attacks_costly import holding_record
from tests.web.helpers import Server, cluster
from tests.web.test_review_costs import _finished_pig, _start

LONG_REVIEWS = {
    "DICEHALL_REVIEW_ROLLOUTS": "2",
    "DICEHALL_REVIEW_JOB_CPU": "1000000",
    "DICEHALL_REVIEW_CPU_PER_HOUR": "1000000000",
    "DICEHALL_REVIEW_DEADLINE": "90",
}
QUEUE = 4  # web/config.py, Settings.review_queue: open jobs per lane


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


@pytest.fixture
def pair(tmp_path: Path, postgres: str, request: pytest.FixtureRequest) -> Iterator[list[Server]]:
    """Two processes of one server on a database of their own."""
    url = create_database(postgres, request.node.name[:40].lower().replace("-", "_"))
    servers = cluster(tmp_path, url, env=LONG_REVIEWS)
    yield servers
    for srv in servers:
        srv.stop()


def _made_here(srv: Server, key: str) -> int:
    return srv.log_path.read_text().count(f"review {key[:24]}: made here")


def _until_not_202(srv: Server, path: str, timeout: float = 120) -> httpx.Response:
    deadline = time.monotonic() + timeout
    while True:
        got = srv.api("GET", path)
        if got.status_code != 202 or time.monotonic() > deadline:
            return got
        time.sleep(0.3)


def test_an_uploads_review_is_followed_and_cancelled_through_the_other_process(
    pair: list[Server],
) -> None:
    a, b = pair
    job = _start(a, holding_record(19_990))
    path = f"/api/reviews/{job['id']}"
    seen = b.api("GET", path)
    assert seen.status_code == 202 and seen.json()["status"] == "running", seen.text
    deadline = time.monotonic() + 60
    while b.api("GET", path).json().get("done", 0) == 0:  # A's progress, read through B
        assert time.monotonic() < deadline, "B never saw the job's progress"
        time.sleep(0.3)
    wrong = b.api("DELETE", path, headers={"X-Review-Token": "x" * 22})
    assert wrong.status_code == 403 and wrong.json()["error"] == "not_yours"
    cancelled = b.api("DELETE", path, headers={"X-Review-Token": job["cancel"]})
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    for srv in (a, b):
        stopped = _until_not_202(srv, path, timeout=30)
        assert stopped.status_code == 410 and "cancelled" in stopped.json()["message"]


def test_a_review_asked_of_both_processes_is_made_once(pair: list[Server]) -> None:
    """A finished table's review asked of A and B at once, and an upload posted to both:
    one process makes each, and both answer it."""
    a, b = pair
    table = _finished_pig(a, 150)  # seconds of review
    path = f"/api/tables/{table}/review"
    with ThreadPoolExecutor(2) as both:  # asked of both at once
        first = list(both.map(lambda srv: srv.api("GET", path), (a, b)))
    assert [r.status_code for r in first] in ([202, 202], [202, 200]), [r.text for r in first]
    bodies = [_until_not_202(srv, path).json() for srv in (a, b)]
    assert bodies[0] == bodies[1] and bodies[0]["status"] == "done"
    assert _made_here(a, table) + _made_here(b, table) == 1

    record = a.api("GET", f"/api/tables/{table}/record").content
    posted = [srv.api("POST", "/api/reviews", content=record) for srv in (b, a)]
    assert all(r.status_code in (200, 202) for r in posted), [r.text for r in posted]
    key = posted[0].json()["id"]
    assert posted[1].json()["id"] == key and "cancel" not in posted[1].json()  # B's job
    reviews = [_until_not_202(srv, f"/api/reviews/{key}") for srv in (a, b)]
    assert [r.status_code for r in reviews] == [200, 200] and reviews[0].json() == reviews[1].json()
    assert _made_here(a, key) + _made_here(b, key) == 1


def test_the_upload_queue_is_one_for_both_processes(pair: list[Server]) -> None:
    """Four long uploads, two through each process, fill the one queue: a fifth is `busy`
    whichever process it reaches; cancelling one makes room."""
    a, b = pair
    records = [holding_record(19_960 - k) for k in range(6)]
    jobs = [_start((a, b)[k % 2], records[k]) for k in range(QUEUE)]
    for srv in (a, b):
        full = srv.api("POST", "/api/reviews", content=records[QUEUE])
        assert full.status_code == 503 and full.json()["error"] == "busy", full.text
    last = jobs[-1]  # still waiting behind B's first: cancelled at once
    gone = a.api("DELETE", f"/api/reviews/{last['id']}", headers={"X-Review-Token": last["cancel"]})
    assert gone.status_code == 200, gone.text
    jobs.append(_start(a, records[QUEUE + 1]))
    for job in jobs:
        a.api("DELETE", f"/api/reviews/{job['id']}", headers={"X-Review-Token": job["cancel"]})
