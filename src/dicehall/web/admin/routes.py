"""/admin: the operators' page and its API (accounts marked by `dicehall admin grant NAME`).

`GET /api/admin` answers the live numbers (what /metrics knows), the live tables, the
reported chat messages and the latest operators' actions. The actions: close a table
(`POST /api/admin/tables/{id}/close`: it is kept and watchable, no longer played), suspend an
account or lift its suspension (`POST /api/admin/accounts/{name}/suspend`, `…/unsuspend`: a
suspended account cannot sign in or play, its sessions end, its seats' connections close:
at once on this process and, told through PostgreSQL, on the others, `web/lifecycle.py`) and end an
account's sessions (`…/{name}/signout`). Every action is kept in the database
(`store/admin.py`) and logged as an `admin_action` event (`web/events.py`). Anyone signed
out gets 404, a signed-in non-operator 403; CSRF as every account route
(`web/accounts/sessions.py`). docs/hosting.md, *Administration*.
"""

from __future__ import annotations

import asyncio
from dataclasses import asdict
from pathlib import Path as FilePath
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import FileResponse

from dicehall.store import LIVE
from dicehall.store.accounts import Account
from dicehall.store.admin import Administration
from dicehall.store.chat import KeptChat
from dicehall.store.repository import EXPIRED
from dicehall.web import events
from dicehall.web.accounts.sessions import request_account
from dicehall.web.admin.numbers import numbers
from dicehall.web.errors import RequestError
from dicehall.web.hall import Hall
from dicehall.web.lifecycle import SUSPENDED

router = APIRouter(prefix="/api/admin", tags=["admin"])
pages = APIRouter(include_in_schema=False)
STATIC = FilePath(__file__).parents[1] / "static"  # web/static
SHOWN_TABLES = 200
SHOWN_REPORTS = 100
SHOWN_ACTIONS = 50
TableId = Annotated[str, Path(max_length=64)]
Name = Annotated[str, Path(min_length=1, max_length=24)]


def operator(request: Request) -> Account:
    """The signed-in operator; 404 signed out (nothing here to see), 403 for anyone else."""
    account = request_account(request)
    if account is None:
        raise RequestError(404, "not_found", "Not Found")
    if not account.operator:
        raise RequestError(403, "not_operator", "this page is for the server's operators")
    return account


OperatorDep = Annotated[Account, Depends(operator)]


def _admin(request: Request) -> Administration:
    hall: Hall = request.app.state.hall
    return Administration(hall.store)


@pages.get("/admin")
def admin_page(_: OperatorDep) -> FileResponse:
    return FileResponse(STATIC / "admin.html", headers={"Cache-Control": "no-cache"})


@router.get("")
async def overview(request: Request, me: OperatorDep) -> dict[str, Any]:
    """The live numbers, the live tables, the reported chat messages, the latest actions."""
    hall: Hall = request.app.state.hall
    admin = _admin(request)

    def read() -> dict[str, Any]:
        rows = hall.store.list_matches(LIVE, limit=SHOWN_TABLES)
        reports = KeptChat(hall.store).reports(SHOWN_REPORTS)
        return {
            "numbers": numbers(request.app.state),  # /metrics reads its files: off the loop
            "tables": [_table(hall, row) for row in rows],
            "reports": [_report(r) for r in reports],
            "actions": [asdict(a) for a in admin.actions(SHOWN_ACTIONS)],
        }

    return {"operator": me.name, **await _off(read)}


def _table(hall: Hall, row: Any) -> dict[str, Any]:
    here = hall.tables.get(row.id)
    connected = len([c for c in here.presence.conns if not c.closed]) if here else None
    return {
        "id": row.id,
        "game": row.game,
        "seats": [{"kind": s.get("kind"), "name": s.get("name")} for s in row.seats],
        "private": bool(row.options.get("private")),
        "rated": bool(row.options.get("rated")),
        "actions": row.num_actions,
        "created": row.created,
        "updated": row.updated,
        "connected_here": connected,
    }


def _report(r: Any) -> dict[str, Any]:
    line = r.line
    return {
        "report": r.id,
        "reported": r.made,
        "by": r.reporter,
        "table": line.match_id,
        "author": line.author,
        "channel": line.channel,
        "text": line.text,
        "sent": line.sent,
    }


async def _off(work: Any, *args: Any) -> Any:
    return await asyncio.to_thread(work, *args)


async def _record(request: Request, me: Account, action: str, target: str) -> None:
    """Keep an action done in the database, and log it as an event."""
    await _off(_admin(request).log, me.name, action, target)
    events.emit("admin_action", operator=me.name, action=action, target=target)


@router.post("/tables/{table_id}/close")
async def close_table(request: Request, me: OperatorDep, table_id: TableId) -> dict[str, Any]:
    """Stop a live table: kept and watchable, no longer played (409 if it is not live)."""
    if not await _off(_admin(request).close_table, table_id):
        raise RequestError(409, "not_live", "there is no live table with that id")
    hall: Hall = request.app.state.hall
    table = hall.tables.get(table_id)
    if table is not None:
        table.expire(EXPIRED, "An operator closed this table.")
    if hall.cluster is not None:  # the process that plays it stops it now
        hall.cluster.admin_changed("closed")
    await _record(request, me, "close_table", table_id)
    return {"closed": table_id}


async def _account(request: Request, name: str) -> Account:
    found: Account | None = await _off(_admin(request).account, name)
    if found is None:
        raise RequestError(404, "unknown_account", "there is no account with that name")
    return found


@router.post("/accounts/{name}/suspend")
async def suspend(request: Request, me: OperatorDep, name: Name) -> dict[str, Any]:
    """Suspend an account: no sign-in, no play; its sessions end, its seats' sockets close."""
    account = await _account(request, name)
    if account.id == me.id:
        raise RequestError(409, "yourself", "an operator cannot suspend their own account")
    admin = _admin(request)
    ended = await _off(admin.suspend, account.id, True)
    hall: Hall = request.app.state.hall
    sent_away = 0
    for table_id, seat in await _off(admin.live_seats, account.id):
        table = hall.tables.get(table_id)
        if table is not None:
            sent_away += table.send_away(seat, SUSPENDED)
    if hall.cluster is not None:  # the other processes close its connections now
        hall.cluster.admin_changed("suspended")
    await _record(request, me, "suspend", account.name)
    return {"suspended": account.name, "sessions_ended": ended, "connections_closed": sent_away}


@router.post("/accounts/{name}/unsuspend")
async def unsuspend(request: Request, me: OperatorDep, name: Name) -> dict[str, Any]:
    """Lift a suspension: the account may sign in and play again."""
    account = await _account(request, name)
    await _off(_admin(request).suspend, account.id, False)
    await _record(request, me, "unsuspend", account.name)
    return {"unsuspended": account.name}


@router.post("/accounts/{name}/signout")
async def end_sessions(request: Request, me: OperatorDep, name: Name) -> dict[str, Any]:
    """End every session of an account (it must sign in again)."""
    account = await _account(request, name)
    ended = await _off(_admin(request).end_sessions, account.id)
    await _record(request, me, "end_sessions", account.name)
    return {"signed_out": account.name, "sessions_ended": ended}
