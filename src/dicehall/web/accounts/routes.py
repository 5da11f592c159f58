"""The account API: sign up, sign in and out, export one's data, delete the account, and
declare the achievements only a person can attest. Accounts are optional: guests play as
before. Sessions and CSRF: `web.accounts.sessions`; docs/security.md, *Accounts*.
"""

from __future__ import annotations

import asyncio
import re
from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field, StrictBool

from dicehall import games
from dicehall.store.accounts import FORMER_PLAYER, Account, Accounts, NameTaken
from dicehall.store.standings import Standings
from dicehall.web.accounts import passwords
from dicehall.web.accounts.hashing import HashPool, PasswordBudget
from dicehall.web.accounts.outcomes import achievement_module
from dicehall.web.accounts.sessions import (
    AccountLimits,
    clear_cookies,
    digest,
    new_session,
    request_account,
    session_cookie,
    set_cookies,
)
from dicehall.web.errors import RequestError
from dicehall.web.hall import Hall
from dicehall.web.protection.budgets import Budgets
from dicehall.web.protection.guard import client_key

router = APIRouter(prefix="/api/account", tags=["accounts"])
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]{1,22}[A-Za-z0-9_.-]")
"""3-24 letters, digits, spaces, dots, dashes and underscores; no leading or trailing space."""


class Credentials(BaseModel):
    name: str = Field(min_length=1, max_length=24)
    password: str = Field(min_length=1, max_length=passwords.MAX_PASSWORD)


class PasswordIn(BaseModel):
    password: str = Field(min_length=1, max_length=passwords.MAX_PASSWORD)


class AttestIn(BaseModel):
    game: str = Field(max_length=32)
    key: str = Field(max_length=48)
    held: StrictBool


class AccountOut(BaseModel):
    signed_in: bool
    name: str | None = None
    created: str | None = None


class Throttles:
    """Password attempts per client address and wrong passwords per account name (one
    budget for every password check), and the pool that hashes."""

    def __init__(self, limits: AccountLimits, budgets: Budgets | None = None) -> None:
        self.limits = limits
        make = (budgets or Budgets()).throttle
        self.client = make("login", limits.login_rate, limits.login_burst)
        self.account = make("account_login", limits.account_login_rate,
                            limits.account_login_burst)  # fmt: skip
        self.budget = PasswordBudget(self.client, self.account)
        self.lookup = make("lookup", limits.lookup_rate, limits.lookup_burst)
        self.hashing = HashPool(int(limits.hash_threads), int(limits.hash_queue))


def get_accounts(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


def get_throttles(request: Request) -> Throttles:
    throttles: Throttles = request.app.state.login_throttles
    return throttles


AccountsDep = Annotated[Accounts, Depends(get_accounts)]
ThrottlesDep = Annotated[Throttles, Depends(get_throttles)]


def spend_lookup(request: Request) -> None:
    """A name looked up (a profile, or sign-up's "name taken"): the address's budget, so
    that names cannot be listed by asking for each in turn."""
    throttles = get_throttles(request)
    client = client_key(request.scope)
    if not throttles.lookup.spend(client):
        wait = throttles.lookup.retry_after(client)
        raise RequestError(429, "rate_limited", f"too many names looked up; try again in {wait} s")


def signed_in(request: Request) -> Account:
    account = request_account(request)
    if account is None:
        raise RequestError(401, "signed_out", "sign in first")
    return account


AccountDep = Annotated[Account, Depends(signed_in)]


async def check_account_password(
    request: Request, throttles: Throttles, name: str, stored: str | None, password: str
) -> bool:
    """Whether `password` is `name`'s (`stored` None: no such account), its attempt paid
    before the hash is awaited; a right password gives the account's token back."""
    right = await throttles.hashing.check(stored, password)
    if right:
        throttles.budget.right(name)
    return right


async def _open_session(request: Request, account: Account, status: int = 200) -> Response:
    """A fresh session id (never the one the browser came with), the old one closed."""
    accounts = get_accounts(request)
    limits = get_throttles(request).limits
    old = session_cookie(request.scope)
    if old is not None:
        await asyncio.to_thread(accounts.close_session, digest(old))
    made = new_session(limits)
    expires = made.expires.isoformat(timespec="seconds")
    await asyncio.to_thread(
        accounts.open_session, account.id, digest(made.session_id), digest(made.csrf), expires
    )
    response = JSONResponse({"signed_in": True, "name": account.name}, status_code=status)
    set_cookies(response, request, made, limits)
    return response


@router.get("")
def who_am_i(request: Request) -> AccountOut:
    """The signed-in account, if any."""
    account = request_account(request)
    if account is None:
        return AccountOut(signed_in=False)
    return AccountOut(signed_in=True, name=account.name, created=account.created)


@router.post("/signup", status_code=201, response_model=AccountOut)
async def sign_up(
    request: Request, body: Credentials, accounts: AccountsDep, throttles: ThrottlesDep
) -> Response:
    """A new account (a name and a password of 8-128 characters); signs it in."""
    if not NAME.fullmatch(body.name) or "  " in body.name:
        raise RequestError(
            422, "bad_name", "a name has 3-24 letters, digits, spaces, dots, dashes or underscores"
        )
    if len(body.password) < passwords.MIN_PASSWORD:
        raise RequestError(
            422, "weak_password", f"a password has at least {passwords.MIN_PASSWORD} characters"
        )
    spend_lookup(request)
    throttles.budget.reserve(client_key(request.scope), None)
    hashed = await throttles.hashing.hash(body.password)
    try:
        account = await asyncio.to_thread(accounts.create, body.name, hashed)
    except NameTaken as exc:
        raise RequestError(409, "name_taken", str(exc)) from None
    return await _open_session(request, account, 201)


@router.post("/signin", response_model=AccountOut)
async def sign_in(
    request: Request, body: Credentials, accounts: AccountsDep, throttles: ThrottlesDep
) -> Response:
    """Sign in with name and password: a new session (and a new session id)."""
    throttles.budget.reserve(client_key(request.scope), body.name)
    known = NAME.fullmatch(body.name) is not None
    found = await asyncio.to_thread(accounts.by_name, body.name) if known else None
    stored = found[1] if found else None
    # an unknown name is checked against a decoy: it takes as long as a wrong password
    right = await check_account_password(request, throttles, body.name, stored, body.password)
    if found is None or not right:
        raise RequestError(401, "bad_credentials", "wrong name or password")
    account, stored_hash = found
    if account.suspended is not None:  # an operator suspended it (docs/hosting.md)
        raise RequestError(403, "suspended", "this account is suspended")
    if passwords.needs_rehash(stored_hash):
        rehashed = await throttles.hashing.hash(body.password)
        await asyncio.to_thread(accounts.set_password_hash, account.id, rehashed)
    return await _open_session(request, account)


@router.post("/signout", response_model=AccountOut)
async def sign_out(request: Request, accounts: AccountsDep) -> Response:
    """Close this session (its cookie no longer signs anyone in)."""
    cookie = session_cookie(request.scope)
    if cookie is not None:
        await asyncio.to_thread(accounts.close_session, digest(cookie))
    response = JSONResponse({"signed_in": False})
    clear_cookies(response)
    return response


@router.get("/export")
async def export(request: Request, account: AccountDep) -> JSONResponse:
    """Everything the server keeps about the account, as one JSON file (no password hash)."""
    standings = Standings(get_accounts(request).store)
    data = await asyncio.to_thread(_export, standings, account)
    name = f"dicehall-account-{account.name}.json".replace(" ", "_")
    return JSONResponse(data, headers={"Content-Disposition": f'attachment; filename="{name}"'})


def _export(standings: Standings, account: Account) -> dict[str, Any]:
    return {
        "format": "dicehall-account-export",
        "exported": datetime.now(UTC).isoformat(timespec="seconds"),
        "account": {"name": account.name, "created": account.created},
        "games": standings.per_game(account.id),
        "matches": standings.history(account.id, limit=100_000, viewer=account.id),
        "achievements": standings.achievements(account.id),
    }


@router.post("/delete", response_model=AccountOut)
async def delete_account(
    request: Request,
    body: PasswordIn,
    account: AccountDep,
    accounts: AccountsDep,
    throttles: ThrottlesDep,
) -> Response:
    """Delete the account (its password confirms it): sessions, ratings and achievements go;
    past matches stay, their seat renamed "Former player"."""
    throttles.budget.reserve(client_key(request.scope), account.name)
    found = await asyncio.to_thread(accounts.by_name, account.name)
    stored = found[1] if found else None
    if not await check_account_password(request, throttles, account.name, stored, body.password):
        raise RequestError(401, "bad_credentials", "wrong password")
    played = await asyncio.to_thread(accounts.delete, account.id)
    anonymise_live_seats(request.app.state.hall, played)
    response = JSONResponse({"signed_in": False})
    clear_cookies(response)
    return response


def anonymise_live_seats(hall: Hall, played: list[tuple[str, int]]) -> None:
    """The tables in memory show the deleted account's seats as the store now does."""
    for match_id, seat in played:
        table = hall.tables.get(match_id)
        if table is not None and 0 <= seat < len(table.row.seats):
            table.unlink_account(seat, FORMER_PLAYER)


@router.post("/achievements")
async def attest(request: Request, body: AttestIn, account: AccountDep) -> dict[str, Any]:
    """Declare (or withdraw) an achievement only a person can attest; it is shown as such."""
    module = achievement_module(body.game) if body.game in games.available() else None
    if module is None or body.key not in module.ATTESTED:
        raise RequestError(422, "not_attested", "that is not an achievement a player declares")
    standings = Standings(get_accounts(request).store)
    await asyncio.to_thread(standings.attest, account.id, body.game, body.key, body.held)
    return {"game": body.game, "key": body.key, "held": body.held}
