"""Who may take a person's seat.

A table's creator decides, seat by seat: an **invited** seat (the default) belongs to the
holder of its link, and the creator's own seat is one of those; an **open** seat may be taken
from the lobby by anyone, once (`POST /api/tables/{id}/claim`). A hot-seat table's seats all
belong to the device that created it, so none of them can be open.
"""

from __future__ import annotations

from typing import Any

from dicehall.core.types import Seat
from dicehall.web.errors import RequestError
from dicehall.web.tables.table import Table


def mark_open(seats: list[dict[str, Any]], raw_seats: list[Any], mode: str) -> None:
    """Copy each person's `open` choice into its seat config (bots are never open)."""
    for cfg, raw in zip(seats, raw_seats, strict=True):
        wanted = isinstance(raw, dict) and raw.get("open") is True
        if not wanted:
            continue
        if cfg["kind"] != "human":
            raise RequestError(
                422, "bad_seats", f"seat {cfg['seat'] + 1}: only a person's seat is open"
            )
        if mode == "hotseat":
            raise RequestError(
                422, "bad_seats", "a hot-seat table's seats all belong to this device: none is open"
            )
        cfg["open"] = True


def is_open(table: Table, seat: Seat) -> bool:
    seats = table.row.seats
    return 0 <= seat < len(seats) and seats[seat].get("open") is True


def open_seats(table: Table) -> list[Seat]:
    """Open seats nobody has taken yet (the lobby's "Join" buttons)."""
    if table.match.is_over:
        return []
    return [s for s in table.humans if is_open(table, s) and s not in table.presence.claimed]


def check_claimable(table: Table, seat: Any) -> None:
    """Raises unless `seat` is an open seat still free."""
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in table.humans:
        raise RequestError(422, "bad_seat", "that is not a seat for a person")
    if not is_open(table, seat):
        raise RequestError(
            403, "not_open", "that seat is kept for the person it was made for: ask for their link"
        )
