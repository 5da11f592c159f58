"""A live table: one `Match`, its lock, its commits and what its connections are sent.

The Match is the authority; the table only transports. Every applied action is committed to
the store before any connection hears of it: the write runs in a thread, off the event loop,
under the table's lock, and a connection that arrives meanwhile is welcomed once it is done.
The table owns who is present (`presence`), its bots' driver (`driver`: bots, timers and
bots standing in for people away longer than the grace period) and its pause (`pauses`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from dicehall.bots import Seated, at_table, level_named
from dicehall.bots.base import Bot
from dicehall.core.errors import IllegalActionError
from dicehall.core.types import Seat
from dicehall.engine.match import Checkpoint, Match
from dicehall.engine.record import Record, resume
from dicehall.store import MatchRow, Store
from dicehall.store.turns import TurnClock, TurnClocks
from dicehall.web import events, metrics
from dicehall.web.config import Settings
from dicehall.web.errors import NotStarted, StorageError, TableClosed
from dicehall.web.tables import messages, writes
from dicehall.web.tables.conn import Conn
from dicehall.web.tables.driver import Driver
from dicehall.web.tables.pauses import Pauses, pause_rule
from dicehall.web.tables.presence import Presence
from dicehall.web.tables.room import Room
from dicehall.web.tables.turns import TurnKeeper
from dicehall.web.tables.views import result_json, seat_name
from dicehall.web.workers.pool import BotPool

log = logging.getLogger("dicehall.web")


class Peers(Protocol):
    """The other server processes serving this table (`web.cluster.node.Cluster`)."""

    async def forward(self, table: Table, seat: Seat, action: Any, version: int | None) -> int:
        """Have the table's owner apply a move; its version, or the owner's refusal raised."""
        ...

    def moved(self, table: Table) -> None: ...

    def presence(self, table: Table, seat: Seat, here: bool) -> None: ...

    def paused(self, table: Table, pause: dict[str, Any] | None) -> None: ...

    def skipped(self, table: Table, seats: list[Seat]) -> None: ...


class Table:
    """A live match with its people, bots and spectators. `replica`: another server process
    owns it (`peers`), and this one follows the store."""

    def __init__(
        self,
        row: MatchRow,
        match: Match,
        store: Store,
        settings: Settings,
        pool: BotPool | None = None,
        *,
        levels: dict[Seat, str] | None = None,
        peers: Peers | None = None,
        replica: bool = False,
        on_finish: Callable[[Table], asyncio.Task[None] | None] | None = None,
        turn_clock: TurnClock | None = None,
        on_turn: Callable[[Table, tuple[Seat, ...]], None] | None = None,
    ) -> None:
        self.row, self.match, self.store, self.settings = row, match, store, settings
        self.peers, self.replica, self.on_finish = peers, replica, on_finish
        self.bot_seats = {s for s, cfg in enumerate(row.seats) if cfg.get("kind") == "bot"}
        self.notes: list[dict[str, Any]] = []
        self.acted_at: dict[Seat, int] = {}
        self.lock = asyncio.Lock()  # one change at a time: apply, commit, broadcast
        self.committing = False  # the match is ahead of the store until the write returns
        self.arriving: list[Conn] = []  # joined while committing: welcomed after the write
        self.resyncing: list[Conn] = []
        self.finishing: asyncio.Task[None] | None = None  # the accounts' records
        self.presence = Presence(store, row.id)
        self.room = Room(row.options)  # a waiting room, if the table was made with one
        pool = pool or BotPool(settings.quick_workers, settings.search_workers)
        self.driver = Driver(self, pool, levels or {})
        self.pauses = Pauses(settings.round_pause, self._announce_pause)
        self.turns = TurnKeeper.of(row.options, turn_clock)  # a turn-based table's clock
        self.on_turn = on_turn  # a new move began there (e-mail alerts: accounts/mail_alerts.py)
        self.match.pause = pause_rule(match.game)  # where the table holds (web/tables/pauses.py)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def humans(self) -> list[Seat]:
        return [s for s in range(len(self.row.seats)) if s not in self.bot_seats]

    def present(self) -> set[Seat]:
        """The seated people at the table now (a seat a bot stands in for is not a person's)."""
        covered = self.driver.covered
        return {s for s in self.humans if self.presence.connected(s) and s not in covered}

    # --- acting ---------------------------------------------------------------------
    async def act(self, seat: Seat, action: Any, version: int | None) -> int:
        """Submit, commit, then broadcast; returns the new version. Raises the Match's errors."""
        if self.replica and self.peers is not None:  # the owner applies it
            return await self.peers.forward(self, seat, action, version)
        with self.driver.pool.turns.person():  # no bot move starts meanwhile (web/workers/turns.py)
            return await self._act(seat, action, version)

    async def _act(self, seat: Seat, action: Any, version: int | None) -> int:
        async with self.lock:
            if self.room.waiting:
                raise NotStarted("the game has not started yet: it waits in its waiting room")
            if self.row.status != "live" and not self.match.is_over:
                raise TableClosed("this table expired: nobody joined or moved for too long")
            m = self.match
            if self.turns is not None and seat in self.turns.out:
                raise IllegalActionError("your time ran out: the game is over for you", seat=seat)
            saved = m.checkpoint()
            m.play(seat, action, self._checked_version(seat, version))
            await self.commit(saved, person=True)
            self.acted_at[seat] = m.version  # only once saved: a refused move is not a move
            return m.version

    def _checked_version(self, seat: Seat, version: int | None) -> int | None:
        """Real time: others move while you choose, as at the physical table, so a move chosen
        before their moves still counts if it is legal now, unless you yourself moved since."""
        real_time = self.match.game.spec.real_time
        if real_time and version is not None and version >= self.acted_at.get(seat, 0):
            return None
        return version

    async def commit(self, saved: Checkpoint, person: bool = False) -> None:
        """Write the new entries (in a thread; a person's move ahead of bots'), then tell
        everyone; on a refusal put the match back as it was. Called with the lock held."""
        m, start = self.match, saved.log_length
        self.committing = True
        entries, store = m.log[start:], self.store
        try:
            await writes.append(
                store.append, store.append_many, self.id, start, entries, m.result(), first=person
            )
        except Exception as exc:
            m.rollback(saved)
            log.error("table %s: store append failed: %s", self.id, exc)
            raise StorageError(
                "the server cannot save moves right now (its database refused the write); "
                "nothing changed: try again shortly"
            ) from None
        else:
            self.row.num_actions = len(m.log)
            metrics.moved(person)
            await self.keep_time()
            await self.presence.write_claims()
            if m.is_over:
                self.row.status, self.row.result = "finished", result_json(m)
                events.emit("table_finished", table=self.id, game=self.row.game)
                self.finished()
            self.pauses.hold(m.held, asyncio.get_running_loop().time(), owner=not self.replica)
            self.broadcast(start, saved.state)
            self.driver.nudge()
            if self.peers is not None:
                self.peers.moved(self)
        finally:
            self.committing = False
            self._welcome_waiting()

    async def keep_time(self, changed: bool = False) -> None:
        """A turn-based table: a new move starts its time (`web.tables.turns`); the clock is
        saved so that a restart keeps the deadline, and the players to move are alerted
        (`on_turn`). Called with the lock held."""
        turns = self.turns
        if turns is None or self.replica:
            return
        began = turns.advance(self.match, self.humans, time.time())
        if began or changed:
            try:
                await writes.run(TurnClocks(self.store).put, self.id, turns.clock())
            except Exception as exc:  # the move is saved; the next move saves the clock again
                log.error("table %s: turn clock not saved: %s", self.id, exc)
        if began and turns.seats and self.on_turn is not None:
            self.on_turn(self, turns.seats)

    # --- connections ----------------------------------------------------------------
    def join(self, conn: Conn) -> None:
        if self.committing:  # the match is ahead of the store: welcome it once saved
            self.arriving.append(conn)
            return
        self.presence.arrive(conn)
        for seat in conn.seats:
            self._seat_back(seat)
            if self.replica and self.peers is not None:
                self.peers.presence(self, seat, True)
        conn.send(self.welcome(conn))
        self.broadcast_seats()
        self.driver.nudge()

    def _seat_back(self, seat: Seat) -> None:
        """A person is at their seat again: no bot stands in for them any more."""
        if self.driver.uncover(seat):
            self.note(f"{seat_name(self.row.seats, seat)} is back and plays again.")

    def resync(self, conn: Conn) -> None:
        """The whole state again (the client asked); after the write in progress, if any."""
        if self.committing:
            self.resyncing.append(conn)
        else:
            conn.send(self.welcome(conn))

    def _welcome_waiting(self) -> None:
        arriving, self.arriving = self.arriving, []
        resyncing, self.resyncing = self.resyncing, []
        for conn in arriving:
            self.join(conn)
        for conn in resyncing:
            if conn in self.presence.conns:
                conn.send(self.welcome(conn))

    def leave(self, conn: Conn) -> None:
        if conn in self.arriving:
            self.arriving.remove(conn)
        self.presence.depart(conn, asyncio.get_running_loop().time())
        for seat in conn.seats:
            if self.replica and self.peers is not None:
                self.peers.presence(self, seat, self.presence.connected(seat))
        self.broadcast_seats()
        self.driver.nudge()

    def link_account(self, seat: Seat, name: str) -> None:
        """The seat is the signed-in account's (`accounts/seat_accounts.py`): it shows its name."""
        self.row.seats[seat].update(name=name, account=name)
        self.broadcast_seats()

    def unlink_account(self, seat: Seat, name: str) -> None:
        """The seat's account was deleted: the seat shows `name`, as the store now does."""
        self.row.seats[seat].pop("account", None)
        self.row.seats[seat]["name"] = name
        self.broadcast_seats()

    def note(self, text: str) -> None:
        """A line in the game log that is not an action (people leaving, bots standing in)."""
        line = {"index": len(self.match.log), "seat": None, "who": "Table", "text": text}
        self.notes.append(line)
        for conn in self.presence.conns:
            conn.send({"type": "note", "line": line})

    # --- messages (`web.tables.messages`) -----------------------------------------------
    def seats_json(self) -> list[dict[str, Any]]:
        return messages.seats_json(self)

    def welcome(self, conn: Conn) -> dict[str, Any]:
        return messages.welcome(self, conn)

    def broadcast(self, start: int, before: Any = None) -> None:
        """Send the entries from `start` on (`before`: the state before them, if known)."""
        for conn, update in messages.updates(self, start, before):
            conn.send(update)

    def broadcast_seats(self) -> None:
        seats = self.seats_json()
        for conn in self.presence.conns:
            conn.send({"type": "seats", "seats": seats})

    # --- the table's life -----------------------------------------------------------
    def start(self) -> None:
        if not self.replica and not self.room.waiting:  # else its owner drives it, or later
            self.driver.start()

    # --- the waiting room (`web.tables.gathering`) -------------------------------------
    def reseat(self, seat: Seat, cfg: dict[str, Any], bot: Bot | None, level: str) -> None:
        """Before the start, the seat becomes `cfg`'s: a bot playing `level`, or a person's
        (`bot` None). Its ready mark goes with its old occupant."""
        self.row.seats[seat] = cfg
        self.room.forget(seat)
        if bot is None:
            self.bot_seats.discard(seat)
            self.match.bots.pop(seat, None)
            self.driver.levels.pop(seat, None)
        else:
            self.bot_seats.add(seat)
            self.match.bots[seat] = bot
            self.driver.levels[seat] = level

    def set_options(self, **changes: Any) -> None:
        """Options changed after the creation: the waiting room's host's (`private`, `coach`),
        a finished table's `rematch`."""
        self.row.options.update(changes)

    def begin(self) -> None:
        """The game starts: bots move, timers run (a real-time timer armed while the table
        waited is armed again from now)."""
        self.room.begin()
        m = self.match
        if m.clock is not None and not m.held:
            m.rollback(Checkpoint(m.state, m.version, len(m.log), None, False))
            m.release()
        self.broadcast_room()
        self.broadcast(len(m.log))
        self.note("The game starts.")
        self.start()

    def broadcast_room(self) -> None:
        """The waiting room as it stands, with the table's options (the host may change them)."""
        options = {k: v for k, v in self.row.options.items() if k != "room"}
        message = {"type": "room", "room": self.room.to_json(), "options": options}
        for conn in self.presence.conns:
            conn.send(message)
        if self.peers is not None and not self.replica:  # the processes following it read it
            self.peers.moved(self)

    def _follow_room(self, row: MatchRow) -> None:
        """A follower takes the owner's stored waiting room: its seats, options and start
        (a seat that became a bot gets its bot here too, should this process take over)."""
        if not self.room.waiting or (row.seats, row.options) == (self.row.seats, self.row.options):
            return
        self.row.seats, self.row.options = row.seats, row.options
        self.room = Room(self.row.options)
        self.bot_seats = {s for s, cfg in enumerate(row.seats) if cfg.get("kind") == "bot"}
        for seat in self.bot_seats - set(self.match.bots):
            level = row.seats[seat]["bot"]
            found = level_named(level)
            self.match.bots[seat] = Seated(found.name if found is not None else level)
            self.driver.levels[seat] = at_table(level, row.game)
        self.broadcast_seats()
        self.broadcast_room()
        if not self.room.waiting:
            self.broadcast(len(self.match.log))

    async def stop(self) -> None:
        await self.driver.stop()
        for conn in self.presence.conns:
            conn.send({"type": "closing", "message": "the server is restarting"})
            conn.queue.put_nowait(None)

    def finished(self) -> None:
        """The match is saved as finished: its accounts' records (`on_finish`)."""
        if self.on_finish is not None:
            self.finishing = self.on_finish(self)

    def expire(
        self, status: str, note: str = "This table expired: nobody joined or moved for too long."
    ) -> None:
        """Nobody joined or moved for too long (`web.lifecycle`), or an operator closed it
        (`web.admin`): the driver stops."""
        self.row.status = status
        self.note(note)
        self.driver.nudge()

    def send_away(self, seat: Seat, message: dict[str, Any]) -> int:
        """Close the connections holding `seat` after `message` (its account was suspended,
        `web.admin`); how many there were."""
        gone = [c for c in self.presence.conns if seat in c.seats and not c.closed]
        for conn in gone:
            conn.send(message)
            conn.closed = True
            conn.queue.put_nowait(None)
        return len(gone)

    # --- pauses ---------------------------------------------------------------------
    def _announce_pause(self) -> None:
        """The owner tells the processes following the table how its pause stands now."""
        if self.peers is not None and not self.replica:
            now = asyncio.get_running_loop().time()
            self.peers.paused(self, self.pauses.to_json(now))

    def skip(self, conn: Conn) -> None:
        """The people at `conn` are done reading: on a shared device, one Skip is everyone's."""
        if self.pauses.current is None or not conn.seats:
            return
        if self.replica and self.peers is not None:  # the owner runs the pause
            self.peers.skipped(self, sorted(conn.seats))
            return
        self.skip_seats(set(conn.seats))

    def skip_seats(self, seats: set[Seat]) -> None:
        """`seats` skipped the pause (here or through another process)."""
        if self.pauses.skip({s for s in seats if s in self.humans}):
            self.broadcast(len(self.match.log))
            self.driver.nudge()
            self._announce_pause()

    def follow_pause(self, pause: dict[str, Any] | None, now: float) -> None:
        """A follower shows the owner's pause as it stands."""
        self.pauses.follow(pause, self.match.held, now)
        self.broadcast(len(self.match.log))

    # --- several processes (`web.cluster`) ---------------------------------------------
    def catch_up(self, row: MatchRow, record: Record) -> None:
        """A follower takes the stored log (read under the lock) and broadcasts what is new."""
        old = self.match
        start = len(old.log)
        if len(record.actions) > start:
            self.match = resume(record, bots=old.bots, clock=old.clock, pause=old.pause)
            if not self.match.held:
                self.pauses.clear()
        self.row.status, self.row.num_actions = row.status, row.num_actions
        self._follow_room(row)
        if self.match.is_over:
            self.row.result = result_json(self.match)
        if len(self.match.log) > start:
            self.broadcast(start)

    def take_over(self) -> None:
        """This process owns the table now (its log caught up): it plays it here."""
        self.replica = False
        now = asyncio.get_running_loop().time()
        claimed = self.presence.claimed
        self.presence.away([s for s in claimed if not self.presence.connected(s)], now)
        if not self.match.is_over and self.row.status == "live":
            self.start()
        self.driver.nudge()

    def remote_presence(self, seat: Seat, node: str, here: bool) -> None:
        """A person took or left their seat through another process (the owner hears of it)."""
        now = asyncio.get_running_loop().time()
        if self.presence.remote_change(seat, node, here, now):
            self._seat_back(seat)
        if here and self.pauses.current is not None:  # that process may have loaded the table
            self._announce_pause()  # after the pause began: its people would see no pause
        self.broadcast_seats()
        self.driver.nudge()
