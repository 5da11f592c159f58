"""Bot driving: the one task per live table that moves its bots, fires its timers, ends its
pauses and puts a bot in the seat of a person away longer than the grace period.

The bots think in worker processes (`web.workers`), so the server keeps serving meanwhile; a
bot's move counts only if the table has not moved on while it thought. The driver changes
the match as people's moves do: under the table's lock, committed before anyone hears of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from typing import Any, Protocol

from dicehall.bots import Seated, stand_in
from dicehall.bots.base import Bot
from dicehall.core.types import Seat
from dicehall.engine.match import Checkpoint, Match
from dicehall.store import MatchRow
from dicehall.web import metrics
from dicehall.web.config import Settings
from dicehall.web.errors import StorageError
from dicehall.web.tables.pauses import Pauses
from dicehall.web.tables.presence import Presence
from dicehall.web.tables.turns import TurnKeeper
from dicehall.web.tables.views import seat_name
from dicehall.web.workers.pool import BotPool
from dicehall.web.workers.thinking import BotSpec

log = logging.getLogger("dicehall.web")


class Driven(Protocol):
    """What the driver uses of its table (`web.tables.table.Table`)."""

    match: Match
    row: MatchRow
    settings: Settings
    lock: asyncio.Lock
    presence: Presence
    pauses: Pauses
    replica: bool
    turns: TurnKeeper | None

    @property
    def id(self) -> str: ...

    async def keep_time(self, changed: bool = False) -> None: ...

    async def commit(self, saved: Checkpoint, person: bool = False) -> None: ...

    def broadcast(self, start: int, before: Any = None) -> None: ...

    def broadcast_seats(self) -> None: ...

    def note(self, text: str) -> None: ...

    def present(self) -> set[Seat]: ...


class Driver:
    """The bots of one table: the level each plays, the seats bots stand in for, when each
    must move next."""

    def __init__(self, table: Driven, pool: BotPool, levels: dict[Seat, str]) -> None:
        self.table, self.pool = table, pool
        self.levels = levels  # the level each bot plays (the hall's, with table budgets)
        self.covered: set[Seat] = set()  # people's seats a bot stands in for
        self.due: dict[Seat, float] = {}
        self.rng = random.Random()
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(
            self._run(), name=f"table {self.table.id}"
        )

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    def nudge(self) -> None:
        """Something changed: look again at what is due."""
        self.wake.set()

    def spec(self, seat: Seat, bot: Bot) -> BotSpec:
        level = self.levels.get(seat, bot.level) if seat not in self.covered else bot.level
        return BotSpec.of(self.table.row.game, self.table.match.game.params, seat, level)

    def uncover(self, seat: Seat) -> bool:
        """The person is back: their stand-in bot leaves; True if one stood in. A seat whose
        game ended when its time ran out (a turn-based table's `out`) stays the bot's."""
        turns = self.table.turns
        if seat not in self.covered or (turns is not None and seat in turns.out):
            return False
        self.covered.discard(seat)
        self.table.match.bots.pop(seat, None)
        self.due.pop(seat, None)
        return True

    # --- the loop -------------------------------------------------------------------
    async def _run(self) -> None:
        table, loop = self.table, asyncio.get_running_loop()
        await self._start_clock()
        while not table.match.is_over and table.row.status == "live":
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
                log.exception("table %s: driver error", table.id)
                await asyncio.sleep(1.0)

    def _delay(self) -> float:
        settings = self.table.settings
        if self.table.turns is not None:  # a turn-based table's bots move at once
            return 0.0
        if self.table.match.game.spec.real_time:
            low, high = settings.realtime_delay
            return self.rng.uniform(low, high)
        return settings.bot_delay

    def _next_wake(self, now: float) -> float | None:
        """Schedule bots that must act; the earliest moment anything is due."""
        table = self.table
        m = table.match
        acting = set(m.bots_to_act())
        for seat in list(self.due):
            if seat not in acting:
                del self.due[seat]
        for seat in acting:
            self.due.setdefault(seat, now + self._delay())
        times = list(self.due.values()) + table.presence.returns(table.settings.grace)
        deadline = m.timer_deadline()
        if deadline is not None and m.clock is not None:
            times.append(now + deadline - m.clock.now())
        turns = table.turns
        if turns is not None and turns.deadline is not None:  # the server's clock
            times.append(now + max(0.0, turns.deadline - time.time()))
        table.pauses.hold(m.held, now, owner=not table.replica)
        if table.pauses.current is not None:
            times.append(table.pauses.current.until)
        return min(times) if times else None

    async def _tick(self, now: float) -> None:
        self._cover_away(now)
        pause = self.table.pauses.current
        if pause is not None and pause.done(now, self.table.present()):
            await self.release_pause()
        await self._fire_timer()
        if await self._time_out():
            return
        for seat, due in sorted(self.due.items(), key=lambda x: x[1]):
            if due <= now and seat in self.table.match.bots_to_act():
                del self.due[seat]
                await self._step(seat)
                return

    # --- what is due ----------------------------------------------------------------
    async def _step(self, seat: Seat) -> None:
        """The bot thinks in a worker process (searching bots take seconds), so the server
        keeps serving; its move counts only if the table has not moved on meanwhile."""
        table = self.table
        await self.pool.turns.take()  # one bot move per pass of the loop (web/workers/turns.py)
        m = table.match
        if m.is_over or seat not in m.bots_to_act():
            return
        version = m.version
        bot, view, legal = m.bots[seat], m.view(seat), m.legal_actions(seat)
        try:  # the rng goes as its seed's text (core/seeding.py, bot_seed)
            spec = self.spec(seat, bot)
            with metrics.thinking(spec.level):
                action = await self.pool.decide(spec, view, legal, m.bot_seed(seat), m.game)
        except Exception as exc:  # a faulty bot must not stall the table: play randomly
            log.warning("table %s: bot at seat %d failed (%s); random move", table.id, seat, exc)
            action = None
        async with table.lock:
            if m.version != version or m.is_over or seat not in m.bots_to_act():
                return  # others moved while it thought: it decides again from the new view
            if table.row.status != "live":
                return
            if action not in legal:
                action = legal[self.rng.randrange(len(legal))]
            saved = m.checkpoint()
            m.play(seat, action)
            await table.commit(saved)

    async def _fire_timer(self) -> None:
        table = self.table
        async with table.lock:
            m = table.match
            saved = m.checkpoint()
            if m.fire_due_timers():
                await table.commit(saved)

    async def release_pause(self) -> None:
        """End the pause: the match goes on (the chance it held back is resolved and saved)."""
        table = self.table
        async with table.lock:
            m = table.match
            table.pauses.end()
            if not m.held:
                return
            saved = m.checkpoint()
            m.release()
            if len(m.log) > saved.log_length:
                await table.commit(saved)
            else:
                table.broadcast(len(m.log))
                self.wake.set()

    def _cover_away(self, now: float) -> None:
        """Rule of the house: a person away longer than the grace period gets a stand-in bot
        (not at a turn-based table: players leave and come back, their time per move runs)."""
        table = self.table
        if table.turns is not None:
            return
        for seat in table.presence.overdue(now, table.settings.grace):
            if seat not in self.covered:
                self.covered.add(seat)
                table.match.bots[seat] = self._stand_in(seat)
                name = seat_name(table.row.seats, seat)
                table.note(f"{name} lost the connection; a bot plays for them until they return.")
                table.broadcast_seats()

    def _stand_in(self, seat: Seat) -> Bot:
        return Seated(stand_in(self.table.match.game.id))

    # --- turn-based tables (`web.tables.turns`) ------------------------------------------
    async def _start_clock(self) -> None:
        """Start (or, after a restart, resume) the table's turn clock; seats whose game ended
        when their time ran out are the bots' again."""
        table = self.table
        if table.turns is None:
            return
        for seat in table.turns.out:
            self.covered.add(seat)
            table.match.bots[seat] = self._stand_in(seat)
        table.turns.resume()
        async with table.lock:
            await table.keep_time()

    async def _time_out(self) -> bool:
        """A seat's time per move ran out: a bot moves for it this once, or its game ends and
        a bot plays it to the end (the host's choice). True if one did."""
        table = self.table
        turns = table.turns
        late = turns.overdue(time.time()) if turns is not None else ()
        if turns is None or not late:
            return False
        seat = late[0]
        name = seat_name(table.row.seats, seat)
        async with table.lock:
            turns.timed_out(seat)
            if turns.on_timeout == "end":
                turns.out.add(seat)
                self.covered.add(seat)
                table.match.bots[seat] = self._stand_in(seat)
                table.note(f"{name}'s time ran out: the game is over for them; a bot plays on.")
                table.broadcast_seats()
            else:
                table.note(f"{name}'s time ran out: a bot moves for them this time.")
            await table.keep_time(changed=True)
        if turns.on_timeout == "bot" and seat not in self.covered:
            table.match.bots[seat] = self._stand_in(seat)
            try:
                await self._step(seat)
            finally:
                if seat not in self.covered:
                    table.match.bots.pop(seat, None)
        self.wake.set()
        return True
