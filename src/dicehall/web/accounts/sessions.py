"""Sign-in sessions: cookies, the signed-in account of each request, and CSRF protection.

A session is a random id in an httpOnly, SameSite=Lax cookie (`dicehall_session`), stored
only as its SHA-256 digest; a fresh id is made at every sign-in (no fixation). Its CSRF token
sits in a second cookie that the pages can read (`dicehall_csrf`, SameSite=Strict): every
state-changing request that carries a session cookie must repeat it in the `X-CSRF-Token`
header (double submit, checked against the session's stored digest) and, when the browser
says where it comes from, come from this server's own origin. Requests without a session
cookie (guests, scripts, bots) are as they always were. docs/security.md, *Accounts*.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import os
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from dicehall.store.accounts import Account, Accounts
from dicehall.web.protection.guard import refusal
from dicehall.web.protection.limits import _setting

SESSION_COOKIE = "dicehall_session"
CSRF_COOKIE = "dicehall_csrf"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
SIGN_IN_PATHS = frozenset({"/api/account/signup", "/api/account/signin"})
MAX_COOKIE = 128  # a session id is 43 characters: anything much longer is not one of ours


@dataclass(frozen=True)
class AccountLimits:
    """Sign-in throttles and session settings, each with its environment variable."""

    # sign-up and sign-in attempts per client address (each hashes a password: dear)
    login_rate: float = _setting("DICEHALL_LOGIN_RATE", 0.2)
    login_burst: float = _setting("DICEHALL_LOGIN_BURST", 10)
    # wrong passwords per account name, from any address
    account_login_rate: float = _setting("DICEHALL_ACCOUNT_LOGIN_RATE", 1 / 30)
    account_login_burst: float = _setting("DICEHALL_ACCOUNT_LOGIN_BURST", 5)
    # names looked up per client address (profiles, and sign-up's "name taken")
    lookup_rate: float = _setting("DICEHALL_LOOKUP_RATE", 0.5)
    lookup_burst: float = _setting("DICEHALL_LOOKUP_BURST", 30)
    session_days: float = _setting("DICEHALL_SESSION_DAYS", 30)
    # a session unused this long ends (each use moves its end, never past session_days)
    session_idle_hours: float = _setting("DICEHALL_SESSION_IDLE_HOURS", 72)
    # Argon2's own threads, and the calls that may wait or run there at once
    hash_threads: float = _setting("DICEHALL_HASH_THREADS", 2)
    hash_queue: float = _setting("DICEHALL_HASH_QUEUE", 16)
    secure_cookies: str = field(
        default_factory=lambda: os.environ.get("DICEHALL_SECURE_COOKIES", "auto"),
        metadata={"env": "DICEHALL_SECURE_COOKIES"},
    )

    @classmethod
    def variables(cls) -> list[str]:
        from dataclasses import fields

        return [f.metadata["env"] for f in fields(cls)]


def digest(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()


def _cookies(scope: Scope) -> dict[str, str]:
    raw = b"; ".join(v for k, v in scope.get("headers", []) if k == b"cookie")
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw.decode("latin-1"))
    except Exception:  # a malformed cookie header: as if there were none
        return {}
    return {k: m.value for k, m in jar.items()}


def _header(scope: Scope, name: bytes) -> str | None:
    for k, v in scope.get("headers", []):
        if k == name:
            return bytes(v).decode("latin-1")
    return None


def session_cookie(scope: Scope) -> str | None:
    value = _cookies(scope).get(SESSION_COOKIE)
    return value if value and len(value) <= MAX_COOKIE else None


def request_account(request: Request) -> Account | None:
    """The signed-in account of this request (the middleware found it), else None."""
    account: Account | None = request.scope.get("state", {}).get("account")
    return account


def scope_account(scope: Scope) -> Account | None:
    account: Account | None = scope.get("state", {}).get("account")
    return account


def same_origin(scope: Scope) -> bool:
    """No Origin (not a browser, or a same-origin GET), or one naming this server's host."""
    origin = _header(scope, b"origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == _header(scope, b"host")


class SessionGuard:
    """ASGI middleware: finds each request's account; refuses cross-site state changes."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        cookie = session_cookie(scope)
        found = await self._session(scope, cookie) if cookie else None
        scope.setdefault("state", {})["account"] = found[0] if found else None
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS:
            refused = self._refusal(scope, found[1] if found else None)
            if refused is not None:
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)

    @staticmethod
    async def _session(scope: Scope, cookie: str) -> tuple[Account, str] | None:
        state = scope["app"].state
        accounts: Accounts | None = getattr(state, "accounts", None)
        if accounts is None:
            return None
        limits: AccountLimits = state.login_throttles.limits
        return await asyncio.to_thread(_look_up, accounts, digest(cookie), limits)

    @staticmethod
    def _refusal(scope: Scope, csrf_digest: str | None) -> Response | None:
        signing_in = scope["path"] in SIGN_IN_PATHS
        if (csrf_digest is not None or signing_in) and not same_origin(scope):
            return refusal(403, "bad_origin", "this server only takes requests from its own pages")
        if csrf_digest is None:
            return None
        sent = _header(scope, CSRF_HEADER.encode()) or ""
        cookie = _cookies(scope).get(CSRF_COOKIE, "")
        if not sent or not hmac.compare_digest(sent, cookie):
            return refusal(403, "csrf", "missing or wrong CSRF token: reload the page")
        if not hmac.compare_digest(digest(sent), csrf_digest):
            return refusal(403, "csrf", "missing or wrong CSRF token: reload the page")
        return None


KEEP_ALIVE_STEP = timedelta(minutes=1)  # a session's end is moved at most once a minute


def _look_up(accounts: Accounts, session: str, limits: AccountLimits) -> tuple[Account, str] | None:
    """The session's account and CSRF digest; a use moves its idle deadline on."""
    found = accounts.session(session)
    times = accounts.session_times(session) if found else None
    if times is not None:
        created, expires = (datetime.fromisoformat(t) for t in times)
        now = datetime.now(UTC)
        end = min(created + timedelta(days=limits.session_days), now + _idle(limits))
        if end - expires >= KEEP_ALIVE_STEP:
            accounts.extend_session(session, end.isoformat(timespec="seconds"))
    return found


def _idle(limits: AccountLimits) -> timedelta:
    return timedelta(hours=limits.session_idle_hours)


@dataclass(frozen=True)
class NewSession:
    session_id: str
    csrf: str
    expires: datetime


def new_session(limits: AccountLimits) -> NewSession:
    expires = datetime.now(UTC) + min(timedelta(days=limits.session_days), _idle(limits))
    return NewSession(secrets.token_urlsafe(32), secrets.token_urlsafe(24), expires)


def secure(request: Request, limits: AccountLimits) -> bool:
    """Secure cookies: always (`1`), never (`0`, plain-HTTP LAN servers), or when the request
    came over HTTPS (`auto`, the default; behind a TLS proxy, let uvicorn trust its headers)."""
    if limits.secure_cookies in ("0", "1"):
        return limits.secure_cookies == "1"
    return request.url.scheme in ("https", "wss")


def set_cookies(
    response: Response, request: Request, made: NewSession, limits: AccountLimits
) -> None:
    age = int(limits.session_days * 86400)
    flags: dict[str, Any] = {"max_age": age, "path": "/", "secure": secure(request, limits)}
    response.set_cookie(SESSION_COOKIE, made.session_id, httponly=True, samesite="lax", **flags)
    response.set_cookie(CSRF_COOKIE, made.csrf, httponly=False, samesite="strict", **flags)


def clear_cookies(response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/")
    response.delete_cookie(CSRF_COOKIE, path="/")
