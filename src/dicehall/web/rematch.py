"""Rematch: "play again" after the result, with the same people, bots and settings.

The first person at a finished table to ask (`POST /api/tables/{id}/rematch` with their seat
tokens) opens the new table; everyone else who asks gets a seat at that same table. The seats
rotate by one (the old second seat is the new first, and so on), so a different person
starts; each person keeps their name, each bot its level, the table its parameters and options.
Everyone still at the old table is told (`{"type": "rematch", "id": …}`) and joins with one tap,
through whichever server process they are connected (`web.cluster.node`).

Each person's new token is handed to them only, against their old seat's token; wrong tokens
spend the same budgets as a websocket hello's (`protection/guard.py`). The new tables' tokens
wait in this process's memory for their people (the newest `KEPT` rematches).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from dicehall.web.errors import RequestError
from dicehall.web.hall import Hall, make_game
from dicehall.web.protection.guard import Guards
from dicehall.web.tables.table import Table

KEPT = 1000  # rematches whose tokens are remembered for the people still to come


@dataclass
class Rematch:
    """A finished table's rematch: the new table and each old seat's new seat and token."""

    table_id: str
    seats: dict[int, int]  # old seat -> new seat
    tokens: dict[int, str]  # new seat -> its token (people's seats only)


_made: OrderedDict[str, Rematch] = OrderedDict()


def rotated(seats: list[dict[str, Any]], taken: set[int]) -> list[dict[str, Any]]:
    """The seats one place on: old seat 1 becomes seat 0 (a different person starts). A seat
    open to anyone that somebody took (`taken`) is now theirs; one nobody took stays open.
    Accounts are linked again when their people sit down."""
    n = len(seats)
    out = []
    for new in range(n):
        old = (new + 1) % n
        cfg = {k: v for k, v in seats[old].items() if k not in ("account", "open")}
        if seats[old].get("open") and old not in taken:
            cfg["open"] = True
        out.append({**cfg, "seat": new})
    return out


async def _seats_held(
    hall: Hall, guards: Guards, client: str, table: Table, tokens: Any
) -> set[int]:
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


async def rematch(
    hall: Hall, guards: Guards, client: str, table: Table, tokens: Any
) -> dict[str, Any]:
    """The rematch's id and the caller's new seats with their tokens (made on the first ask)."""
    held = await _seats_held(hall, guards, client, table, tokens)
    if not table.match.is_over:
        raise RequestError(409, "not_finished", "a rematch can be asked once the game is over")
    made = _made.get(table.id)
    if made is None:
        row = table.row
        game = make_game(row.game, dict(row.params))
        new, new_tokens = await hall.open_table(
            game, rotated(row.seats, set(table.presence.claimed)), dict(row.options)
        )
        n = len(row.seats)
        made = Rematch(new.id, {old: (old - 1) % n for old in range(n)}, new_tokens)
        _made[table.id] = made
        while len(_made) > KEPT:
            _made.popitem(last=False)
        for conn in table.presence.conns:
            conn.send({"type": "rematch", "id": new.id})
        if hall.cluster is not None:  # people at the table through other processes
            hall.cluster.rematched(table, new.id)
    mine = {made.seats[s]: made.tokens[made.seats[s]] for s in sorted(held)}
    hash_tokens = ",".join(mine.values())
    return {
        "id": made.table_id,
        "url": f"/table/{made.table_id}",
        "tokens": {str(s): t for s, t in mine.items()},
        "link": f"/table/{made.table_id}#tokens={hash_tokens}",
    }
