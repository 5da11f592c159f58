"""Seats proved by their tokens over HTTP (a rematch, an invitation by user name).

Wrong tokens spend the same budgets as a websocket hello's (`protection/guard.py`): the
client's is reserved before any await and refunded when every token is right.
"""

from __future__ import annotations

from typing import Any

from dicehall.web.errors import RequestError
from dicehall.web.hall import Hall
from dicehall.web.protection.guard import Guards
from dicehall.web.tables.table import Table


async def seats_held(
    hall: Hall, guards: Guards, client: str, table: Table, tokens: Any
) -> set[int]:
    """The seats `tokens` open at `table`; 422, 403 or 429 (budgets spent) otherwise."""
    if not isinstance(tokens, list) or not 1 <= len(tokens) <= table.match.game.num_players:
        raise RequestError(422, "bad_token", "send your seat tokens at this table")
    if not guards.reserve_token_check(client):  # spent before any await (web/ws.py's hello)
        raise RequestError(429, "rate_limited", "too many wrong seat tokens; try again in a minute")
    held = set()
    for token in tokens:
        seat = await hall.seat_of(table, token)
        if seat is None:
            if not guards.wrong_token(table.id):
                raise RequestError(429, "rate_limited", "too many wrong seat tokens at this table")
            raise RequestError(403, "bad_token", "that seat token is not valid for this table")
        held.add(seat)
    guards.right_tokens(client)
    return held
