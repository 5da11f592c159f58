"""A table served by a process that does not own it (`web.cluster`): it follows the store.

A replica's match is rebuilt from the stored log when the owner announces new entries, and
what is new is broadcast to the replica's own connections, as the owner does for its own. When
the owner is gone and this process takes the table's lock, the replica is promoted: it
reloads the match once more and starts the table's driver (bots, timers).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dicehall.web.tables.table import Table


async def refresh(table: Table) -> None:
    """Catch up with the stored log; broadcast the new entries to this process's clients."""
    async with table.lock:
        store = table.store
        row, record = await asyncio.to_thread(lambda: (store.get(table.id), store.record(table.id)))
        if row is not None and record is not None:
            table.catch_up(row, record)


async def promote(table: Table) -> None:
    """This process now holds the table's lock: load the newest log and play it here."""
    await refresh(table)
    table.take_over()
