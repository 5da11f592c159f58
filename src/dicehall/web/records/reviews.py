"""Reviews of finished matches on the server (`dicehall.review`), computed off the event loop.

`GET /api/tables/{id}/review` answers 200 with the review once it is made, else 202 with the
progress of the job making it (the page polls); a review is only for a finished match (409
before: it shows every secret). Jobs run in one background thread, one at a time, at most
`review_queue` waiting (then 503 `busy`); each table has at most one job. A finished review is
kept with the record in the database (`store.reviews`: a restart, or another server of the
same database, finds it there) and in memory by the table's id (up to `review_cache_bytes` in
all, least recently used out): a finished match never changes, so neither does its review.
Estimates play out
`review_rollouts` games per position (a server setting, never one a client names).

An uploaded record (the replay page's upload) is reviewed by `POST /api/reviews` with the
record: it is checked as an upload to view is (records/replays.py: size, signature, game), must
be finished (409), and answers its review's `id` (the same record, the same id), 202 while the
review is made; `GET /api/reviews/{id}` then answers like a table's review. The uploader holds
the whole record already, so its review tells nothing new; the upload route's body limit and
rate limit apply.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import DBAPIError

from dicehall.core.errors import DicehallError
from dicehall.engine.record import Record
from dicehall.review import review_record
from dicehall.review.model import FORMAT
from dicehall.store import StoreUnavailable
from dicehall.store.reviews import KeptReviews, method_key
from dicehall.web.api import RECORD_BODY
from dicehall.web.config import Settings
from dicehall.web.errors import RequestError
from dicehall.web.records.byte_cache import ByteCache
from dicehall.web.records.replays import Replays, get_replays, read_upload

router = APIRouter(prefix="/api")
log = logging.getLogger(__name__)


@dataclass
class Kept:
    """Where a table's review is kept in the database (None for an uploaded record's)."""

    reviews: KeptReviews
    match_id: str
    method: str

    def load(self) -> bytes | None:
        try:
            return self.reviews.get(self.match_id, self.method)
        except DBAPIError as exc:  # the database cannot be read now: make the review again
            log.warning("review of table %s not read: %s", self.match_id, type(exc).__name__)
            return None

    def keep(self, body: bytes) -> None:
        try:
            self.reviews.keep(self.match_id, self.method, body)
        except StoreUnavailable as exc:  # kept in memory still; made again after a restart
            log.warning("review of table %s not kept: %s", self.match_id, exc)


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

    @property
    def jobs(self) -> int:
        """Reviews being made or waiting (the metrics' review queue)."""
        return len(self._jobs)

    def answer(self, key: str, record: Any, kept: Kept | None = None) -> Response:
        """The review (200), the job's progress (202, starting it if needed), or an error."""
        made = self.start(key, record, kept)
        if isinstance(made, bytes):
            return Response(made, media_type="application/json")
        return JSONResponse(self.progress(key, made), status_code=202)

    def poll(self, key: str) -> Response:
        """Like `answer`, for a review that was asked for before (404 when it is unknown or no
        longer kept: ask again)."""
        with self._lock:
            body, job = self._cache.get(key), self._jobs.get(key)
        if body is not None:
            return Response(body, media_type="application/json")
        if job is None:
            raise RequestError(404, "unknown_review", UNKNOWN)
        return JSONResponse(self.progress(key, job), status_code=202)

    def start(self, key: str, record: Any, kept: Kept | None = None) -> bytes | Job:
        """The finished review (from memory, else from the database), or the job making it
        (started here, from `record()`)."""
        with self._lock:
            body, job = self._cache.get(key), self._jobs.get(key)
        if body is not None:
            return body
        if job is None and kept is not None:
            body = kept.load()
            if body is not None:
                with self._lock:
                    self._cache.put(key, body)
                return body
        with self._lock:
            body, job = self._cache.get(key), self._jobs.get(key)
            if body is not None:  # made meanwhile
                return body
            if job is None:
                if len(self._jobs) >= self.settings.review_queue:
                    raise RequestError(503, "busy", "the server is making other reviews: try again")
                job = self._jobs[key] = Job()
                self._pool.submit(self._run, key, record(), job, kept)
        return job

    def progress(self, key: str, job: Job) -> dict[str, Any]:
        """A running job's progress; a failed one's error (422, and the job is forgotten)."""
        if job.error:
            with self._lock:
                self._jobs.pop(key, None)
            raise RequestError(422, "not_reviewable", job.error)
        return {"status": "running", "done": job.done, "total": job.total}

    def _run(self, table_id: str, record: Record, job: Job, kept: Kept | None) -> None:
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
        if kept is not None:
            kept.keep(body)
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
    method = method_key(FORMAT, reviews.settings.review_rollouts)
    kept = Kept(KeptReviews(hall.store), table_id, method)
    return reviews.answer(table_id, lambda: _finished_record(hall, table_id), kept)


UPLOAD_ID = re.compile(r"upload-[0-9a-f]{64}")
UNKNOWN = "no such review here: upload the record again"


def upload_id(record: Record) -> str:
    """An uploaded record's review id: the digest of its content (the same record, the same
    review)."""
    canonical = json.dumps(record.to_json(), sort_keys=True, separators=(",", ":"))
    return "upload-" + hashlib.sha256(canonical.encode()).hexdigest()


@router.post("/reviews", openapi_extra=RECORD_BODY)
async def review_upload(
    request: Request,
    reviews: ReviewsDep,
    replays: Annotated[Replays, Depends(get_replays)],
) -> Response:
    """Review an uploaded finished record: its review's id, 202 while it is made (then poll
    `GET /api/reviews/{id}`), 200 once it is."""
    body = await read_upload(request, request.app.state.settings.max_upload)
    record = await replays.finished_upload(body)
    key = upload_id(record)
    made = reviews.start(key, lambda: record)
    if isinstance(made, bytes):
        return JSONResponse({"id": key, "status": "done"})
    return JSONResponse({"id": key, **reviews.progress(key, made)}, status_code=202)


@router.get("/reviews/{review_id}")
def uploaded_review(reviews: ReviewsDep, review_id: str) -> Response:
    """An uploaded record's review (`POST /api/reviews`): 202 and progress, then 200."""
    if not UPLOAD_ID.fullmatch(review_id):
        raise RequestError(404, "unknown_review", UNKNOWN)
    return reviews.poll(review_id)
