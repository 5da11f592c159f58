"""The outermost middleware: a request id for every HTTP request and websocket, and the HTTP
answers that are a limit's refusal counted and logged (web/events.py, web/metrics.py).

A refusal is recognised by what the API answers (docs/security.md, "Resource limits"): its
status and its JSON `error` code, and the path for the budgets that share the code
`rate_limited`. The websocket's refusals are counted where they are made (web/ws.py).
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dicehall.web import events
from dicehall.web.protection.guard import UPLOAD_PATHS, client_key

REFUSING = frozenset({408, 413, 429, 503})
MAX_REFUSAL_BODY = 4096  # a refusal is a short JSON object; longer answers are not read


def limit_of(path: str, status: int, code: str | None) -> str | None:
    """The limit an answer's refusal is of, or None when it is not a limit's refusal."""
    if code == "rate_limited":
        if path == "/api/tables":
            return "create"
        if path in UPLOAD_PATHS:
            return "upload"
        if path.startswith("/api/account/"):
            return "login"
        return "rate_limited"
    if code == "busy":  # replays, reviews, the coach: their queue is full
        parts = path.split("/")
        return "coach_busy" if path.endswith("/coach") else f"{parts[2][:16]}_busy"
    return {
        "server_full": "max_tables",
        "too_large": "body_size",
        "too_slow": "body_time",
    }.get(code or "", "request_time" if status == 408 else None)


class Observe:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        offered = _header(scope, events.REQUEST_ID_HEADER.encode())
        rid = events.new_request_id(offered)
        events.request_id.set(rid)  # kept for the task: uvicorn logs a crash after we return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return
        await self.app(scope, receive, _Watch(scope, send, rid))


class _Watch:
    """Adds the request id to the answer and reads a refusal's code."""

    def __init__(self, scope: Scope, send: Send, rid: str) -> None:
        self.scope, self.send, self.rid = scope, send, rid
        self.status = 0
        self.body = b""

    async def __call__(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
            headers = [*message.get("headers", []), (b"x-request-id", self.rid.encode())]
            message = {**message, "headers": headers}
        elif message["type"] == "http.response.body" and self.status in REFUSING:
            if len(self.body) < MAX_REFUSAL_BODY:
                self.body += message.get("body", b"")
            if not message.get("more_body"):
                self._count()
        await self.send(message)

    def _count(self) -> None:
        code: Any = None
        with contextlib.suppress(ValueError, AttributeError):  # not a JSON object: no code
            code = json.loads(self.body).get("error")
        limit = limit_of(self.scope.get("path", ""), self.status, code)
        if limit is not None:
            events.refused(limit, client_key(self.scope))


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            text: str = value.decode("latin-1")
            return text
    return None
