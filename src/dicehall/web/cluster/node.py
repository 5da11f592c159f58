"""Several server processes on one PostgreSQL: one owner per table, LISTEN/NOTIFY between them.

With a PostgreSQL store every server process (`dicehall serve --workers N`, or N servers on
several machines behind one reverse proxy) joins the cluster:
- **Ownership.** A table is played by the process holding its PostgreSQL advisory lock
  (`pg_try_advisory_lock` on the process's own session): it runs the table's bots and timers
  and applies every move. Another process that a client reaches holds a *replica*: it
  serves its own connections from the stored log.
- **Work is done once.** A client whose websocket reaches a process that does not own its
  table is relayed to the owner (`relay`, `inbound`): each process listens on a relay port
  and names it, with a secret, in its lock session's `application_name`, so the owner's
  address is read from PostgreSQL's `pg_locks` beside the lock itself. The owner runs the
  rules, bots and storage and renders each viewer's messages once; the relaying process
  only copies text. When the owner dies, the relay finds the next owner (or takes the table
  itself) and says hello again for its client: the client sees a fresh welcome.
- **Following, where relaying cannot.** A process that cannot reach the owner's relay port
  (or loaded the table for a page) holds a *replica* and serves its own connections from the
  stored log, as below.
- **Moves reach everyone.** A process that loads a replica says so (`dicehall_follows`);
  after each commit of a table someone follows, the owner sends `NOTIFY dicehall_moves`
  (table, number of actions); each process with a replica reads the new entries from the
  store and broadcasts them to its connections. A process that comes to own a table calls
  the roll (`dicehall_presence`), and the replicas say again that they follow it. A move
  sent to a replica is forwarded to the owner (`dicehall_acts`), which applies it (store
  first, as always) and answers (`dicehall_replies`); only then does the mover get its ack.
  People seated through a replica are announced to the owner (`dicehall_presence`), so it
  does not put a bot in their seat.
- **Operators' changes.** A table closed or an account suspended through /admin on one
  process is applied by the others at once (`dicehall_admin`), each reading the store.
- **Pauses** (a round's end, `web/tables/pauses.py`) run on the owner, which tells the
  replicas each change (`dicehall_pauses`); a Skip sent to a replica goes to the owner
  (`dicehall_skips`).
- **Seats.** Claiming an open seat is decided by the store in one statement, so of two
  processes claiming the same seat at once exactly one succeeds.
- **Failover.** A process that dies loses its database session, and PostgreSQL releases its
  advisory locks at once. Every process tries, each second, to take the lock of each replica
  it serves; the one that gets it reloads the table from the store (every acknowledged move
  is there), asks every process to announce again who is seated through it (a roll call on
  `dicehall_presence`: the dead owner took that knowledge with it) and plays on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from dicehall.web import events
from dicehall.web.cluster import replica
from dicehall.web.cluster.inbound import Inbound
from dicehall.web.cluster.moves import apply_move
from dicehall.web.errors import StorageError, refusal

if TYPE_CHECKING:
    from dicehall.web.tables.table import Table

log = logging.getLogger("dicehall.web")
CHANNELS = (
    "dicehall_moves", "dicehall_acts", "dicehall_replies", "dicehall_presence",
    "dicehall_pauses", "dicehall_skips", "dicehall_follows", "dicehall_rematches",
    "dicehall_admin",
)  # fmt: skip
FORWARD_TIMEOUT_S = 10.0
TAKEOVER_EVERY_S = 1.0
TAKEN_KEPT = 1024  # tables whose takeover was told: not told again by each relayed client
APP_PREFIX = "dicehall "  # application_name: "dicehall HOST:PORT SECRET NODE"
MAX_APP_NAME = 63  # PostgreSQL keeps this many bytes of an application_name
OWNER_QUERY = """
WITH k AS (SELECT hashtextextended(%s, 0) AS key)
SELECT a.application_name FROM k, pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
  AND l.classid = ((k.key >> 32) & 4294967295)::oid AND l.objid = (k.key & 4294967295)::oid
"""  # who holds the table's lock (`try_own`), and the relay it named


class Cluster:
    """This process's part in the cluster: its locks, its listener and forwarded moves."""

    def __init__(
        self, tables: dict[str, Table], conninfo: str, relay: tuple[str, int] = ("", 0)
    ) -> None:
        self.tables, self.conninfo = tables, conninfo  # the hall's tables in memory
        self.node = uuid.uuid4().hex[:12]
        host, port = relay  # ("", _): no relay (`web.config.Settings.relay_host`)
        self.inbound = Inbound(host, port, secrets.token_hex(8)) if host else None
        self.commands: Any = None  # psycopg.AsyncConnection: locks and notifications
        self.listener: Any = None  # psycopg.AsyncConnection: LISTEN only
        self.using = asyncio.Lock()  # one command at a time on `commands`
        self.waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.followers: dict[str, set[str]] = {}  # owned tables' replicas elsewhere, by node
        self.taken: OrderedDict[str, None] = OrderedDict()  # takeovers told (the newest)
        self.tasks: list[asyncio.Task[None]] = []
        # an operator's change through another process: "closed" or "suspended" (web.hall)
        self.on_admin: Callable[[str], Awaitable[Any]] | None = None

    async def start(self) -> None:
        import psycopg

        name = f"dicehall {self.node}"
        if self.inbound is not None:  # the relay's address and secret, read by other processes
            await self.inbound.start()
            address = f"{self.inbound.host}:{self.inbound.port}"
            name = f"{APP_PREFIX}{address} {self.inbound.secret} {self.node}"
            if len(name.encode()) > MAX_APP_NAME:  # PostgreSQL would cut it: no relay then
                log.warning("cluster: relay address %s is too long to name; no relay", address)
                await self.inbound.stop()
                self.inbound, name = None, f"dicehall {self.node}"
        self.commands = await psycopg.AsyncConnection.connect(
            self.conninfo, autocommit=True, application_name=name
        )
        self.listener = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        for channel in CHANNELS:
            await self.listener.execute(f"LISTEN {channel}")
        loop = asyncio.get_running_loop()
        self.tasks = [
            loop.create_task(self._listen(), name="cluster listen"),
            loop.create_task(self._take_over_forever(), name="cluster takeover"),
        ]
        log.info("cluster: process %s joined (PostgreSQL advisory locks, LISTEN/NOTIFY)",
                 self.node)  # fmt: skip

    async def stop(self) -> None:
        if self.inbound is not None:
            await self.inbound.stop()
        for task in self.tasks:
            task.cancel()
        for conn in (self.listener, self.commands):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await conn.close()

    # --- locks ------------------------------------------------------------------------
    async def _one(self, sql: str, *args: Any) -> Any:
        async with self.using:
            cursor = await self.commands.execute(sql, args)
            row = await cursor.fetchone()
        return row[0] if row else None

    async def try_own(self, table_id: str) -> bool:
        """Take the table's lock if nobody holds it (this session keeps it until released)."""
        sql = "SELECT pg_try_advisory_lock(hashtextextended(%s, 0))"
        return bool(await self._one(sql, table_id))

    async def owner_elsewhere(self, table_id: str) -> tuple[str, str] | None:
        """The relay address and secret of the process owning the table, if another process
        owns it and relays (None: this process owns it, nobody does, or the owner cannot)."""
        if table_id in self.tables and not self.tables[table_id].replica:
            return None
        name = await self._one(OWNER_QUERY, table_id)
        parts = str(name or "").split(" ")
        if len(parts) != 4 or parts[0] + " " != APP_PREFIX or parts[3] == self.node:
            return None
        return parts[1], parts[2]

    async def release(self, table_id: str) -> None:
        await self._one("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", table_id)

    async def notify(self, channel: str, payload: dict[str, Any]) -> None:
        await self._one("SELECT pg_notify(%s, %s)", channel, json.dumps(payload))

    # --- what tables call ---------------------------------------------------------------
    def moved(self, table: Table) -> None:
        """The owner committed new entries: tell the replicas (in the background). A table
        nobody follows is not announced: with relaying, most tables have no replica, and each
        notice costs every process in the cluster its decoding."""
        if not self.followers.get(table.id):
            return
        payload = {"table": table.id, "actions": len(table.match.log), "node": self.node}
        self._background(self.notify("dicehall_moves", payload))

    def follow(self, table: Table) -> None:
        """This process holds a replica of the table: the owner announces its moves to it."""
        payload = {"table": table.id, "node": self.node}
        self._background(self.notify("dicehall_follows", payload))

    def roll_call(self, table: Table) -> None:
        """This process now owns the table: the replicas elsewhere say who is seated through
        them and that they follow it (the previous owner took that knowledge with it)."""
        payload = {"table": table.id, "roll_call": True, "node": self.node}
        self._background(self.notify("dicehall_presence", payload))

    def rematched(self, table: Table, new_id: str) -> None:
        """A rematch of the table was opened here: the people at it through other processes
        are told too (`web.rematch`)."""
        payload = {"table": table.id, "id": new_id, "node": self.node}
        self._background(self.notify("dicehall_rematches", payload))

    def admin_changed(self, what: str) -> None:
        """An operator closed a table or suspended an account through this process: the
        others apply it now, not at their next sweep (`web/admin/routes.py`)."""
        self._background(self.notify("dicehall_admin", {"admin": what, "node": self.node}))

    def presence(self, table: Table, seat: int, here: bool) -> None:
        payload = {"table": table.id, "seat": seat, "here": here, "node": self.node}
        self._background(self.notify("dicehall_presence", payload))

    def paused(self, table: Table, pause: dict[str, Any] | None) -> None:
        """The owner's pause started, changed (a Skip) or ended (None)."""
        payload = {"table": table.id, "pause": pause, "node": self.node}
        self._background(self.notify("dicehall_pauses", payload))

    def skipped(self, table: Table, seats: list[int]) -> None:
        """People seated through this replica skipped the pause: tell the owner."""
        payload = {"table": table.id, "seats": seats, "node": self.node}
        self._background(self.notify("dicehall_skips", payload))

    async def forward(self, table: Table, seat: int, action: Any, version: int | None) -> int:
        """Send a move to the table's owner; its version once applied there. If the owner is
        gone (its lock is free), this process takes the table and applies the move itself.
        The owner's refusal is raised as a local move's would be (`web.errors.refusal`)."""
        if await self.try_own(table.id):
            await self._take(table)
            return await table.act(seat, action, version)
        request = uuid.uuid4().hex
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[request] = future
        payload = {
            "table": table.id, "seat": seat, "version": version, "request": request,
            "node": self.node, "action": table.match.game.action_to_json(action),
        }  # fmt: skip
        try:
            await self.notify("dicehall_acts", payload)
            answer = await asyncio.wait_for(future, FORWARD_TIMEOUT_S)
        except TimeoutError:
            raise StorageError(
                "the table's server did not answer; nothing changed: try again"
            ) from None
        finally:
            self.waiting.pop(request, None)
        if answer.get("error"):
            raise refusal(answer["error"], answer["message"])
        await replica.refresh(table)  # the move is stored: show it here before the ack
        return int(answer["version"])

    def _background(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.append(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        with contextlib.suppress(ValueError):
            self.tasks.remove(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("cluster: %s", task.exception())

    # --- what other processes tell us ---------------------------------------------------
    async def _listen(self) -> None:
        async for note in self.listener.notifies():
            try:
                payload = json.loads(note.payload)
                if payload.get("node") == self.node and note.channel != "dicehall_replies":
                    continue
                await self._handle(note.channel, payload)
            except Exception:  # one bad notification must not stop the listener
                log.exception("cluster: notification on %s failed", note.channel)

    async def _handle(self, channel: str, payload: dict[str, Any]) -> None:
        if channel == "dicehall_replies":
            future = self.waiting.get(payload.get("request", ""))
            if future is not None and not future.done():
                future.set_result(payload)
            return
        if channel == "dicehall_admin":
            if self.on_admin is not None:
                self._background(self.on_admin(str(payload["admin"])))
            return
        table = self.tables.get(payload["table"])
        if table is None:
            return
        if channel == "dicehall_moves" and table.replica:
            await replica.refresh(table)
        elif channel == "dicehall_presence" and payload.get("roll_call"):
            if table.replica:
                self._answer_roll_call(table)
        elif channel == "dicehall_presence" and not table.replica:
            table.remote_presence(payload["seat"], payload["node"], bool(payload["here"]))
        elif channel == "dicehall_rematches":
            for conn in table.presence.conns:
                conn.send({"type": "rematch", "id": str(payload["id"])})
        elif channel == "dicehall_follows" and not table.replica:
            self.followers.setdefault(table.id, set()).add(payload["node"])
            self.moved(table)  # where the log stands now: the replica may have read it earlier
        elif channel == "dicehall_acts" and not table.replica:
            self._background(self._apply_forwarded(table, payload))
        elif channel == "dicehall_pauses" and table.replica:
            if payload["pause"] is not None:
                await replica.refresh(table)  # the entries that made it hold, before the pause
            table.follow_pause(payload["pause"], asyncio.get_running_loop().time())
        elif channel == "dicehall_skips" and not table.replica:
            node, asked = payload["node"], payload["seats"]  # seats held through that process
            remote = table.presence.remote
            table.skip_seats({s for s in table.humans if s in asked and node in remote.get(s, ())})

    async def _apply_forwarded(self, table: Table, payload: dict[str, Any]) -> None:
        reply: dict[str, Any] = {"request": payload["request"], "node": payload["node"]}
        move = (payload["seat"], payload["action"], payload["version"])
        reply.update(await apply_move(table, *move))
        await self.notify("dicehall_replies", reply)

    # --- failover -----------------------------------------------------------------------
    async def _take(self, table: Table) -> None:
        """This process got the lock of a table it followed: play it here, and ask the other
        processes who is seated through them (they told the old owner, not this one)."""
        await replica.promote(table)
        await self.taken_over(table)

    async def taken_over(self, table: Table) -> None:
        """This process plays a table whose owner died: say so (once), and ask who is seated
        where."""
        if table.id in self.taken:
            return
        self.taken[table.id] = None
        while len(self.taken) > TAKEN_KEPT:
            self.taken.popitem(last=False)
        log.info("cluster: table %s has no owner any more; playing it here", table.id)
        events.emit("table_taken_over", table=table.id, node=self.node)
        payload = {"table": table.id, "roll_call": True, "node": self.node}
        await self.notify("dicehall_presence", payload)

    def _answer_roll_call(self, table: Table) -> None:
        self.follow(table)
        for seat in sorted({s for conn in table.presence.conns for s in conn.seats}):
            self.presence(table, seat, True)

    async def _take_over_forever(self) -> None:
        while True:
            await asyncio.sleep(TAKEOVER_EVERY_S)
            for gone in [t for t in self.followers if t not in self.tables]:  # unloaded here
                del self.followers[gone]
            for gone in [t for t in self.taken if t not in self.tables]:  # a later takeover
                del self.taken[gone]  # of it is told again
            for table in [t for t in self.tables.values() if t.replica]:
                try:
                    if await self.try_own(table.id):
                        await self._take(table)
                except Exception:
                    log.exception("cluster: taking over table %s failed", table.id)
