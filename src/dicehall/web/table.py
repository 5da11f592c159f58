"""A live table: one `Match`, its connections, its bots and the store it writes through.

The Match is the authority; the table only transports. Every applied action is committed to
the store before any connection hears of it: the write runs in a thread, off the event loop,
under the table's lock, and a connection that arrives meanwhile is welcomed once it is done.
Bots (and bots standing in for people who lost their connection longer than the grace period)
are driven by one task per table and think in worker processes (`web.workers`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dicehall.bots import levels_for, make_bot
from dicehall.bots.base import Bot, RandomBot
from dicehall.core.errors import DicehallError
from dicehall.core.types import CHANCE, Seat
from dicehall.engine.match import Checkpoint, Match
from dicehall.store import MatchRow, Store, StoreUnavailable
from dicehall.web import events, metrics, pauses, replica, writes
from dicehall.web.config import Settings
from dicehall.web.conn import Conn
from dicehall.web.moves import raise_refusal
from dicehall.web.viewers import log_viewer, viewing
from dicehall.web.views import explained_log, result_json, seat_name, seat_panels
from dicehall.web.workers import BotPool, BotSpec

if TYPE_CHECKING:
    from dicehall.web.cluster import Cluster

log = logging.getLogger("dicehall.web")
__all__ = ["Conn", "StorageError", "Table", "TableClosed"]


class StorageError(Exception):
    """The store refused an append; the match was put back as it was."""


class TableClosed(DicehallError):
    """The table expired (nobody joined or moved for too long): it can be watched only."""


class Table:
    """A live match with its people, bots and spectators."""

    def __init__(
        self,
        row: MatchRow,
        match: Match,
        store: Store,
        settings: Settings,
        pool: BotPool | None = None,
    ) -> None:
        self.row = row
        self.match = match
        self.store = store
        self.settings = settings
        self.conns: set[Conn] = set()
        self.claimed: set[Seat] = set()
        self.unsaved_claims: set[Seat] = set()
        self.claims_saving: asyncio.Task[None] | None = None
        self.covered: set[Seat] = set()
        self.away_since: dict[Seat, float] = {}
        self.notes: list[dict[str, Any]] = []
        self.bot_due: dict[Seat, float] = {}
        self.acted_at: dict[Seat, int] = {}
        self.seen: dict[Seat, deque[str]] = {}
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.bot_seats = {s for s, cfg in enumerate(row.seats) if cfg.get("kind") == "bot"}
        self.bot_levels: dict[Seat, str] = {}  # the level each bot plays (`Hall` sets them)
        self.rng = random.Random()
        self.pool = pool or BotPool(settings.quick_workers, settings.search_workers)
        self.lock = asyncio.Lock()  # one change at a time: apply, commit, broadcast
        self.committing = False  # the match is ahead of the store until the write returns
        self.arriving: list[Conn] = []  # joined while committing: welcomed after the write
        self.resyncing: list[Conn] = []
        self.idle_since = asyncio.get_running_loop().time()  # nobody connected since then
        self.cluster: Cluster | None = None  # several server processes share the store
        self.replica = False  # another process owns it: this one follows the store
        self.remote: dict[Seat, set[str]] = {}  # seats held through other processes
        self.on_finish: Callable[[Table], None] | None = None  # the accounts' records
        self.finishing: asyncio.Task[None] | None = None
        self.match.pause = pauses.pause_rule(match.game)  # where the table holds (web/pauses.py)
        self.pause: pauses.Pause | None = None

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def humans(self) -> list[Seat]:
        return [s for s in range(len(self.row.seats)) if s not in self.bot_seats]

    # --- acting ---------------------------------------------------------------------
    async def act(self, seat: Seat, action: Any, version: int | None) -> int:
        """Submit, commit, then broadcast; returns the new version. Raises the Match's errors."""
        if self.replica and self.cluster is not None:  # the owner applies it
            from dicehall.web.cluster import ForwardError

            try:
                return await self.cluster.forward(self, seat, action, version)
            except ForwardError as exc:
                raise_refusal(exc.code, exc.message)
        with self.pool.turns.person():  # no bot move starts meanwhile (web/bot_turns.py)
            return await self._act(seat, action, version)

    async def _act(self, seat: Seat, action: Any, version: int | None) -> int:
        async with self.lock:
            if self.row.status != "live" and not self.match.is_over:
                raise TableClosed("this table expired: nobody joined or moved for too long")
            m = self.match
            saved = m.checkpoint()
            m.play(seat, action, self._checked_version(seat, version))
            await self._commit(saved, person=True)
            self.acted_at[seat] = m.version  # only once saved: a refused move is not a move
            return m.version

    def _checked_version(self, seat: Seat, version: int | None) -> int | None:
        """Real time: others move while you choose, as at the physical table, so a move chosen
        before their moves still counts if it is legal now, unless you yourself moved since."""
        real_time = self.match.game.spec.real_time
        if real_time and version is not None and version >= self.acted_at.get(seat, 0):
            return None
        return version

    async def _commit(self, saved: Checkpoint, person: bool = False) -> None:
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
            await self._write_claims()
            if m.is_over:
                self.row.status, self.row.result = "finished", result_json(m)
                events.emit("table_finished", table=self.id, game=self.row.game)
                if self.on_finish is not None:
                    self.on_finish(self)
            pauses.hold(self, asyncio.get_running_loop().time())
            self.broadcast(start, saved.state)
            self.wake.set()
            if self.cluster is not None:
                self.cluster.moved(self)
        finally:
            self.committing = False
            self._welcome_waiting()

    def bot_spec(self, seat: Seat, bot: Bot) -> BotSpec:
        level = self.bot_levels.get(seat, bot.level) if seat not in self.covered else bot.level
        return BotSpec.of(self.row.game, self.match.game.params, seat, level)

    async def _bot_step(self, seat: Seat) -> None:
        """The bot thinks in a worker process (searching bots take seconds), so the server
        keeps serving; its move counts only if the table has not moved on meanwhile."""
        await self.pool.turns.take()  # one bot move per pass of the loop (web/bot_turns.py)
        m = self.match
        if m.is_over or seat not in m.bots_to_act():
            return
        version = m.version
        bot, view, legal = m.bots[seat], m.view(seat), m.legal_actions(seat)
        try:  # the rng goes as its seed's text (core/seeding.py, bot_seed)
            spec = self.bot_spec(seat, bot)
            with metrics.thinking(spec.level):
                action = await self.pool.decide(spec, view, legal, m.bot_seed(seat), m.game)
        except Exception as exc:  # a faulty bot must not stall the table: play randomly
            log.warning("table %s: bot at seat %d failed (%s); random move", self.id, seat, exc)
            action = None
        async with self.lock:
            if m.version != version or m.is_over or seat not in m.bots_to_act():
                return  # others moved while it thought: it decides again from the new view
            if self.row.status != "live":
                return
            if action not in legal:
                action = legal[self.rng.randrange(len(legal))]
            saved = m.checkpoint()
            m.play(seat, action)
            await self._commit(saved)

    async def _fire_timer(self) -> None:
        async with self.lock:
            m = self.match
            saved = m.checkpoint()
            if m.fire_due_timers():
                await self._commit(saved)

    # --- connections ----------------------------------------------------------------
    def join(self, conn: Conn) -> None:
        if self.committing:  # the match is ahead of the store: welcome it once saved
            self.arriving.append(conn)
            return
        self.conns.add(conn)
        for seat in conn.seats:
            self.seat_back(seat)
            if seat not in self.claimed:
                self.claimed.add(seat)
                self.unsaved_claims.add(seat)
            if self.replica and self.cluster is not None:
                self.cluster.presence(self, seat, True)
        self._save_claims()
        conn.send(self.welcome(conn))
        self.broadcast_seats()
        self.wake.set()

    def seat_back(self, seat: Seat) -> None:
        """A person is at their seat again: no grace period runs, no bot stands in."""
        self.away_since.pop(seat, None)
        if seat in self.covered:
            self.covered.discard(seat)
            self.match.bots.pop(seat, None)
            self.bot_due.pop(seat, None)
            self.note(f"{seat_name(self.row.seats, seat)} is back and plays again.")

    def _save_claims(self) -> None:
        """Save the seats taken with their creation token, in the background (`join` cannot
        wait for the store)."""
        if self.unsaved_claims and (self.claims_saving is None or self.claims_saving.done()):
            self.claims_saving = asyncio.get_running_loop().create_task(self._write_claims())

    async def _write_claims(self) -> None:
        """Persist seats taken with their creation token, in the store's writer; a refused
        write is retried at the next save (the seat stays taken in memory, so nobody else can
        claim it meanwhile)."""
        for seat in sorted(self.unsaved_claims):
            try:
                await writes.run(self.store.mark_claimed, self.id, seat, first=True)
            except StoreUnavailable as exc:
                log.error("table %s: seat %d claim not saved yet: %s", self.id, seat, exc)
                return
            self.unsaved_claims.discard(seat)

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
            if conn in self.conns:
                conn.send(self.welcome(conn))

    def leave(self, conn: Conn) -> None:
        if conn in self.arriving:
            self.arriving.remove(conn)
        self.conns.discard(conn)
        loop_now = asyncio.get_running_loop().time()
        if not self.conns:
            self.idle_since = loop_now
        for seat in conn.seats:
            if not self.connected(seat):
                self.away_since[seat] = loop_now
            if self.replica and self.cluster is not None:
                self.cluster.presence(self, seat, self.connected(seat))
        self.broadcast_seats()
        self.wake.set()

    def first_time(self, seat: Seat, msg_id: str) -> bool:
        """Remember a message id per seat (across reconnections); False for a duplicate."""
        seen = self.seen.setdefault(seat, deque(maxlen=512))
        if msg_id in seen:
            return False
        seen.append(msg_id)
        return True

    def connected(self, seat: Seat) -> bool:
        return any(seat in c.seats for c in self.conns) or bool(self.remote.get(seat))

    # --- several processes (`web.cluster`) ---------------------------------------------
    async def refresh(self) -> None:
        await replica.refresh(self)

    async def promote(self) -> None:
        await replica.promote(self)

    def remote_presence(self, seat: Seat, node: str, here: bool) -> None:
        replica.remote_presence(self, seat, node, here)

    def note(self, text: str) -> None:
        """A line in the game log that is not an action (people leaving, bots standing in)."""
        line = {"index": len(self.match.log), "seat": None, "who": "Table", "text": text}
        self.notes.append(line)
        for conn in self.conns:
            conn.send({"type": "note", "line": line})

    # --- messages -------------------------------------------------------------------
    def seats_json(self) -> list[dict[str, Any]]:
        out = []
        for s, cfg in enumerate(self.row.seats):
            out.append(
                dict(
                    cfg,
                    seat=s,
                    connected=self.connected(s),
                    covered=s in self.covered,
                    claimed=s in self.claimed or s in self.bot_seats,
                )
            )
        return out

    def timer_json(self) -> dict[str, Any] | None:
        m = self.match
        deadline = m.timer_deadline()
        if deadline is None or m.clock is None:
            return None
        request = m.game.timer(m.state)
        total = request.seconds if request else None
        return {"remaining": max(0.0, deadline - m.clock.now()), "total": total}

    def state_json(self, conn: Conn, cache: dict[Any, Any]) -> dict[str, Any]:
        m = self.match
        panels = seat_panels(m, viewing(m.game, conn.seats, conn.focus), cache)
        if self.row.options.get("rated"):  # no coach at a rated table (web/seat_accounts.py)
            panels = [{**panel, "hints": None, "guide": None} for panel in panels]
        return {
            "version": m.version,
            "actors": [s for s in m.actors() if s != CHANCE],
            "over": m.is_over,
            "result": result_json(m),
            "timer": self.timer_json(),
            "pause": self.pause.to_json(asyncio.get_running_loop().time()) if self.pause else None,
            "panels": panels,
        }

    def welcome(self, conn: Conn) -> dict[str, Any]:
        m = self.match
        viewer = log_viewer(m, conn.seats, conn.focus)
        lines = explained_log(m, self.row.seats, viewer)
        return {
            "type": "welcome",
            "table": self.row.public(),
            "game": {"id": m.game.id, "name": m.game.spec.name, "players": m.game.num_players},
            "you": list(conn.seats),
            "focus": conn.focus,
            "seats": self.seats_json(),
            "log": sorted(lines + self.notes, key=lambda x: (x["index"], x["seat"] is None)),
            **self.state_json(conn, {}),
        }

    def broadcast(self, start: int, before: Any = None) -> None:
        """Send the entries from `start` on (`before`: the state before them, if known)."""
        m = self.match
        cache: dict[Any, Any] = {}
        texts: dict[Seat | None, list[dict[str, Any]]] = {}
        for conn in self.conns:
            viewer = log_viewer(m, conn.seats, conn.focus)
            if viewer not in texts:
                texts[viewer] = explained_log(m, self.row.seats, viewer, start, before)
            conn.send({"type": "update", "log": texts[viewer], **self.state_json(conn, cache)})

    def broadcast_seats(self) -> None:
        seats = self.seats_json()
        for conn in self.conns:
            conn.send({"type": "seats", "seats": seats})

    # --- the driver -----------------------------------------------------------------
    def start(self) -> None:
        if self.replica:
            return  # its owner drives it
        self.task = asyncio.get_running_loop().create_task(self._drive(), name=f"table {self.id}")

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        for conn in self.conns:
            conn.send({"type": "closing", "message": "the server is restarting"})
            conn.queue.put_nowait(None)

    def _delay(self) -> float:
        if self.match.game.spec.real_time:
            low, high = self.settings.realtime_delay
            return self.rng.uniform(low, high)
        return self.settings.bot_delay

    def _next_wake(self, now: float) -> float | None:
        """Schedule bots that must act; the earliest moment anything is due."""
        m = self.match
        acting = set(m.bots_to_act())
        for seat in list(self.bot_due):
            if seat not in acting:
                del self.bot_due[seat]
        for seat in acting:
            self.bot_due.setdefault(seat, now + self._delay())
        times = list(self.bot_due.values())
        times += [t + self.settings.grace for s, t in self.away_since.items() if s in self.claimed]
        deadline = m.timer_deadline()
        if deadline is not None and m.clock is not None:
            times.append(now + deadline - m.clock.now())
        pauses.hold(self, now)
        if self.pause is not None:
            times.append(self.pause.until)
        return min(times) if times else None

    async def _drive(self) -> None:
        loop = asyncio.get_running_loop()
        while not self.match.is_over and self.row.status == "live":
            due = self._next_wake(loop.time())
            self.wake.clear()
            # a timer that sets the event, not `wait_for`: that made a task and a timeout's
            # callbacks for every bot move of every table (loop time and young garbage)
            alarm = None if due is None else loop.call_at(due, self.wake.set)
            try:
                await self.wake.wait()
            finally:
                if alarm is not None:
                    alarm.cancel()
            try:
                await self._tick(loop.time())
            except StorageError:
                await asyncio.sleep(1.0)
            except Exception:
                log.exception("table %s: driver error", self.id)
                await asyncio.sleep(1.0)

    async def _tick(self, now: float) -> None:
        self._cover_away(now)
        if self.pause is not None and self.pause.done(now, pauses.present(self)):
            await pauses.release(self)
        await self._fire_timer()
        for seat, due in sorted(self.bot_due.items(), key=lambda x: x[1]):
            if due <= now and seat in self.match.bots_to_act():
                del self.bot_due[seat]
                await self._bot_step(seat)
                return

    def _cover_away(self, now: float) -> None:
        """Rule of the house: a person away longer than the grace period gets a stand-in bot."""
        for seat, since in list(self.away_since.items()):
            overdue = now - since >= self.settings.grace
            if seat in self.claimed and seat not in self.covered and overdue:
                self.covered.add(seat)
                self.match.bots[seat] = self._stand_in(seat)
                name = seat_name(self.row.seats, seat)
                self.note(f"{name} lost the connection; a bot plays for them until they return.")
                self.broadcast_seats()

    def _stand_in(self, seat: Seat) -> Bot:
        level = "greedy" if "greedy" in levels_for(self.match.game.id) else "random"
        try:
            return make_bot(level, self.match.game, seat)
        except Exception:
            return RandomBot(self.match.game, seat)
