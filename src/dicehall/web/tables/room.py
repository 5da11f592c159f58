"""A table's waiting room: the game waits for its people (docs/play-together.md, *Waiting
room*).

The room's state is kept in the table's options (`options["room"]`), so it is saved with the
table and a restarted server still waits: `host` (the creator's seat: whoever holds its token
runs the room), `ready` (the seats whose person marked themselves ready) and `waiting` (False
once the game has started). A table made without a room has none and plays at once.
"""

from __future__ import annotations

from typing import Any

from dicehall.core.types import Seat


def new_room(host: Seat) -> dict[str, Any]:
    """The state of a room that waits, run by the person at seat `host`."""
    return {"host": host, "ready": [], "waiting": True}


def host_of(seats: list[dict[str, Any]], options: dict[str, Any]) -> Seat | None:
    """The table's host: its room's host, else the creator's seat (the first person's seat
    that is not open); None where every person's seat is open (or there is none)."""
    room = options.get("room")
    if isinstance(room, dict) and isinstance(room.get("host"), int):
        return int(room["host"])
    invited = [s for s, c in enumerate(seats) if c.get("kind") == "human" and not c.get("open")]
    return invited[0] if invited else None


class Room:
    """The waiting room of one table (its state is the dict inside the table's options)."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options

    @property
    def state(self) -> dict[str, Any] | None:
        room = self.options.get("room")
        return room if isinstance(room, dict) else None

    @property
    def waiting(self) -> bool:
        """The game has not started: no move, no bot, no timer until it does."""
        return self.state is not None and self.state.get("waiting") is True

    @property
    def host(self) -> Seat | None:
        state = self.state
        return state.get("host") if state is not None else None

    @property
    def ready(self) -> set[Seat]:
        state = self.state
        return set(state.get("ready", [])) if state is not None else set()

    def mark(self, seats: tuple[Seat, ...], ready: bool) -> None:
        """The person holding `seats` is ready (or not any more)."""
        if self.state is not None:
            now = self.ready | set(seats) if ready else self.ready - set(seats)
            self.state["ready"] = sorted(now)

    def forget(self, seat: Seat) -> None:
        """The seat changed hands (a bot's now, or invited again): its ready mark goes."""
        self.mark((seat,), False)

    def begin(self) -> None:
        if self.state is not None:
            self.state["waiting"] = False

    def to_json(self) -> dict[str, Any] | None:
        state = self.state
        return dict(state) if state is not None else None
