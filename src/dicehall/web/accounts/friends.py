"""The friends API: ask a player by name, accept or decline, the list with who is online and
at which public table, and the rule of a friends-only table's open seats.

A friend request names another account, so it spends the address's name look-up budget
(`DICEHALL_LOOKUP_RATE`) and the asker's own request budget (`DICEHALL_FRIEND_REQUEST_RATE`),
both before anything is awaited. An account is **online** while it holds a connected seat at
a table this server process plays, or has opened the lobby (which reads this list) in the last
`ONLINE_S` seconds. docs/play-together.md, *Friends*; docs/security.md for the limits.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field

from dicehall.store.accounts import Account, Accounts
from dicehall.store.friends import Friend, Friends, TooMany
from dicehall.web.accounts.routes import NAME, signed_in, spend_lookup
from dicehall.web.errors import RequestError
from dicehall.web.hall import Hall
from dicehall.web.protection.budgets import Budgets
from dicehall.web.protection.limits import Limits, Throttle

router = APIRouter(prefix="/api/friends", tags=["friends"])
ONLINE_S = 90.0
"""Seconds an account counts as online after its lobby last read the friends list (the
lobby reads it every 30 s)."""
SEEN_KEYS = 10_000


class FriendDesk:
    """The friends' store, each account's request budget, and when each was last seen."""

    def __init__(self, accounts: Accounts, limits: Limits, budgets: Budgets | None = None) -> None:
        self.friends = Friends(
            accounts.store, int(limits.max_friends), int(limits.max_friend_requests)
        )
        self.accounts = accounts
        rate, burst = limits.friend_request_rate, limits.friend_request_burst
        self.requests = (  # shared by the processes on PostgreSQL (protection/budgets.py)
            budgets.throttle("friend_requests", rate, burst) if budgets else Throttle(rate, burst)
        )
        self.seen: OrderedDict[str, float] = OrderedDict()

    def saw(self, account_id: str) -> None:
        self.seen[account_id] = time.monotonic()
        self.seen.move_to_end(account_id)
        while len(self.seen) > SEEN_KEYS:  # the least recently seen are forgotten
            self.seen.popitem(last=False)

    def recently_seen(self, account_id: str) -> bool:
        then = self.seen.get(account_id)
        return then is not None and time.monotonic() - then < ONLINE_S


class NameIn(BaseModel):
    name: str = Field(min_length=1, max_length=24)


def get_desk(request: Request) -> FriendDesk:
    desk: FriendDesk = request.app.state.friend_desk
    return desk


DeskDep = Annotated[FriendDesk, Depends(get_desk)]
AccountDep = Annotated[Account, Depends(signed_in)]


def where_seated(hall: Hall, name: str) -> dict[str, Any] | None:
    """A table of this process where the account `name` is connected at a seat: the public
    one if any ({id, game, url}), else {} (private); None when it is at none."""
    found: dict[str, Any] | None = None
    for table in hall.tables.values():
        if table.match.is_over or table.row.status != "live":
            continue
        seats = table.row.seats
        here = [s for s in range(len(seats)) if seats[s].get("account") == name]
        if not any(table.presence.connected(s) for s in here):
            continue
        if table.row.options.get("private"):
            found = found or {}
            continue
        return {"id": table.id, "game": table.row.game, "url": f"/table/{table.id}"}
    return found


def _friend_json(hall: Hall, desk: FriendDesk, friend: Friend) -> dict[str, Any]:
    out: dict[str, Any] = {"name": friend.name}
    if friend.relation == "friend":
        table = where_seated(hall, friend.name)
        out["online"] = table is not None or desk.recently_seen(friend.account_id)
        out["table"] = table or None  # a private table is not named
    return out


@router.get("")
async def list_friends(request: Request, account: AccountDep, desk: DeskDep) -> dict[str, Any]:
    """The signed-in account's friends (online or not, and at which public table), the
    requests waiting for its answer, and its own waiting requests."""
    desk.saw(account.id)
    people = await asyncio.to_thread(desk.friends.of, account.id)
    hall: Hall = request.app.state.hall
    by = {
        kind: [_friend_json(hall, desk, f) for f in people if f.relation == kind]
        for kind in ("friend", "incoming", "outgoing")
    }
    return {"friends": by["friend"], "incoming": by["incoming"], "outgoing": by["outgoing"]}


async def _other(request: Request, desk: FriendDesk, account: Account, name: str) -> Account:
    """The account named `name` (the look-up is budgeted); 404 / 422 otherwise."""
    spend_lookup(request)
    found = await asyncio.to_thread(desk.accounts.by_name, name) if NAME.fullmatch(name) else None
    if found is None:
        raise RequestError(404, "unknown_player", "there is no player with that name")
    if found[0].id == account.id:
        raise RequestError(422, "yourself", "you cannot add yourself as a friend")
    return found[0]


@router.post("", status_code=201)
async def ask(request: Request, body: NameIn, account: AccountDep, desk: DeskDep) -> dict[str, Any]:
    """Ask a player by name to be friends: `requested`, or `friends` when they had asked you
    (their request is accepted) or you were friends already, or `pending`."""
    if not desk.requests.spend(account.id):
        wait = desk.requests.retry_after(account.id)
        raise RequestError(429, "rate_limited", f"too many friend requests; try again in {wait} s")
    other = await _other(request, desk, account, body.name)
    try:
        status = await asyncio.to_thread(desk.friends.ask, account.id, other.id)
    except TooMany as exc:
        raise RequestError(409, "too_many", str(exc)) from None
    return {"name": other.name, "status": status}


async def _answer(
    request: Request, desk: FriendDesk, account: Account, name: str, yes: bool
) -> None:
    other = await _other(request, desk, account, name)
    try:
        done = await asyncio.to_thread(desk.friends.answer, account.id, other.id, yes)
    except TooMany as exc:
        raise RequestError(409, "too_many", str(exc)) from None
    if not done:
        raise RequestError(404, "no_request", f"{other.name} has not asked you to be friends")


@router.post("/{name}/accept")
async def accept(request: Request, name: str, account: AccountDep, desk: DeskDep) -> dict[str, Any]:
    """Accept `name`'s request: you are friends."""
    await _answer(request, desk, account, name, True)
    return {"name": name, "status": "friends"}


@router.post("/{name}/decline")
async def decline(
    request: Request, name: str, account: AccountDep, desk: DeskDep
) -> dict[str, Any]:
    """Decline `name`'s request (they may ask again)."""
    await _answer(request, desk, account, name, False)
    return {"name": name, "status": "declined"}


@router.delete("/{name}")
async def remove(request: Request, name: str, account: AccountDep, desk: DeskDep) -> dict[str, Any]:
    """End a friendship, or withdraw your request to `name`."""
    other = await _other(request, desk, account, name)
    if not await asyncio.to_thread(desk.friends.remove, account.id, other.id):
        raise RequestError(404, "not_friends", f"{other.name} is not your friend")
    return {"name": other.name, "status": "removed"}
