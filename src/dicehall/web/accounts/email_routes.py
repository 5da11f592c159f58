"""An account's e-mail address and its opt-in to "your turn" e-mails (`mail_alerts`).

Signed-in accounts only (401), every change with the session's CSRF header; the address is
checked to be one plain address (no spaces, commas, control characters or line breaks, so
nothing can be added to a mail's headers) of at most 254 characters. docs/play-together.md,
*E-mail alerts*.
"""

from __future__ import annotations

import asyncio
import re
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field, StrictBool

from dicehall.store.accounts import Account
from dicehall.store.emails import Email, Emails
from dicehall.web.accounts.routes import signed_in
from dicehall.web.errors import RequestError

router = APIRouter(prefix="/api/account", tags=["accounts"])
ADDRESS = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+")
"""One plain address: no spaces, commas, quotes, control characters or line breaks (nothing
added to a mail's headers, no second recipient)."""
MAX_ADDRESS = 254


class EmailIn(BaseModel):
    address: str = Field(max_length=MAX_ADDRESS)  # "" forgets the address
    alerts: StrictBool = False


AccountDep = Annotated[Account, Depends(signed_in)]


def _emails(request: Request) -> Emails:
    return Emails(request.app.state.hall.store)


@router.get("/email")
async def get_email(request: Request, account: AccountDep) -> dict[str, Any]:
    """The account's address, whether it wants alerts, and whether this server sends any."""
    email = await asyncio.to_thread(_emails(request).get, account.id)
    return {
        "address": email.address if email else "",
        "alerts": bool(email and email.alerts),
        "available": bool(request.app.state.settings.smtp_host),
    }


@router.post("/email")
async def set_email(request: Request, body: EmailIn, account: AccountDep) -> dict[str, Any]:
    """Keep an address (or forget it with ""), and opt in or out of "your turn" e-mails."""
    address = body.address.strip()
    if address and not ADDRESS.fullmatch(address):
        raise RequestError(422, "bad_address", "that is not an e-mail address")
    if not address and body.alerts:
        raise RequestError(422, "no_address", "e-mail alerts need an address")
    email = Email(address, body.alerts) if address else None
    await asyncio.to_thread(_emails(request).put, account.id, email)
    return {"address": address, "alerts": body.alerts}
