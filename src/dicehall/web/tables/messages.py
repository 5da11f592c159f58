"""What a live table sends its connections: the welcome (everything a connection sees when it
arrives), an update's state, the seats; each from that connection's seats' point of view.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from dicehall.core.types import CHANCE, Seat
from dicehall.engine.match import Match
from dicehall.store import MatchRow
from dicehall.web.tables.conn import Conn
from dicehall.web.tables.driver import Driver
from dicehall.web.tables.pauses import Pauses
from dicehall.web.tables.presence import Presence
from dicehall.web.tables.room import Room
from dicehall.web.tables.turns import TurnKeeper
from dicehall.web.tables.viewers import log_viewer, viewing
from dicehall.web.tables.views import explained_log, result_json, seat_panels


class Shown(Protocol):
    """What the messages show of a table (`web.tables.table.Table`)."""

    row: MatchRow
    match: Match
    bot_seats: set[Seat]
    notes: list[dict[str, Any]]
    presence: Presence
    driver: Driver
    pauses: Pauses
    room: Room
    turns: TurnKeeper | None


def seats_json(table: Shown) -> list[dict[str, Any]]:
    presence, covered = table.presence, table.driver.covered
    return [
        dict(
            cfg,
            seat=s,
            connected=presence.connected(s),
            covered=s in covered,
            claimed=s in presence.claimed or s in table.bot_seats,
        )
        for s, cfg in enumerate(table.row.seats)
    ]


def timer_json(m: Match) -> dict[str, Any] | None:
    deadline = m.timer_deadline()
    if deadline is None or m.clock is None:
        return None
    request = m.game.timer(m.state)
    total = request.seconds if request else None
    return {"remaining": max(0.0, deadline - m.clock.now()), "total": total}


def state_json(table: Shown, conn: Conn, cache: dict[Any, Any]) -> dict[str, Any]:
    m = table.match
    panels = seat_panels(m, viewing(m.game, conn.seats, conn.focus), cache)
    if table.row.options.get("rated"):  # no coach at a rated table (accounts/seat_accounts.py)
        panels = [{**panel, "hints": None, "guide": None} for panel in panels]
    return {
        "version": m.version,
        # nobody's turn while the table waits in its room (no "your turn" alert either)
        "actors": [] if table.room.waiting else [s for s in m.actors() if s != CHANCE],
        "over": m.is_over,
        "result": result_json(m),
        "timer": timer_json(m),
        "pause": table.pauses.to_json(asyncio.get_running_loop().time()),
        "turn": table.turns.to_json() if table.turns is not None else None,
        "panels": panels,
    }


def welcome(table: Shown, conn: Conn) -> dict[str, Any]:
    m = table.match
    viewer = log_viewer(m, conn.seats, conn.focus)
    lines = explained_log(m, table.row.seats, viewer)
    return {
        "type": "welcome",
        "table": table.row.public(),
        "game": {"id": m.game.id, "name": m.game.spec.name, "players": m.game.num_players},
        "you": list(conn.seats),
        "focus": conn.focus,
        "seats": seats_json(table),
        "log": sorted(lines + table.notes, key=lambda x: (x["index"], x["seat"] is None)),
        **state_json(table, conn, {}),
    }


def updates(table: Shown, start: int, before: Any = None) -> list[tuple[Conn, dict[str, Any]]]:
    """Each connection's update with the entries from `start` on (`before`: the state before
    them, if known); the log's texts made once per kind of viewer."""
    m = table.match
    cache: dict[Any, Any] = {}
    texts: dict[Seat | None, list[dict[str, Any]]] = {}
    out = []
    for conn in table.presence.conns:
        viewer = log_viewer(m, conn.seats, conn.focus)
        if viewer not in texts:
            texts[viewer] = explained_log(m, table.row.seats, viewer, start, before)
        out.append(
            (conn, {"type": "update", "log": texts[viewer], **state_json(table, conn, cache)})
        )
    return out
