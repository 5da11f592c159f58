"""An account's sessions: change the password (which ends every other session), list the
sessions, sign one out, or sign out everywhere. docs/security.md, *Accounts*.

A session is named here by the first 16 hex digits of its stored digest: enough to pick one of
an account's few sessions, and never the cookie itself (nor enough to rebuild it).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from dicehall.web.accounts import passwords
from dicehall.web.accounts.routes import (
    AccountDep,
    AccountsDep,
    ThrottlesDep,
    check_account_password,
)
from dicehall.web.accounts.sessions import clear_cookies, digest, session_cookie
from dicehall.web.errors import RequestError
from dicehall.web.protection.guard import client_key

router = APIRouter(prefix="/api/account", tags=["accounts"])
HANDLE = 16  # hex digits of a session's digest that name it


class PasswordChange(BaseModel):
    password: str = Field(min_length=1, max_length=passwords.MAX_PASSWORD)
    new_password: str = Field(min_length=1, max_length=passwords.MAX_PASSWORD)


def _current(request: Request) -> str | None:
    cookie = session_cookie(request.scope)
    return digest(cookie) if cookie else None


@router.post("/password")
async def change_password(
    request: Request,
    body: PasswordChange,
    account: AccountDep,
    accounts: AccountsDep,
    throttles: ThrottlesDep,
) -> dict[str, Any]:
    """A new password (the current one confirms it); every other session of the account ends."""
    if len(body.new_password) < passwords.MIN_PASSWORD:
        raise RequestError(
            422, "weak_password", f"a password has at least {passwords.MIN_PASSWORD} characters"
        )
    throttles.budget.reserve(client_key(request.scope), account.name)
    found = await asyncio.to_thread(accounts.by_name, account.name)
    stored = found[1] if found else None
    if not await check_account_password(request, throttles, account.name, stored, body.password):
        raise RequestError(401, "bad_credentials", "wrong password")
    hashed = await throttles.hashing.hash(body.new_password)
    await asyncio.to_thread(accounts.set_password_hash, account.id, hashed)
    ended = await asyncio.to_thread(accounts.close_sessions, account.id, _current(request))
    return {"changed": True, "sessions_ended": ended}


@router.get("/sessions")
async def list_sessions(request: Request, account: AccountDep, accounts: AccountsDep) -> Any:
    """The account's live sessions, newest first; `current` marks this one."""
    current = _current(request)
    rows = await asyncio.to_thread(accounts.sessions_of, account.id)
    return {
        "sessions": [
            {
                "id": row["digest"][:HANDLE],
                "created": row["created"],
                "expires": row["expires"],
                "current": row["digest"] == current,
            }
            for row in rows
        ]
    }


@router.post("/sessions/{session_id}/signout")
async def sign_out_session(
    request: Request, session_id: str, account: AccountDep, accounts: AccountsDep
) -> Response:
    """End one of the account's sessions (this one too: then the cookies go)."""
    rows = await asyncio.to_thread(accounts.sessions_of, account.id)
    chosen = next((r["digest"] for r in rows if r["digest"][:HANDLE] == session_id), None)
    if len(session_id) != HANDLE or chosen is None:
        raise RequestError(404, "unknown_session", "this account has no such session")
    await asyncio.to_thread(accounts.close_session_of, account.id, chosen)
    response = JSONResponse({"signed_out": session_id})
    if chosen == _current(request):
        clear_cookies(response)
    return response


@router.post("/signout-everywhere")
async def sign_out_everywhere(account: AccountDep, accounts: AccountsDep) -> Response:
    """End every session of the account, this one included."""
    ended = await asyncio.to_thread(accounts.close_sessions, account.id)
    response = JSONResponse({"signed_in": False, "sessions_ended": ended})
    clear_cookies(response)
    return response
