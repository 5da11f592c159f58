"""`SharedReviewJobs`: the review jobs every server process sees (store/review_jobs.py), with
two "processes" (two instances) on one store, on SQLite and on PostgreSQL."""

from __future__ import annotations

import time

from sqlalchemy import update

from dicehall.store import Store
from dicehall.store.models import review_jobs
from dicehall.store.review_jobs import ENDED_KEPT_S, STALE_S, SharedReviewJobs
from tests.store.test_store import postgres, store  # noqa: F401  (fixtures)


def _age(opened: Store, key: str, seconds: float) -> None:
    with opened.engine.begin() as conn:
        conn.execute(
            update(review_jobs).where(review_jobs.c.key == key).values(beat=time.time() - seconds)
        )


def test_a_job_is_one_processs_until_it_dies(store: Store) -> None:  # noqa: F811
    a, b = SharedReviewJobs(store), SharedReviewJobs(store)
    assert a.claim("t1", "table", "", most_open=4) == "mine"
    theirs = b.claim("t1", "table", "", most_open=4)
    assert not isinstance(theirs, str) and theirs.owner == a.owner and theirs.alive
    assert a.start("t1") and not b.start("t1")  # only the owner starts its job
    assert a.beat("t1", 3, 10) is False
    row = b.get("t1")
    assert row is not None and (row.state, row.done, row.total) == ("running", 3, 10)
    _age(store, "t1", STALE_S + 1)  # its owner stopped keeping it alive: it died
    assert b.claim("t1", "table", "", most_open=4) == "mine"
    a.keep_alive()  # the dead owner's rows are no longer its own
    row = b.get("t1")
    assert row is not None and row.owner == b.owner and row.state == "waiting"


def test_the_queue_counts_every_processs_open_jobs(store: Store) -> None:  # noqa: F811
    a, b = SharedReviewJobs(store), SharedReviewJobs(store)
    assert a.claim("u1", "upload", "t", most_open=2) == "mine"
    assert b.claim("u2", "upload", "t", most_open=2) == "mine"
    assert a.claim("u3", "upload", "t", most_open=2) == "full"
    assert b.claim("t9", "table", "", most_open=2) == "mine"  # the other lane has its own
    a.end("u1", "done", body=b'{"status": "done"}')
    row = b.claim("u1", "upload", "t", most_open=2)  # done: its review, not a new job
    assert not isinstance(row, str) and row.body == b'{"status": "done"}'
    assert b.claim("u3", "upload", "t", most_open=2) == "mine"


def test_only_the_uploader_cancels_and_a_waiting_job_stops_at_once(store: Store) -> None:  # noqa: F811
    a, b = SharedReviewJobs(store), SharedReviewJobs(store)
    a.claim("w", "upload", "secret", most_open=4)
    assert b.ask_cancel("w", "guess") == "not_yours"
    assert b.ask_cancel("nothing", "secret") == "unknown"
    assert b.ask_cancel("w", "secret") == "ok"
    row = a.get("w")
    assert row is not None and row.state == "stopped" and "cancelled" in row.why
    assert not a.start("w")  # its owner never starts it
    a.claim("r", "upload", "secret", most_open=4)
    assert a.start("r") and b.ask_cancel("r", "secret") == "ok"
    assert a.beat("r", 1, 5) is True  # the running owner reads the cancel at its beat


def test_ended_rows_are_deleted_after_a_while(store: Store) -> None:  # noqa: F811
    a = SharedReviewJobs(store)
    a.claim("old", "upload", "", most_open=4)
    a.end("old", "stopped", "stopped at its deadline")
    a.keep_alive()
    assert a.get("old") is not None
    _age(store, "old", ENDED_KEPT_S + 1)
    a.keep_alive()
    assert a.get("old") is None
