"""Keeping only active tables in memory, and expiring tables nobody plays at.

A sweep runs every `sweep_every` seconds:
- a table in memory with nobody connected for `unload_after` seconds is unloaded (its driver
  stops; it stays in the store, and the next visit loads it again, `Hall.get`);
- tables where someone holds a seat are marked as visited in the store (`Store.touch`);
- a live table nobody has joined or moved at for `expire_after` seconds expires: its status
  becomes `expired` (the record stays, it can still be watched), its bots stop, and a person
  who tries to move there is told that it expired.
- a turn-based table whose deadline has passed is loaded (its driver then has a bot move or
  ends the game for the late player, `web.tables.turns`): deadlines pass while nobody is
  there, and after a restart.
- a table this process plays that another process closed in the store (an operator's /admin
  action answered there) stops here too, and a seat's connections here are closed once its
  account is suspended.
The store work runs in a thread, off the event loop.

A SQLite store's write-ahead log is also checkpointed every `CHECKPOINT_EVERY_S` in a thread
(`Store.checkpoint`), so that no move's commit has to copy a thousand pages into the file.
"""

from __future__ import annotations

import asyncio
import logging
import time
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Protocol

from dicehall.store import EXPIRED, LIVE, Store
from dicehall.store.admin import Administration
from dicehall.store.turns import TurnClocks
from dicehall.web.config import Settings
from dicehall.web.tables import writes

if TYPE_CHECKING:
    from dicehall.web.cluster.node import Cluster
    from dicehall.web.tables.table import Table


class Hall(Protocol):
    """What the sweeps use of the hall (`web.hall.Hall`)."""

    store: Store
    settings: Settings
    tables: dict[str, Table]
    cluster: Cluster | None

    async def get(self, table_id: str) -> Table | None: ...


log = logging.getLogger("dicehall.web")

CHECKPOINT_EVERY_S = 0.1


async def unload_idle(hall: Hall) -> int:
    """Unload the tables nobody has been connected to for `unload_after`; returns how many."""
    now = asyncio.get_running_loop().time()
    idle = [
        table
        for table in list(hall.tables.values())
        if not table.presence.conns
        and not table.arriving
        and not table.lock.locked()
        and now - table.presence.idle_since >= hall.settings.unload_after
    ]
    for table in idle:
        if hall.tables.get(table.id) is table:
            del hall.tables[table.id]
            await table.stop()
            if hall.cluster is not None and not table.replica:
                await hall.cluster.release(table.id)  # another process may take it now
    return len(idle)


async def expire_idle(hall: Hall) -> list[str]:
    """Expire live tables idle longer than `expire_after`; returns their ids."""
    seated = [t.id for t in hall.tables.values() if any(c.seats for c in t.presence.conns)]
    cutoff = datetime.now(UTC) - timedelta(seconds=hall.settings.expire_after)
    before = cutoff.isoformat(timespec="seconds")

    def write() -> list[str]:
        hall.store.touch(seated)
        return hall.store.expire_idle(before, keep=seated)

    expired = await writes.run(write)
    for table_id in expired:
        table = hall.tables.get(table_id)
        if table is not None:
            table.expire(EXPIRED)  # its driver sees the status and stops
    if expired:
        log.info("%d idle table(s) expired", len(expired))
    return expired


async def load_due_turns(hall: Hall) -> list[str]:
    """Load the turn-based tables whose deadline passed; returns the ids loaded now."""
    due = await asyncio.to_thread(TurnClocks(hall.store).due, time.time())
    loaded = [table_id for table_id in due if table_id not in hall.tables]
    for table_id in loaded:
        await hall.get(table_id)
    return loaded


async def follow_closes(hall: Hall) -> list[str]:
    """Tables this process plays that another process closed in the store (an operator's
    /admin answered there, `web/admin/routes.py`) stop here too; returns their ids."""
    playing = [t.id for t in hall.tables.values() if not t.replica and t.row.status == LIVE]
    if not playing:
        return []
    closed = await asyncio.to_thread(Administration(hall.store).closed_among, playing)
    for table_id in closed:
        table = hall.tables.get(table_id)
        if table is not None and table.row.status == LIVE:
            table.expire(EXPIRED, "This table was closed.")
    return closed


SUSPENDED = {"type": "error", "code": "account", "message": "this account is suspended"}


async def send_away_suspended(hall: Hall) -> int:
    """Connections here holding a seat of an account an operator suspended through another
    process are closed (the answering process closed its own at once); returns how many."""
    seated = [t.id for t in hall.tables.values() if any(c.seats for c in t.presence.conns)]
    if not seated:
        return 0
    found = await asyncio.to_thread(Administration(hall.store).suspended_among, seated)
    gone = 0
    for table_id, seat in found:
        table = hall.tables.get(table_id)
        if table is not None:
            gone += table.send_away(seat, SUSPENDED)
    return gone


async def sweep_forever(hall: Hall) -> None:
    while True:
        await asyncio.sleep(hall.settings.sweep_every)
        try:
            await follow_closes(hall)
            await send_away_suspended(hall)
            await expire_idle(hall)
            await load_due_turns(hall)
            await unload_idle(hall)
        except Exception:  # the store may refuse for a while: try again next sweep
            log.exception("table sweep failed")


async def checkpoint_forever(hall: Hall) -> None:
    while True:
        await asyncio.sleep(CHECKPOINT_EVERY_S)
        try:
            await asyncio.to_thread(hall.store.checkpoint)
        except Exception:  # a locked or full disk: the commits checkpoint as they always could
            log.exception("checkpoint failed")
            await asyncio.sleep(10 * CHECKPOINT_EVERY_S)
