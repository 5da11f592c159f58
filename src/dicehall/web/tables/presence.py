"""Who is at a live table: its connections, the seats people hold, who is away and since when.

A seat taken with its token is *claimed* (saved in the store, in the background: `join`
cannot wait for it). A person whose last connection closed is *away*: after the grace period
a bot stands in for them (`web.tables.driver`) until they return. With several server
processes, people seated through another process are *remote* here (`web.cluster`).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Iterable

from dicehall.core.types import Seat
from dicehall.store import Store, StoreUnavailable
from dicehall.web.tables import writes
from dicehall.web.tables.conn import Conn

log = logging.getLogger("dicehall.web")


class Presence:
    """The connections and seats of one table (`table_id` in `store`)."""

    def __init__(self, store: Store, table_id: str) -> None:
        self.store, self.table_id = store, table_id
        self.conns: set[Conn] = set()
        self.claimed: set[Seat] = set()
        self.unsaved_claims: set[Seat] = set()
        self.claims_saving: asyncio.Task[None] | None = None
        self.away_since: dict[Seat, float] = {}
        self.remote: dict[Seat, set[str]] = {}  # seats held through other processes
        self.seen: dict[Seat, deque[str]] = {}
        self.idle_since = asyncio.get_running_loop().time()  # nobody connected since then

    def connected(self, seat: Seat) -> bool:
        return any(seat in c.seats for c in self.conns) or bool(self.remote.get(seat))

    def claim(self, seat: Seat) -> None:
        """The seat is a person's (its claim is in the store already)."""
        self.claimed.add(seat)

    def away(self, seats: Iterable[Seat], now: float) -> None:
        """These claimed seats have nobody at them since `now` (unless already away)."""
        for seat in seats:
            self.claimed.add(seat)
            self.away_since.setdefault(seat, now)

    def arrive(self, conn: Conn) -> None:
        """A connection joins: its seats are claimed and nobody's away from them."""
        self.conns.add(conn)
        for seat in conn.seats:
            self.away_since.pop(seat, None)
            if seat not in self.claimed:
                self.claimed.add(seat)
                self.unsaved_claims.add(seat)
        self.save_claims()

    def depart(self, conn: Conn, now: float) -> None:
        """A connection closed: its seats nobody else holds are away from now."""
        self.conns.discard(conn)
        if not self.conns:
            self.idle_since = now
        for seat in conn.seats:
            if not self.connected(seat):
                self.away_since[seat] = now

    def remote_change(self, seat: Seat, node: str, here: bool, now: float) -> bool:
        """A person took (`here`) or left their seat through process `node`; True when the
        seat had nobody and now has someone."""
        nodes = self.remote.setdefault(seat, set())
        was = self.connected(seat)
        (nodes.add if here else nodes.discard)(node)
        if here:  # seated with a token: the seat is theirs (a stand-in bot only while away)
            self.claimed.add(seat)
        if here and not was:
            self.away_since.pop(seat, None)
            return True
        if not here and was and not self.connected(seat):
            self.away_since[seat] = now
        return False

    def overdue(self, now: float, grace: float) -> list[Seat]:
        """Claimed seats whose person has been away for the grace period or longer."""
        return [s for s, t in self.away_since.items() if s in self.claimed and now - t >= grace]

    def returns(self, grace: float) -> list[float]:
        """When each away person's grace period ends."""
        return [t + grace for s, t in self.away_since.items() if s in self.claimed]

    def first_time(self, seat: Seat, msg_id: str) -> bool:
        """Remember a message id per seat (across reconnections); False for a duplicate."""
        seen = self.seen.setdefault(seat, deque(maxlen=512))
        if msg_id in seen:
            return False
        seen.append(msg_id)
        return True

    def was_acknowledged(self, seat: Seat, msg_id: str) -> bool:
        return msg_id in self.seen.get(seat, ())

    def save_claims(self) -> None:
        """Save the seats taken with their creation token, in the background."""
        if self.unsaved_claims and (self.claims_saving is None or self.claims_saving.done()):
            self.claims_saving = asyncio.get_running_loop().create_task(self.write_claims())

    async def write_claims(self) -> None:
        """Persist seats taken with their creation token, in the store's writer; a refused
        write is retried at the next save (the seat stays taken in memory, so nobody else can
        claim it meanwhile)."""
        for seat in sorted(self.unsaved_claims):
            try:
                await writes.run(self.store.mark_claimed, self.table_id, seat, first=True)
            except StoreUnavailable as exc:
                log.error("table %s: seat %d claim not saved yet: %s", self.table_id, seat, exc)
                return
            self.unsaved_claims.discard(seat)
