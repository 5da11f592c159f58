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

**Costs** (docs/security.md, *Reviews*). Before a job is accepted its CPU cost is estimated
from the record (`review.cost`: decisions x playouts x a playout's measured cost); past
`review_job_cpu` it is refused with 422 `too_costly` and the estimate. An upload's estimate is
also spent from its address's budget of CPU seconds per hour (`review_cpu_per_hour`, 429
past it). Tables' own reviews and uploads have a thread and a queue each, so uploads never
starve a finished table's review. Every job stops at its deadline (`review_deadline` seconds
after it starts), and an upload's job can be cancelled by whoever started it
(`DELETE /api/reviews/{id}` with the `X-Review-Token` its POST answered); a stopped job's
poll answers 410 `review_stopped` saying why.

**Several processes** (PostgreSQL): the address budgets are shared (protection/budgets.py),
and so are the jobs (`store/review_jobs.py`): a review asked of two processes is made once,
by the one that claimed it; each lane's queue limit counts every process's jobs; a poll or a
cancel reaches the job through any process; an upload's finished review is read from the
database by any of them.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import math
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from dicehall.core.errors import DicehallError
from dicehall.engine.record import Record
from dicehall.review import review_record
from dicehall.review.cost import Cost, review_cost
from dicehall.review.model import FORMAT
from dicehall.store import StoreUnavailable
from dicehall.store.review_jobs import ALIVE_S, BEAT_S, CANCELLED, JobRow, SharedReviewJobs
from dicehall.store.reviews import KeptReviews, method_key
from dicehall.web.api import RECORD_BODY
from dicehall.web.config import Settings
from dicehall.web.errors import RequestError
from dicehall.web.protection.budgets import Budgets
from dicehall.web.protection.guard import client_key
from dicehall.web.protection.limits import Throttle
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
    lane: str
    done: int = 0
    total: int = 0
    error: str = ""
    cancel_token: str = ""  # an upload's: whoever holds it may cancel the job
    stopped: str = ""  # why it was cancelled (DELETE) before it ended
    deadline: float = 0.0  # time.monotonic() when it must stop (set when it starts)

    @classmethod
    def of_row(cls, row: JobRow) -> Job:
        """A snapshot of the progress of a job another process makes."""
        return cls(row.lane, row.done, row.total)


class Stopped(Exception):
    """A job cancelled by its uploader or past its deadline (raised from its progress)."""


LANES = ("table", "upload")
"""A finished table's own reviews and uploaded records' reviews: a thread and a queue each."""
CPU_UNIT = 10.0
"""CPU seconds per token of an address's review budget (`Throttle` spends whole tokens)."""
ENDED_KEPT = 1000


class Reviews:
    """The server's review jobs and finished reviews."""

    def __init__(
        self, settings: Settings, budgets: Budgets | None = None,
        shared: SharedReviewJobs | None = None,
    ) -> None:  # fmt: skip
        self.settings = settings
        self.shared = shared  # the jobs every process sees (PostgreSQL), else None
        self._closing = threading.Event()
        if shared is not None:
            threading.Thread(target=self._keep_alive, name="review-jobs", daemon=True).start()
        limits = settings.limits
        self._lanes = {
            lane: ThreadPoolExecutor(1, thread_name_prefix=f"review-{lane}") for lane in LANES
        }
        self._estimates = ThreadPoolExecutor(1, thread_name_prefix="review-cost")
        self._estimating = 0  # estimates submitted and not done (counted on the event loop)
        self._lock = threading.Lock()
        self._jobs: dict[str, Job] = {}
        self._ended: OrderedDict[str, str] = OrderedDict()  # stopped jobs: why
        self._cache = ByteCache(settings.review_cache_bytes)
        per_hour = limits.review_cpu_per_hour / CPU_UNIT
        rate = per_hour / 3600  # shared by the processes on PostgreSQL (protection/budgets.py)
        self.cpu = (
            budgets.throttle("review_cpu", rate, per_hour) if budgets else Throttle(rate, per_hour)
        )

    @property
    def jobs(self) -> int:
        """Reviews being made or waiting (the metrics' review queue)."""
        return len(self._jobs)

    # --- costs ----------------------------------------------------------------------
    def checked_cost(self, record: Record) -> Cost:
        """The review's estimated cost; 422 `too_costly` past the per-job budget."""
        try:
            cost = review_cost(record, estimate=self._estimate_options())
        except DicehallError as exc:
            raise RequestError(422, "not_reviewable", str(exc)[:200]) from None
        budget = self.settings.limits.review_job_cpu
        if cost.cpu_seconds > budget:
            raise TooCostly(cost, budget)
        return cost

    async def checked_cost_off_loop(self, record: Record) -> Cost:
        """`checked_cost` in the estimates' own thread (503 `busy` past a few waiting)."""
        if self._estimating >= self.settings.review_queue:
            raise RequestError(503, "busy", "the server is estimating other reviews: try again")
        self._estimating += 1
        try:
            job = self._estimates.submit(self.checked_cost, record)
            return await asyncio.wrap_future(job)
        finally:
            self._estimating -= 1

    def charge(self, client: str, cost: Cost) -> int:
        """Spend `cost` from `client`'s CPU budget for uploads (429 past it): the tokens taken,
        to `refund` if the job is not started."""
        tokens = max(1, math.ceil(cost.cpu_seconds / CPU_UNIT))
        for taken in range(tokens):
            if not self.cpu.spend(client):
                self.refund(client, taken)
                wait = self.cpu.retry_after(client) + int((tokens - taken - 1) / self.cpu.rate)
                raise RequestError(
                    429, "rate_limited",
                    f"reviews from your address have used their CPU time for now"
                    f" (this one: {cost.cpu_seconds:.0f} s); try in {wait} s",
                )  # fmt: skip
        return tokens

    def refund(self, client: str, tokens: int) -> None:
        for _ in range(tokens):
            self.cpu.refund(client)

    def _estimate_options(self) -> dict[str, Any]:
        return {"rollouts": self.settings.review_rollouts}

    # --- jobs -----------------------------------------------------------------------
    def answer(self, key: str, record: Any, kept: Kept | None = None) -> Response:
        """The review (200), the job's progress (202, starting it if needed), or an error."""
        made = self.start(key, record, kept)
        if isinstance(made, bytes):
            return Response(made, media_type="application/json")
        return JSONResponse(self.progress(key, made), status_code=202)

    def poll(self, key: str) -> Response:
        """Like `answer`, for a review that was asked for before (404 when it is unknown or no
        longer kept: ask again; 410 when it was stopped)."""
        with self._lock:
            body, job, ended = self._cache.get(key), self._jobs.get(key), self._ended.get(key)
        if body is None and job is None and ended is None:
            found = self._from_shared(key)  # made, or being made, by another process?
            if isinstance(found, bytes):
                body = found
            elif isinstance(found, Job):
                job = found
            else:
                ended = found
        if body is not None:
            return Response(body, media_type="application/json")
        if job is None and ended is not None:
            raise RequestError(410, "review_stopped", ended)
        if job is None:
            raise RequestError(404, "unknown_review", UNKNOWN)
        return JSONResponse(self.progress(key, job), status_code=202)

    def made(self, key: str, kept: Kept | None = None) -> bytes | Job | None:
        """The finished review (from memory, else from the database), or the job making it,
        or None (not asked for yet; 410 when its last job ran past its deadline)."""
        with self._lock:
            body, job, ended = self._cache.get(key), self._jobs.get(key), self._ended.get(key)
        if body is not None or job is not None:
            return body if body is not None else job
        if kept is not None:
            body = kept.load()
            if body is not None:
                with self._lock:
                    self._cache.put(key, body)
                return body
        found = self._from_shared(key)
        if isinstance(found, (bytes, Job)):
            return found
        ended = found if found is not None else ended
        if ended is not None and ended.startswith(DEADLINE):
            raise RequestError(410, "review_stopped", ended)
        return None

    def start(
        self, key: str, record: Any, kept: Kept | None = None, lane: str = "table",
        cancel_token: str = "",
    ) -> bytes | Job:  # fmt: skip
        """The finished review or the job making it, started here from `record()` (its cost
        checked first) when there is none."""
        made = self.made(key, kept)
        if made is not None:
            return made
        loaded = record()
        self.checked_cost(loaded)
        return self.submit(key, loaded, kept, lane, cancel_token)

    def submit(
        self, key: str, record: Record, kept: Kept | None, lane: str, cancel_token: str = ""
    ) -> bytes | Job:
        """Queue the job of `key` in `lane` (503 `busy` when the lane is full); the review or
        the job already there when there is one."""
        with self._lock:
            body, job = self._cache.get(key), self._jobs.get(key)
            if body is not None:  # made meanwhile
                return body
            if job is None:
                if self.shared is None:
                    waiting = sum(1 for j in self._jobs.values() if j.lane == lane)
                    claimed: Any = "full" if waiting >= self.settings.review_queue else "mine"
                else:  # every process's jobs count; a job another process claimed is theirs
                    claimed = self._claim_shared(key, lane, cancel_token)
                if claimed == "full":
                    raise RequestError(503, "busy", "the server is making other reviews: try again")
                if isinstance(claimed, JobRow):  # another process's job, or its review
                    if claimed.state == "done" and claimed.body is not None:
                        self._cache.put(key, claimed.body)
                        return claimed.body
                    return Job.of_row(claimed)
                job = self._jobs[key] = Job(lane, cancel_token=cancel_token)
                self._ended.pop(key, None)
                self._lanes[lane].submit(self._run, key, record, job, kept)
        return job

    def cancel(self, key: str, token: str) -> None:
        """Stop an upload's job for whoever started it (404 unknown, 403 another's token)."""
        with self._lock:
            job = self._jobs.get(key)
        if job is None and self.shared is not None:  # made by another process?
            try:
                answer = self.shared.ask_cancel(key, token)
            except SQLAlchemyError:
                answer = "unknown"
            if answer == "ok":
                return
            if answer == "not_yours":
                raise RequestError(403, "not_yours", NOT_YOURS)
        if job is None:
            raise RequestError(404, "unknown_review", "no review of that id is being made here")
        if not job.cancel_token or not hmac.compare_digest(job.cancel_token, token):
            raise RequestError(403, "not_yours", NOT_YOURS)
        job.stopped = CANCELLED

    def progress(self, key: str, job: Job) -> dict[str, Any]:
        """A running job's progress; a failed one's error (422, and the job is forgotten)."""
        if job.error:
            with self._lock:
                self._jobs.pop(key, None)
            self._forget_shared(key)  # said once: the next ask may try again
            raise RequestError(422, "not_reviewable", job.error)
        return {"status": "running", "done": job.done, "total": job.total}

    def _run(self, key: str, record: Record, job: Job, kept: Kept | None) -> None:
        deadline_s = self.settings.limits.review_deadline
        job.deadline = time.monotonic() + deadline_s
        beaten = [0.0]  # when the progress was last written to the shared row

        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total
            if self.shared is not None and time.monotonic() - beaten[0] >= BEAT_S:
                beaten[0] = time.monotonic()
                if self._shared(self.shared.beat, key, done, total):
                    job.stopped = CANCELLED  # its uploader cancelled it through another process
            if job.stopped:
                raise Stopped(job.stopped)
            if time.monotonic() > job.deadline:
                raise Stopped(f"{DEADLINE} ({deadline_s:.0f} s) at step {done} of {total}")

        try:
            if self.shared is not None and not self._shared(self.shared.start, key, default=True):
                raise Stopped(CANCELLED)  # cancelled through another process while it waited
            log.info("review %s: made here", key[:24])
            progress(0, 0)
            review = review_record(record, estimate=self._estimate_options(), progress=progress)
        except Stopped as stop:
            log.warning("review %s stopped: %s", key[:24], stop)
            self._end(key, str(stop))
            self._shared_end(key, "stopped", str(stop))
            return
        except DicehallError as exc:
            job.error = str(exc)[:200]
            self._shared_end(key, "failed", job.error)
            return
        except Exception:  # a bug: said once, logged, and the next request may try again
            log.exception("review of table %s failed", key)
            job.error = "the review failed on the server"
            self._shared_end(key, "failed", job.error)
            return
        data = review.to_json()
        data["status"] = "done"
        body = json.dumps(data).encode()
        if kept is not None:
            kept.keep(body)
            self._forget_shared(key)  # a table's review is read from `reviews` now
        else:
            self._shared_end(key, "done", body=body)
        with self._lock:
            self._jobs.pop(key, None)
            self._cache.put(key, body)

    # --- the jobs every process sees (PostgreSQL) -------------------------------------------
    def _shared(self, call: Callable[..., Any], *args: Any, default: Any = None) -> Any:
        """`call` on the shared jobs; `default` while the database cannot be reached (this
        process's own jobs go on)."""
        try:
            return call(*args)
        except (SQLAlchemyError, StoreUnavailable) as exc:
            log.warning("review jobs: the database did not answer: %s", type(exc).__name__)
            return default

    def _from_shared(self, key: str) -> bytes | Job | str | None:
        """What another process made of `key`: its review, its job's progress, why it
        stopped, or None (422 once for a job that failed)."""
        row = None if self.shared is None else self._shared(self.shared.get, key)
        if row is None:
            return None
        if row.alive:
            return Job.of_row(row)
        if row.state == "done" and row.body is not None:
            return self._cached(key, row.body)
        if row.state == "failed":
            self._forget_shared(key)
            raise RequestError(422, "not_reviewable", row.why)
        return row.why if row.state == "stopped" else None

    def _claim_shared(self, key: str, lane: str, cancel_token: str) -> Any:
        assert self.shared is not None
        most = self.settings.review_queue
        return self._shared(self.shared.claim, key, lane, cancel_token, most, default="mine")

    def _shared_end(self, key: str, state: str, why: str = "", body: bytes | None = None) -> None:
        if self.shared is not None:
            self._shared(self.shared.end, key, state, why, body)

    def _forget_shared(self, key: str) -> None:
        if self.shared is not None:
            self._shared(self.shared.forget, key)

    def _cached(self, key: str, body: bytes) -> bytes:
        with self._lock:
            self._cache.put(key, body)
        return body

    def _keep_alive(self) -> None:
        assert self.shared is not None
        while not self._closing.wait(ALIVE_S):
            self._shared(self.shared.keep_alive)

    def close(self) -> None:
        self._closing.set()

    def _end(self, key: str, why: str) -> None:
        with self._lock:
            self._jobs.pop(key, None)
            self._ended[key] = why
            while len(self._ended) > ENDED_KEPT:
                self._ended.popitem(last=False)


DEADLINE = "stopped at its deadline"


NOT_YOURS = "only whoever started a review may cancel it"


class TooCostly(RequestError):
    """A review whose estimated cost is past the per-job budget (422 with the estimate)."""

    def __init__(self, cost: Cost, budget: float) -> None:
        super().__init__(
            422, "too_costly",
            f"this review would take about {cost.cpu_seconds:.0f} CPU seconds"
            f" ({cost.decisions} decisions); the server makes reviews of up to {budget:.0f}",
            {"estimate": cost.to_json(), "budget_cpu_seconds": budget},
        )  # fmt: skip
        self.cost = cost


def get_reviews(request: Request) -> Reviews:
    state = request.app.state
    service: Reviews | None = getattr(state, "reviews", None)
    if service is None:
        budgets: Budgets | None = getattr(state, "budgets", None)
        shared = SharedReviewJobs(state.hall.store) if budgets and budgets.shared else None
        service = state.reviews = Reviews(state.settings, budgets, shared)
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
    `GET /api/reviews/{id}`), 200 once it is. A review past the per-job CPU budget is refused
    (422 `too_costly` with its estimate); an accepted one is spent from the address's CPU
    budget (429 past it) and answers `cancel`, the token that cancels it."""
    body = await read_upload(request, request.app.state.settings.max_upload)
    record = await replays.finished_upload(body)
    key = upload_id(record)
    made = reviews.made(key)
    if made is None:
        cost = await reviews.checked_cost_off_loop(record)
        client = client_key(request.scope)
        tokens = reviews.charge(client, cost)
        token = secrets.token_urlsafe(16)
        try:
            made = reviews.submit(key, record, None, "upload", token)
        except RequestError:
            reviews.refund(client, tokens)
            raise
        if isinstance(made, Job) and made.cancel_token == token:
            progress = reviews.progress(key, made)
            answer = {"id": key, **progress, "cancel": token, "estimate": cost.to_json()}
            return JSONResponse(answer, status_code=202)
        reviews.refund(client, tokens)  # another request started the same review meanwhile
    if isinstance(made, bytes):
        return JSONResponse({"id": key, "status": "done"})
    return JSONResponse({"id": key, **reviews.progress(key, made)}, status_code=202)


@router.get("/reviews/{review_id}")
def uploaded_review(reviews: ReviewsDep, review_id: str) -> Response:
    """An uploaded record's review (`POST /api/reviews`): 202 and progress, then 200; 410
    `review_stopped` when it was cancelled or ran past its deadline."""
    if not UPLOAD_ID.fullmatch(review_id):
        raise RequestError(404, "unknown_review", UNKNOWN)
    return reviews.poll(review_id)


@router.delete("/reviews/{review_id}")
def cancel_review(
    reviews: ReviewsDep,
    review_id: str,
    x_review_token: Annotated[str, Header(max_length=64)] = "",
) -> dict[str, str]:
    """Cancel an uploaded record's review being made, with the `cancel` token its POST
    answered (403 without it)."""
    if not UPLOAD_ID.fullmatch(review_id):
        raise RequestError(404, "unknown_review", UNKNOWN)
    reviews.cancel(review_id, x_review_token)
    return {"id": review_id, "status": "cancelled"}
