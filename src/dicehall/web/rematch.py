"""Rematch: "play again" after the result, with the same people, bots and settings.

A series (`web.series`) moves on to its next game, with its running total. The first person
at a finished table to ask (`POST /api/tables/{id}/rematch` with their seat
tokens) opens the new table; everyone else who asks gets a seat at that same table. The seats
rotate by one (the old second seat is the new first, and so on), so a different person
starts; each person keeps their name, each bot its level, the table its parameters and options.
Everyone still at the old table is told (`{"type": "rematch", "id": …}`) and joins with one tap,
through whichever server process they are connected (`web.cluster.node`).

Each person's new token is handed to them only, against their old seat's token; wrong tokens
spend the same budgets as a websocket hello's (`protection/guard.py`). A signed-in player may
ask without tokens (from their profile, on any device): they get the seats their account held
at the finished table (`accounts/seat_accounts.py` linked them). The new tokens are
made from the server's key (the one that signs records) and the new table's id and seat, so
they need not be kept: the finished table's options name its rematch (`rematch`), and after
a restart the tokens are made again for the people still to come. This process also keeps
the newest `KEPT` rematches in memory.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from dicehall.store.accounts import Account
from dicehall.store.rooms import save_options
from dicehall.store.standings import Standings
from dicehall.web.errors import RequestError, store_errors
from dicehall.web.hall import Hall, make_game
from dicehall.web.protection.guard import Guards
from dicehall.web.seat_proof import seats_held
from dicehall.web.series import next_params, next_series
from dicehall.web.tables import writes
from dicehall.web.tables.secret import with_secret
from dicehall.web.tables.table import Table

KEPT = 1000  # rematches whose tokens are remembered for the people still to come


@dataclass
class Rematch:
    """A finished table's rematch: the new table and each old seat's new seat and token."""

    table_id: str
    seats: dict[int, int]  # old seat -> new seat
    tokens: dict[int, str]  # new seat -> its token (people's seats only)
    secret: str = ""  # a private table's link secret (web/tables/secret.py)


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


def _options(options: dict[str, Any], result: dict[str, Any] | None) -> dict[str, Any]:
    """The finished table's options, without its waiting room (the same people play at
    once), a series moved on to its next game (`web.series`)."""
    out = {k: v for k, v in options.items() if k not in ("room", "rematch")}
    if "series" in out:
        out["series"] = next_series(out["series"], result)
    return out


def seat_token(key: bytes, table_id: str, seat: int) -> str:
    """A rematch seat's token: the server's key over the new table and seat (a domain of its
    own: never a record's signature)."""
    mac = hmac.new(key, f"dicehall rematch seat\0{table_id}\0{seat}".encode(), hashlib.sha256)
    return mac.hexdigest()[:32]


def _remembered(table: Table, key: bytes) -> Rematch | None:
    """The rematch this process made, else the one the table's options name (a restart)."""
    made = _made.get(table.id)
    new_id = table.row.options.get("rematch")
    if made is None and isinstance(new_id, str):
        n = len(table.row.seats)
        seats = {old: (old - 1) % n for old in range(n)}
        made = Rematch(new_id, seats, {new: seat_token(key, new_id, new) for new in range(n)})
    return made


async def _seats_of_account(table: Table, account: Account) -> set[int]:
    linked = await asyncio.to_thread(Standings(table.store).linked, table.id)
    held = {seat for seat, owner in linked.items() if owner == account.id}
    if not held:
        raise RequestError(403, "not_yours", "you held no seat at this table")
    return held


async def rematch(
    hall: Hall,
    guards: Guards,
    client: str,
    table: Table,
    tokens: Any,
    key: bytes,
    account: Account | None = None,
) -> dict[str, Any]:
    """The rematch's id and the caller's new seats with their tokens (made on the first ask):
    the seats of `tokens`, or with none, those the signed-in `account` held."""
    if tokens == [] and account is not None:
        held = await _seats_of_account(table, account)
    else:
        held = await seats_held(hall, guards, client, table, tokens)
    if not table.match.is_over:
        raise RequestError(409, "not_finished", "a rematch can be asked once the game is over")
    made = _remembered(table, key)
    if made is None:
        row = table.row
        params = next_params(row.game, row.params) if "series" in row.options else row.params
        game = make_game(row.game, dict(params))
        seats = rotated(row.seats, set(table.presence.claimed))
        new, new_tokens, secret = await hall.open_table(
            game, seats, _options(row.options, row.result), lambda t, s: seat_token(key, t, s)
        )
        with store_errors("the rematch"):  # the table names its rematch: a restart finds it
            options = {**row.options, "rematch": new.id}
            await writes.run(save_options, hall.store, table.id, options, first=True)
        table.set_options(rematch=new.id)
        n = len(row.seats)
        made = Rematch(new.id, {old: (old - 1) % n for old in range(n)}, new_tokens, secret)
        _made[table.id] = made
        while len(_made) > KEPT:
            _made.popitem(last=False)
        for conn in table.presence.conns:
            conn.send({"type": "rematch", "id": new.id})
        if hall.cluster is not None:  # people at the table through other processes
            hall.cluster.rematched(table, new.id)
    mine = {made.seats[s]: made.tokens[made.seats[s]] for s in sorted(held)}
    hash_tokens = ",".join(mine.values())
    return {  # a private table's rematch is private too, with a secret of its own
        "id": made.table_id,
        "url": with_secret(f"/table/{made.table_id}", made.secret),
        "tokens": {str(s): t for s, t in mine.items()},
        "link": with_secret(f"/table/{made.table_id}#tokens={hash_tokens}", made.secret),
    }
