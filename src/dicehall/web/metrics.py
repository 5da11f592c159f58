"""`/metrics`: the server's numbers in Prometheus's text format (prometheus-client).

Only addresses in `DICEHALL_METRICS_ALLOW` (loopback by default) may read it; others get 403.
The address is the client's as the server sees it, so behind a trusted proxy a visitor of the
public site is refused (and docs/deploy/nginx.conf does not pass /metrics on at all).

Several processes (`serve --workers N`): prometheus-client's **multiprocess mode**. `serve`
gives the processes one fresh folder (`PROMETHEUS_MULTIPROC_DIR`, unless already set) where
each writes its values, and whichever process answers /metrics adds them all up: counters and
histograms are summed, gauges are summed over the live processes (`livesum`; a process that
has died is dropped from them at the next read). One process: its own registry.

Gauges are set by each process every `GAUGE_EVERY` seconds from its hall (tables it plays,
its connections, its queues): at most that old when read.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

from dicehall.web.proxies import EVERYONE, trusted

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
GAUGE_EVERY = 2.0
LATENCY_BUCKETS = (0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
THINK_BUCKETS = (0.001, 0.005, 0.02, 0.05, 0.1, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
DB_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 1.0)

TABLES = Gauge(
    "dicehall_tables_live", "Unfinished tables played by the server", multiprocess_mode="livesum"
)
PEOPLE = Gauge(
    "dicehall_people_connected", "Websockets holding a seat", multiprocess_mode="livesum"
)
SPECTATORS = Gauge(
    "dicehall_spectators_connected", "Websockets watching a table", multiprocess_mode="livesum"
)
REVIEW_QUEUE = Gauge(
    "dicehall_review_jobs", "Reviews being made or waiting", multiprocess_mode="livesum"
)
COACH_QUEUE = Gauge(
    "dicehall_coach_jobs", "Coach answers being worked out", multiprocess_mode="livesum"
)
MOVES = Counter("dicehall_moves", "Moves stored (people's, and bots' or timers')", ["by"])
ACK_SECONDS = Histogram(
    "dicehall_move_ack_seconds",
    "From a person's move arriving to its acknowledgement (stored and broadcast)",
    buckets=LATENCY_BUCKETS,
)
THINK_SECONDS = Histogram(
    "dicehall_bot_think_seconds", "A bot's decision, by level", ["level"], buckets=THINK_BUCKETS
)
REFUSALS = Counter("dicehall_refusals", "Requests a limit refused, by limit", ["limit"])
DB_WRITE_SECONDS = Histogram(
    "dicehall_db_write_seconds", "One transaction of the store writer", buckets=DB_BUCKETS
)
ERRORS = Counter("dicehall_errors", "ERROR lines of the server's logs")

router = APIRouter()


# --- what the server's parts call ------------------------------------------------------
def moved(person: bool) -> None:
    MOVES.labels(by="person" if person else "bot_or_timer").inc()


@contextlib.contextmanager
def thinking(level: str) -> Iterator[None]:
    """Times a bot's decision (its worker's trip included)."""
    started = time.perf_counter()
    try:
        yield
    finally:
        THINK_SECONDS.labels(level=level).observe(time.perf_counter() - started)


@contextlib.contextmanager
def db_write() -> Iterator[None]:
    started = time.perf_counter()
    try:
        yield
    finally:
        DB_WRITE_SECONDS.observe(time.perf_counter() - started)


def acknowledged(seconds: float) -> None:
    ACK_SECONDS.observe(seconds)


# --- gauges, set by each process -----------------------------------------------------
def set_gauges(state: Any) -> None:
    """This process's tables, connections and queues (`app.state`)."""
    hall = getattr(state, "hall", None)
    if hall is None:
        return
    tables = list(hall.tables.values())
    TABLES.set(sum(1 for t in tables if not t.replica and not t.match.is_over))
    conns = [c for t in tables for c in t.presence.conns if not c.closed]
    PEOPLE.set(sum(1 for c in conns if c.seats))
    SPECTATORS.set(sum(1 for c in conns if not c.seats))
    reviews = getattr(state, "reviews", None)
    REVIEW_QUEUE.set(reviews.jobs if reviews is not None else 0)
    # COACH_QUEUE is tracked by the coach itself (web/coach.py)


async def keep_gauges(state: Any) -> None:
    """Set the gauges every `GAUGE_EVERY` seconds until cancelled."""
    while True:
        set_gauges(state)
        await asyncio.sleep(GAUGE_EVERY)


def start(state: Any) -> asyncio.Task[None]:
    return asyncio.get_running_loop().create_task(keep_gauges(state), name="metrics-gauges")


def stop(task: asyncio.Task[None]) -> None:
    task.cancel()
    folder = os.environ.get(MULTIPROC_ENV)
    if folder:  # this process's gauges leave the sums
        multiprocess.mark_process_dead(os.getpid(), folder)  # type: ignore[no-untyped-call]


# --- the endpoint ----------------------------------------------------------------------
def allowed(client: str, allow: str) -> bool:
    entries = trusted(allow)
    if EVERYONE in entries:
        return True
    try:
        address = ipaddress.ip_address(client)
    except ValueError:
        return False
    return any(address in ipaddress.ip_network(e, strict=False) for e in entries)


def _registry() -> CollectorRegistry:
    folder = os.environ.get(MULTIPROC_ENV)
    if not folder:
        return REGISTRY
    _forget_dead(Path(folder))
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=folder)  # type: ignore[no-untyped-call]
    return registry


def _forget_dead(folder: Path) -> None:
    """Gauges of processes that died without saying so (kill -9) leave the sums."""
    for path in folder.glob("gauge_live*_*.db"):
        pid = int(path.stem.rsplit("_", 1)[1])
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            multiprocess.mark_process_dead(pid, str(folder))  # type: ignore[no-untyped-call]
        except PermissionError:
            pass  # alive, another user's


def current(state: Any) -> list[Any]:
    """Every metric now, summed over the processes as /metrics answers it (`web/admin/`)."""
    set_gauges(state)
    return list(_registry().collect())


@router.get("/metrics", include_in_schema=False)
def metrics(request: Request) -> Response:
    """The numbers above, to allowed addresses only."""
    client = request.client.host if request.client else ""
    if not allowed(client, request.app.state.settings.metrics_allow):
        message = "metrics are for the server's operators (DICEHALL_METRICS_ALLOW)"
        return JSONResponse({"error": "forbidden", "message": message}, status_code=403)
    set_gauges(request.app.state)
    return Response(generate_latest(_registry()), media_type=CONTENT_TYPE_LATEST)
