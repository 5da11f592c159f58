"""Request guards in front of the app: body size and time limits, standard JSON only, and the
rate limits of the expensive requests (new tables, record uploads) per client address.

`RequestGuard` is an ASGI middleware: it reads each request body itself (at most the path's
limit, within `body_timeout`), refuses what the API must never see, then hands the body on.
Refusals are JSON like every API error: `{"error": code, "message": text}`.
"""

from __future__ import annotations

import asyncio
from collections import Counter

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dicehall.store import LIVE
from dicehall.web import events
from dicehall.web.protection.budgets import Budgets
from dicehall.web.protection.limits import Limits
from dicehall.web.protection.strict_json import BadJSON, loads

UPLOAD_PATHS = frozenset({"/api/replays", "/api/reviews"})
CHECK_IN_THREAD = 256 * 1024  # bodies larger than this are checked off the event loop


class TooLarge(Exception):
    pass


class Disconnected(Exception):
    pass


def client_key(scope: Scope) -> str:
    """The client's address (uvicorn puts a trusted proxy's X-Forwarded-For there)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class Guards:
    """The server's throttles and counters, shared by the middleware and the websocket."""

    def __init__(self, limits: Limits, budgets: Budgets | None = None) -> None:
        """`budgets`: where the budgets live (shared by the processes on PostgreSQL)."""
        self.limits = limits
        budgets = budgets or Budgets()
        make = budgets.throttle
        self.shared = budgets.buckets  # None: one process, the counts below are the server's
        self.create = make("create", limits.create_rate, limits.create_burst)
        self.upload = make("upload", limits.upload_rate, limits.upload_burst)
        self.bad_token_client = make("bad_token", limits.bad_token_rate, limits.bad_token_burst)
        self.bad_token_table = make(
            "table_bad_token", limits.table_bad_token_rate, limits.table_bad_token_burst
        )
        self.sockets: Counter[str] = Counter()  # open table sockets per client address
        self.held: Counter[str] = Counter()  # of which counted in the database too
        self.refused: Counter[str] = Counter()  # refusals by kind, for the log and load tests

    def refuse(self, limit: str, client: str | None = None) -> None:
        """A websocket limit refused `client`: counted here, in /metrics and in the event log
        (HTTP refusals are counted by the middleware that answers them)."""
        self.refused[limit] += 1
        events.refused(limit, client)

    def open_socket(self, client: str) -> bool:
        """Count a table socket of `client`; False (nothing counted) past the cap. On
        PostgreSQL the cap holds for every process together (`SharedBuckets.hold`)."""
        most = int(self.limits.max_sockets_per_client)
        if self.sockets[client] >= most:
            return False
        held = self.shared.hold(client, most) if self.shared is not None else None
        if held is False:
            return False
        self.sockets[client] += 1
        if held:
            self.held[client] += 1
        return True

    def close_socket(self, client: str) -> None:
        self.sockets[client] -= 1
        if self.sockets[client] <= 0:
            del self.sockets[client]
        if self.held[client] > 0 and self.shared is not None:
            self.held[client] -= 1
            if self.held[client] <= 0:
                del self.held[client]
            self.shared.release(client)

    def reserve_token_check(self, client: str) -> bool:
        """Spend one of the client's wrong-token budget before its tokens are checked (False:
        none left, nothing checked). `right_tokens` refunds it; concurrent hellos cannot all
        pass a check made before any of them is counted."""
        return self.bad_token_client.spend(client)

    def right_tokens(self, client: str) -> None:
        self.bad_token_client.refund(client)

    def wrong_token(self, table_id: str) -> bool:
        """Count a wrong token against its table; False once the table's budget is spent
        (the answer is then `rate_limited`). A right token is admitted whatever the table's
        budget: other people's wrong guesses never lock its holder out."""
        return self.bad_token_table.spend(table_id)


class Refusal(JSONResponse):
    """An API error answered by the guard; `code` is its kind."""

    def __init__(self, status: int, code: str, message: str, headers: dict[str, str]) -> None:
        headers = {**headers, "connection": "close"}
        super().__init__({"error": code, "message": message}, status_code=status, headers=headers)
        self.code = code


def refusal(status: int, code: str, message: str, **headers: str) -> Refusal:
    return Refusal(status, code, message, headers)


class RequestGuard:
    """The ASGI middleware; `upload_limit` is the body limit of record uploads."""

    def __init__(self, app: ASGIApp, guards: Guards, upload_limit: int) -> None:
        self.app, self.guards, self.upload_limit = app, guards, upload_limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = await self._throttled(scope) or self._declared_too_large(scope)
        if refused is None:
            try:
                body = await self._read(scope, receive)
            except Disconnected:
                return
            except TooLarge:
                refused = self._too_large(scope)
            except TimeoutError:
                refused = refusal(
                    408, "too_slow", f"send the body within {self.limits.body_timeout:g} s"
                )
            else:
                refused = await self._bad_json(scope, body)
        if refused is not None:
            self.guards.refused[refused.code] += 1
            await refused(scope, receive, send)
            return
        await self.app(scope, _replay(body, receive), send)

    @property
    def limits(self) -> Limits:
        return self.guards.limits

    def _limit(self, scope: Scope) -> int:
        return self.upload_limit if scope["path"] in UPLOAD_PATHS else int(self.limits.max_body)

    def _too_large(self, scope: Scope) -> Refusal:
        limit = self._limit(scope)
        return refusal(413, "too_large", f"a request body may have at most {limit} bytes here")

    def _declared_too_large(self, scope: Scope) -> Refusal | None:
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is None:
            return None
        if not declared.isdigit() or int(declared) > self._limit(scope):
            return self._too_large(scope)
        return None

    async def _throttled(self, scope: Scope) -> Refusal | None:
        """New tables and record uploads cost the server most: a budget per client, and a cap
        on the live tables of the whole server."""
        if scope["method"] != "POST":
            return None
        client = client_key(scope)
        if scope["path"] == "/api/tables":
            return await self._creation_refused(scope, client)
        if scope["path"] in UPLOAD_PATHS and not self.guards.upload.spend(client):
            wait = str(self.guards.upload.retry_after(client))
            return refusal(
                429, "rate_limited", "too many uploads; wait a little", **{"retry-after": wait}
            )
        return None

    async def _creation_refused(self, scope: Scope, client: str) -> Refusal | None:
        guards = self.guards
        if not guards.create.spend(client):
            wait = guards.create.retry_after(client)
            return refusal(
                429,
                "rate_limited",
                f"too many new tables from your address; try again in {wait} s",
                **{"retry-after": str(wait)},
            )
        live = int(guards.limits.max_live_tables)
        if await asyncio.to_thread(scope["app"].state.hall.store.count, LIVE) >= live:
            return refusal(
                503,
                "server_full",
                f"this server holds its maximum of {live} live tables; "
                "try again when some have finished",
                **{"retry-after": "60"},
            )
        return None

    async def _read(self, scope: Scope, receive: Receive) -> bytes:
        limit = self._limit(scope)

        async def read() -> bytes:
            body = bytearray()
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    raise Disconnected
                body += message.get("body", b"")
                if len(body) > limit:  # stop reading as soon as it is too big
                    raise TooLarge
                if not message.get("more_body", False):
                    return bytes(body)

        return await asyncio.wait_for(read(), self.limits.body_timeout)

    async def _bad_json(self, scope: Scope, body: bytes) -> Refusal | None:
        """NaN, Infinity and lone surrogates are refused here; other broken JSON goes on to
        the API, which explains what it expected."""
        if not body or not scope["path"].startswith("/api/"):
            return None
        try:
            if len(body) > CHECK_IN_THREAD:
                await asyncio.to_thread(loads, body)
            else:
                loads(body)
        except BadJSON as exc:
            if exc.code in ("bad_number", "bad_text"):
                return refusal(422, exc.code, exc.message)
        return None


def _replay(body: bytes, receive: Receive) -> Receive:
    """A receive that gives the app the body already read, then defers to the real one."""
    given = False

    async def replay() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
