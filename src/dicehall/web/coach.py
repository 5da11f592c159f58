"""The coach at a table (`dicehall.review.coach`): `GET /api/tables/{id}/coach?seat=N` with the
seat's token in the `X-Seat-Token` header answers each legal move's value for that seat's
current decision, from its own view only.

Only tables created with `"coach": true` have one (a rated table never would), and only the
seat itself may ask: 403 without its token. Advice is budgeted per client address and per
seat (spent before anything is awaited; 429 past either) and made in the coach's own threads
(`DICEHALL_COACH_THREADS`), one advice at a time per table and per address (503 `busy` while
that one is made): one person's coach never blocks another table's. docs/security.md.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request

from dicehall.review.coach import coach
from dicehall.web import metrics
from dicehall.web.errors import RequestError
from dicehall.web.protection.budgets import Budgets
from dicehall.web.protection.guard import client_key
from dicehall.web.protection.limits import Limits, Throttle

router = APIRouter(prefix="/api")


class CoachDesk:
    """The coach's budgets, its threads, and the tables and addresses being advised now."""

    def __init__(self, limits: Limits, budgets: Budgets | None = None) -> None:
        make = (budgets or Budgets()).throttle
        self.client = make("coach", limits.coach_rate, limits.coach_burst)
        self.seat = make("coach_seat", limits.coach_seat_rate, limits.coach_seat_burst)
        threads = max(1, int(limits.coach_threads))
        self.executor = ThreadPoolExecutor(threads, thread_name_prefix="dicehall-coach")
        self.tables: set[str] = set()
        self.clients: set[str] = set()

    def spend(self, throttle: Throttle, key: str, what: str) -> None:
        if not throttle.spend(key):
            wait = throttle.retry_after(key)
            raise RequestError(429, "rate_limited", f"too much advice {what}; try in {wait} s")

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


@router.get("/tables/{table_id}/coach")
async def table_coach(
    request: Request,
    table_id: str,
    seat: int,
    x_seat_token: Annotated[str | None, Header(max_length=128)] = None,
) -> dict[str, Any]:
    """Each legal move's value for `seat`'s decision now (exact where solved, else estimated)."""
    from dicehall.web.api import _row, get_hall

    desk: CoachDesk = request.app.state.coach_desk
    client = client_key(request.scope)
    desk.spend(desk.client, client, "from your address")
    hall = get_hall(request)
    row = await asyncio.to_thread(_row, hall, table_id)  # 404 unknown table
    if not row.options.get("coach"):
        raise RequestError(409, "coach_off", "this table was created without the coach")
    table = await hall.get(table_id)
    if table is None or await hall.seat_of(table, x_seat_token) != seat:
        raise RequestError(403, "not_your_seat", "the coach advises a seat only with its token")
    desk.spend(desk.seat, f"{table_id}/{seat}", "for this seat")
    match = table.match
    legal = match.legal_actions(seat)
    if not legal:
        raise RequestError(409, "not_your_turn", "the coach advises on your own decisions")
    view, version = match.view(seat), match.version
    if table_id in desk.tables or client in desk.clients:
        raise RequestError(503, "busy", "the coach is still advising you: try again")
    desk.tables.add(table_id)
    desk.clients.add(client)
    try:
        with metrics.COACH_QUEUE.track_inprogress():  # the coach queue's gauge (web/metrics.py)
            loop = asyncio.get_running_loop()
            advice = await loop.run_in_executor(desk.executor, coach, match.game, view, seat, legal)
    finally:
        desk.tables.discard(table_id)
        desk.clients.discard(client)
    return {"version": version, "seat": seat, **advice.to_json()}
