"""One websocket connection at a table: the seats it controls and its outgoing queue."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from dicehall.core.types import Seat


@dataclass(eq=False)
class Conn:
    """One websocket: the seats it controls (none for a spectator), the one shown on a shared
    device (`web.tables.viewers`) and its outgoing queue."""

    seats: tuple[Seat, ...]
    limit: int = 256
    queue: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    closed: bool = False
    focus: Seat | None = None

    def send(self, message: dict[str, Any]) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= self.limit:  # a client that does not read is dropped
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(message)
