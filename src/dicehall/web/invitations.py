"""Invitations by user name and QR codes (docs/play-together.md, *Invitations*).

- `POST /api/tables/{id}/invitations` (signed in, with the host seat's token): invite a
  player by user name to a seat nobody has taken. Names looked up spend the address's lookup
  budget (`DICEHALL_LOOKUP_RATE`), and an unknown name is the same 404 a profile answers.
- `GET /api/invitations` (signed in): "invitations for you", the open ones, newest first.
- `POST /api/invitations/{id}/accept` (signed in, the invited account only): the seat, with a
  fresh token, as long as nobody has taken it.
- `POST /api/qr`: a short text (a seat's link) as a QR code in SVG, for a friend at the same
  physical table to scan. The server keeps seat tokens as digests only, so the page that
  holds a link sends it; nothing of it is kept or logged.
"""

from __future__ import annotations

import asyncio
import io
import re
import secrets
from typing import Annotated, Any

import segno
from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field, StrictInt, StringConstraints

from dicehall.store import token_digest
from dicehall.store.invitations import Invitations
from dicehall.web.accounts.routes import NAME, signed_in, spend_lookup
from dicehall.web.api import HallDep, valid_table_id
from dicehall.web.errors import RequestError, store_errors
from dicehall.web.hall import Hall
from dicehall.web.protection.guard import client_key
from dicehall.web.schemas import ERRORS, InvitationOut, InvitedOut, TakenOut
from dicehall.web.seat_proof import seats_held
from dicehall.web.tables import writes
from dicehall.web.tables.room import host_of
from dicehall.web.tables.table import Table

router = APIRouter(tags=["invitations"], responses=ERRORS)
INVITATION_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
MAX_QR_TEXT = 512  # a seat's link is about 100 characters
LISTED = 20  # invitations shown to a player at most


class InviteIn(BaseModel):
    tokens: list[Annotated[str, StringConstraints(max_length=128)]] = Field(max_length=8)
    seat: StrictInt
    name: str = Field(min_length=1, max_length=24)


class QrIn(BaseModel):
    text: str = Field(min_length=1, max_length=MAX_QR_TEXT)


def _invitations(request: Request) -> Invitations:
    hall: Hall = request.app.state.hall
    return Invitations(hall.store)


async def _table(hall: Hall, table_id: str) -> Table:
    row = await asyncio.to_thread(hall.store.get, table_id) if valid_table_id(table_id) else None
    table = await hall.get(table_id) if row is not None else None
    if table is None:
        raise RequestError(404, "unknown_table", "there is no table with that id")
    return table


def _check_seat(table: Table, seat: int, host: int) -> None:
    if seat not in table.humans or seat == host:
        raise RequestError(422, "bad_seat", "invite a friend to a person's seat other than yours")
    if seat in table.presence.claimed or table.match.is_over or table.row.status != "live":
        raise RequestError(409, "seat_taken", "that seat is taken, or the table is over")


@router.post("/api/tables/{table_id}/invitations", response_model=InvitedOut)
async def invite(hall: HallDep, table_id: str, body: InviteIn, request: Request) -> dict[str, Any]:
    """Invite a player by user name to a seat (the host, signed in, with the host seat's token)."""
    account = signed_in(request)
    table = await _table(hall, table_id)
    guards = request.app.state.guards
    held = await seats_held(hall, guards, client_key(request.scope), table, body.tokens)
    host = host_of(table.row.seats, table.row.options)
    if host is None or host not in held:
        raise RequestError(403, "not_host", "only the table's host invites by user name")
    _check_seat(table, body.seat, host)
    spend_lookup(request)
    accounts = request.app.state.accounts
    found = (
        await asyncio.to_thread(accounts.by_name, body.name) if NAME.fullmatch(body.name) else None
    )
    if found is None:
        raise RequestError(404, "unknown_player", "there is no player with that name")
    invited = found[0]
    with store_errors("invitations"):
        made = await writes.run(
            _invitations(request).invite, table.id, body.seat, invited.id, account.name, first=True
        )
    return {"id": made, "seat": body.seat, "name": invited.name}


@router.get("/api/invitations", response_model=list[InvitationOut])
async def invitations_for_you(request: Request) -> list[dict[str, Any]]:
    """The signed-in player's open invitations, newest first."""
    account = signed_in(request)
    found = await asyncio.to_thread(_invitations(request).for_account, account.id, LISTED)
    return [
        {"id": i.id, "table": i.match_id, "game": i.game, "seat": i.seat, "host": i.host,
         "created": i.created}
        for i in found
    ]  # fmt: skip


@router.post("/api/invitations/{invitation_id}/accept", response_model=TakenOut)
async def accept(hall: HallDep, invitation_id: str, request: Request) -> dict[str, Any]:
    """Take the invitation's seat: its token and the link that opens it."""
    account = signed_in(request)
    kept = _invitations(request)
    found = None
    if INVITATION_ID.fullmatch(invitation_id):
        found = await asyncio.to_thread(kept.find, invitation_id, account.id)
    if found is None:  # someone else's is not found either
        raise RequestError(404, "unknown_invitation", "you have no open invitation of that id")
    table = await _table(hall, found.match_id)
    token = secrets.token_urlsafe(24)
    with store_errors("seats"):
        taken = await writes.run(kept.accept, found, token_digest(token), first=True)
    if not taken:
        raise RequestError(409, "seat_taken", "someone has taken that seat already")
    table.presence.claim(found.seat)
    table.broadcast_seats()
    link = f"/table/{table.id}#seat={found.seat}&token={token}"
    return {"id": table.id, "seat": found.seat, "token": token, "link": link}


@router.post("/api/qr", response_class=Response)
def qr_code(body: QrIn) -> Response:
    """The text as a QR code (SVG): a seat's link for a phone at the same table to scan."""
    out = io.BytesIO()
    segno.make(body.text, error="m").save(out, kind="svg", scale=6, border=2, xmldecl=False)
    return Response(out.getvalue(), media_type="image/svg+xml")
