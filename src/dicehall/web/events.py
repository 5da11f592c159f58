"""Structured log lines: one JSON object per event that matters, with the request it came in.

    {"time": "2026-01-31T20:15:02.114Z", "event": "table_created", "request_id": "5f0c…",
     "pid": 4242, "table": "k3J…", "game": "…"}

Events: `table_created`, `table_finished`, `table_taken_over` (another process died and this
one plays its table now), `limit_refused` (which limit, for which client address), `error`
(every ERROR line of the server's own loggers and of uvicorn's, and an exception that reached
the top of a request). They go to stderr through the `dicehall.events` logger, apart from the
human-readable lines, and never carry a seat token, a seed or a message's contents.

The request id is that of the HTTP request or websocket connection the event happened in:
the proxy's `X-Request-ID` when it sends a well-formed one (nginx: `$request_id`), else a new
one; every HTTP answer carries it back in `X-Request-ID`. An event of a table's own loop (a
bot's or timer's move) has the id of the request that loaded the table.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import sys
import uuid
from datetime import UTC, datetime
from typing import Any

from dicehall.web.protection.limits import Throttle

LOGGER = "dicehall.events"
REQUEST_ID_HEADER = "x-request-id"
WELL_FORMED_ID = re.compile(r"[A-Za-z0-9._-]{8,64}")
# a flood of refusals is not a flood of lines: per limit, 10 at once then one a second
REFUSAL_LINES = Throttle(rate=1.0, burst=10, keys=256)

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "dicehall_request_id", default=None
)
_log = logging.getLogger(LOGGER)


class JsonLines(logging.Formatter):
    """An event record as one JSON line (its fields ride in `record.fields`)."""

    def format(self, record: logging.LogRecord) -> str:
        moment = datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
        line = {
            "time": moment.replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "event": record.getMessage(),
            "request_id": getattr(record, "request_id", None),
            "pid": record.process,
            **getattr(record, "fields", {}),
        }
        return json.dumps(line, separators=(",", ":"), default=str)


def install() -> None:
    """Events to stderr as JSON lines, once per process; ERROR lines of the server's loggers
    become `error` events too."""
    if not any(isinstance(h.formatter, JsonLines) for h in _log.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonLines())
        _log.addHandler(handler)
        _log.setLevel(logging.INFO)
        _log.propagate = False
        for name in ("dicehall", "uvicorn.error"):
            logging.getLogger(name).addHandler(_ErrorsAsEvents())


def emit(event: str, level: int = logging.INFO, **fields: Any) -> None:
    """One event line with the current request's id."""
    _log.log(level, event, extra={"fields": fields, "request_id": request_id.get()})


def refused(limit: str, client: str | None = None) -> None:
    """A limit refused a request (counted in /metrics; logged within `REFUSAL_LINES`)."""
    from dicehall.web import metrics

    metrics.REFUSALS.labels(limit=limit).inc()
    if REFUSAL_LINES.spend(limit):
        emit("limit_refused", logging.WARNING, limit=limit, client=client)


def new_request_id(offered: str | None) -> str:
    """The proxy's id when it is well formed, else a fresh one."""
    if offered and WELL_FORMED_ID.fullmatch(offered):
        return offered
    return uuid.uuid4().hex


class _ErrorsAsEvents(logging.Handler):
    """Every ERROR line of the server's loggers, as an `error` event (and counted)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        from dicehall.web import metrics

        metrics.ERRORS.inc()
        try:
            message = record.getMessage()
        except (TypeError, ValueError):
            message = str(record.msg)
        kind = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else None
        emit("error", logging.ERROR, logger=record.name, message=message[:500], exception=kind)
