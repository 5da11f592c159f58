"""The lobby's "your games": every live table where the signed-in account holds a seat, the
ones where it is their move first (soonest deadline first), then the others, newest first.

A seat is the account's once its player opened it signed in (`accounts/seat_accounts.py`).
Whose move it is comes from the table in memory, else from a turn-based table's stored clock
(`store.turns`); a live table not in memory is listed as not your move. docs/play-together.md,
*Your games*.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from dicehall import games
from dicehall.core.types import CHANCE
from dicehall.store.accounts import Account
from dicehall.store.turns import PlayerTable, TurnClocks
from dicehall.web.accounts.routes import signed_in
from dicehall.web.hall import Hall

router = APIRouter(prefix="/api/account", tags=["accounts"])
AccountDep = Annotated[Account, Depends(signed_in)]
LISTED = 100


def _name(game_id: str) -> str:
    try:
        return games.spec(game_id).name
    except Exception:  # a game no longer installed: its id
        return game_id


def _game_json(hall: Hall, held: PlayerTable) -> dict[str, Any]:
    table = hall.tables.get(held.match_id)
    clock = held.clock
    if table is not None and table.row.status == "live" and not table.match.is_over:
        actors = set(table.match.actors()) - {CHANCE}
        turns = table.turns
        deadline = turns.deadline if turns is not None and held.seat in turns.seats else None
    else:
        actors = set(clock.seats) if clock is not None else set()
        deadline = clock.deadline if clock is not None else None
    return {
        "id": held.match_id,
        "game": held.game,
        "name": _name(held.game),
        "url": f"/table/{held.match_id}",
        "seat": held.seat,
        "your_turn": held.seat in actors,
        "deadline": deadline,
        "turn_based": clock is not None,
        "updated": held.updated,
    }


def ordered(listed: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Your move first (the soonest deadline first), then the others by last change."""
    mine = [g for g in listed if g["your_turn"]]
    mine.sort(key=lambda g: (g["deadline"] is None, g["deadline"] or 0.0))
    rest = sorted((g for g in listed if not g["your_turn"]), key=lambda g: g["updated"])
    return mine + rest[::-1]


@router.get("/games")
async def your_games(request: Request, account: AccountDep) -> list[dict[str, Any]]:
    """The signed-in account's live tables, where it is their move first."""
    hall: Hall = request.app.state.hall
    held = await asyncio.to_thread(TurnClocks(hall.store).of_account, account.id, LISTED)
    return ordered([_game_json(hall, h) for h in held])
