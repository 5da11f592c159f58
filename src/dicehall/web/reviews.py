"""Reviews of finished matches on the server (`dicehall.review`), computed off the event loop.

`GET /api/tables/{id}/review` answers 200 with the review once it is made, else 202 with the
progress of the job making it (the page polls); a review is only for a finished match (409
before: it shows every secret). Jobs run in one background thread, one at a time, at most
`review_queue` waiting (then 503 `busy`); each table has at most one job. Finished reviews are
kept with the table's id (up to `review_cache_bytes` in all, least recently used out): a
finished match never changes, so neither does its review. Estimates play out
`review_rollouts` games per position (a server setting, never one a client names).
"""

from __future__ import annotations

import json
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response

from dicehall.core.errors import DicehallError
from dicehall.engine.record import Record
from dicehall.review import review_record
from dicehall.web.byte_cache import ByteCache
from dicehall.web.config import Settings
from dicehall.web.hall import RequestError

router = APIRouter(prefix="/api")
log = logging.getLogger(__name__)


@dataclass
class Job:
    done: int = 0
    total: int = 0
    error: str = ""


class Reviews:
    """The server's review jobs and finished reviews."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="review")
        self._lock = threading.Lock()
        self._jobs: dict[str, Job] = {}
        self._cache = ByteCache(settings.review_cache_bytes)

    def answer(self, table_id: str, record: Any) -> Response:
        """The review (200), the job's progress (202, starting it if needed), or an error."""
        with self._lock:
            body = self._cache.get(table_id)
            if body is not None:
                return Response(body, media_type="application/json")
            job = self._jobs.get(table_id)
            if job is None:
                if len(self._jobs) >= self.settings.review_queue:
                    raise RequestError(503, "busy", "the server is making other reviews: try again")
                job = self._jobs[table_id] = Job()
                self._pool.submit(self._run, table_id, record(), job)
        if job.error:
            with self._lock:
                self._jobs.pop(table_id, None)
            raise RequestError(422, "not_reviewable", job.error)
        return JSONResponse(
            {"status": "running", "done": job.done, "total": job.total}, status_code=202
        )

    def _run(self, table_id: str, record: Record, job: Job) -> None:
        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total

        try:
            budget = {"rollouts": self.settings.review_rollouts}
            review = review_record(record, estimate=budget, progress=progress)
        except DicehallError as exc:
            job.error = str(exc)[:200]
            return
        except Exception:  # a bug: said once, logged, and the next request may try again
            log.exception("review of table %s failed", table_id)
            job.error = "the review failed on the server"
            return
        data = review.to_json()
        data["status"] = "done"
        body = json.dumps(data).encode()
        with self._lock:
            self._jobs.pop(table_id, None)
            self._cache.put(table_id, body)


def get_reviews(request: Request) -> Reviews:
    state = request.app.state
    service: Reviews | None = getattr(state, "reviews", None)
    if service is None:
        service = state.reviews = Reviews(state.settings)
    return service


ReviewsDep = Annotated[Reviews, Depends(get_reviews)]


@router.get("/tables/{table_id}/review")
def table_review(request: Request, reviews: ReviewsDep, table_id: str) -> Response:
    """A finished match's review: 202 and progress while it is made, then 200 and the review."""
    from dicehall.store import FINISHED
    from dicehall.web.api import _finished_record, _row, get_hall

    hall = get_hall(request)
    if _row(hall, table_id).status != FINISHED:  # 404 unknown table; a review shows every secret
        raise RequestError(409, "not_finished", "a review is available when the match ends")
    return reviews.answer(table_id, lambda: _finished_record(hall, table_id))
