"""The coach at a table (`dicehall.review.coach`): `GET /api/tables/{id}/coach?seat=N` with the
seat's token in the `X-Seat-Token` header answers each legal move's value for that seat's
current decision, from its own view only.

Only tables created with `"coach": true` have one (a rated table never would), and only the
seat itself may ask: 403 without its token. Advice is computed off the event loop, one at a
time (503 `busy` while another is made).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request

from dicehall.review.coach import coach
from dicehall.web import metrics
from dicehall.web.errors import RequestError

router = APIRouter(prefix="/api")
_BUSY = asyncio.Semaphore(1)


@router.get("/tables/{table_id}/coach")
async def table_coach(
    request: Request,
    table_id: str,
    seat: int,
    x_seat_token: Annotated[str | None, Header(max_length=128)] = None,
) -> dict[str, Any]:
    """Each legal move's value for `seat`'s decision now (exact where solved, else estimated)."""
    from dicehall.web.api import _row, get_hall

    hall = get_hall(request)
    row = await asyncio.to_thread(_row, hall, table_id)  # 404 unknown table
    if not row.options.get("coach"):
        raise RequestError(409, "coach_off", "this table was created without the coach")
    table = await hall.get(table_id)
    if table is None or await hall.seat_of(table, x_seat_token) != seat:
        raise RequestError(403, "not_your_seat", "the coach advises a seat only with its token")
    match = table.match
    legal = match.legal_actions(seat)
    if not legal:
        raise RequestError(409, "not_your_turn", "the coach advises on your own decisions")
    view, version = match.view(seat), match.version
    if _BUSY.locked():
        raise RequestError(503, "busy", "the coach is advising someone else: try again")
    async with _BUSY:
        with metrics.COACH_QUEUE.track_inprogress():  # the coach queue's gauge (web/metrics.py)
            advice = await asyncio.to_thread(coach, match.game, view, seat, legal)
    return {"version": version, "seat": seat, **advice.to_json()}
