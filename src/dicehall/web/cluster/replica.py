"""A table served by a process that does not own it (`web.cluster`): it follows the store.

A replica's match is rebuilt from the stored log when the owner announces new entries, and
what is new is broadcast to the replica's own connections, as the owner does for its own. When
the owner is gone and this process takes the table's lock, the replica is promoted: it
reloads the match once more and starts the table's driver (bots, timers).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from dicehall.engine.record import resume
from dicehall.web.tables import pauses
from dicehall.web.tables.views import result_json

if TYPE_CHECKING:
    from dicehall.web.tables.table import Table


async def refresh(table: Table) -> None:
    """Catch up with the stored log; broadcast the new entries to this process's clients."""
    async with table.lock:
        store = table.store
        row, record = await asyncio.to_thread(lambda: (store.get(table.id), store.record(table.id)))
        if row is None or record is None:
            return
        old = table.match
        start = len(old.log)
        if len(record.actions) > start:
            table.match = resume(record, bots=old.bots, clock=old.clock, pause=old.pause)
            if not table.match.held:  # the game went on: the owner's pause, if any, is over
                table.pause = None
        table.row.status, table.row.num_actions = row.status, row.num_actions
        if table.match.is_over:
            table.row.result = result_json(table.match)
        if len(table.match.log) > start:
            table.broadcast(start)


async def promote(table: Table) -> None:
    """This process now holds the table's lock: load the newest log and play it here."""
    await refresh(table)
    table.replica = False
    now = asyncio.get_running_loop().time()
    for seat in table.claimed:
        if not table.connected(seat):  # their grace period starts now, as after a restart
            table.away_since.setdefault(seat, now)
    if not table.match.is_over and table.row.status == "live":
        table.start()
    table.wake.set()


def remote_presence(table: Table, seat: int, node: str, here: bool) -> None:
    """A person took or left their seat through another process (the owner hears of it)."""
    nodes = table.remote.setdefault(seat, set())
    was = table.connected(seat)
    (nodes.add if here else nodes.discard)(node)
    if here:  # seated with a token: the seat is theirs (a stand-in bot only while away)
        table.claimed.add(seat)
    if here and not was:
        table.seat_back(seat)
    elif not here and was and not table.connected(seat):
        table.away_since[seat] = asyncio.get_running_loop().time()
    if here and table.pause is not None:  # that process may have loaded the table after the
        pauses.announce(table)  # pause began: its people would see no pause and no Skip
    table.broadcast_seats()
    table.wake.set()
