"""Bot moves take turns on the event loop, after people's.

A bot's move is a few milliseconds of work on the event loop (its view, a quick bot's
decision, the rules, the broadcast). With a hundred bot tables, dozens of moves fall due in
the same instant; run together they would hold the loop for a hundred milliseconds while a
person's move waits behind them. Here each bot move waits for its turn, in the order they
asked, and one is let through per pass of the loop, so whatever else is ready (people's
messages, finished writes) runs between two bot moves; a saved bot move is sent the same way,
one per pass (`finish`). While a person's move is being applied and saved, no bot move starts
(for at most `PERSON_FIRST_S`): people never wait for bots. Bots still all move, in order:
when the loop has time to spare every pass lets one through at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Iterator

PERSON_FIRST_S = 0.05  # the longest a person's move holds the bots back


class BotTurns:
    def __init__(self) -> None:
        self._waiting: deque[asyncio.Future[None]] = deque()  # bot moves to start
        self._finishing: deque[asyncio.Future[None]] = deque()  # saved bot moves to send
        self._scheduled = False
        self._people = 0
        self._people_since = 0.0
        self._held: asyncio.TimerHandle | None = None  # the bots' turn after a person's move

    async def take(self) -> None:
        """Return when it is this bot move's turn to start."""
        await self._queue(self._waiting)

    async def finish(self) -> None:
        """Return when this saved bot move may be sent. The store saves waiting moves together
        (web/writes.py), so dozens of tables' moves come back from one commit at once; sent in
        the same pass, they would hold the loop as long as dozens of moves did. One is sent per
        pass, ahead of the next start, and a person's move does not hold them back (the
        person's own table may be the one waiting to send)."""
        await self._queue(self._finishing)

    async def _queue(self, line: deque[asyncio.Future[None]]) -> None:
        loop = asyncio.get_running_loop()
        turn: asyncio.Future[None] = loop.create_future()
        line.append(turn)
        self._schedule(loop)
        await turn

    @contextlib.contextmanager
    def person(self) -> Iterator[None]:
        """A person's move is under way: bots wait until it is saved and answered."""
        loop = asyncio.get_running_loop()
        if not self._people:
            self._people_since = loop.time()
        self._people += 1
        try:
            yield
        finally:
            self._people -= 1
            if not self._people and self._held is not None:  # the bots' turn now, not later
                self._held.cancel()
                self._held = None
            self._schedule(loop)

    def _holding(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Whether bot moves wait for a person's: until it is answered, or its time is up."""
        return bool(self._people) and loop.time() - self._people_since < PERSON_FIRST_S

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._scheduled:
            return
        if self._finishing or (self._waiting and not self._holding(loop)):
            self._scheduled = True
            loop.call_soon(self._let_through, loop)
        elif self._waiting and self._held is None:
            self._held = loop.call_at(self._people_since + PERSON_FIRST_S, self._unhold, loop)

    def _unhold(self, loop: asyncio.AbstractEventLoop) -> None:
        self._held = None
        self._schedule(loop)

    def _let_through(self, loop: asyncio.AbstractEventLoop) -> None:
        """One pass of the loop: one saved move is sent, and one move starts unless held."""
        self._scheduled = False
        _release_one(self._finishing)
        if not self._holding(loop):
            _release_one(self._waiting)
        self._schedule(loop)


def _release_one(line: deque[asyncio.Future[None]]) -> None:
    while line:
        turn = line.popleft()
        if not turn.done():  # a cancelled waiter (its table stopped) gives up its turn
            turn.set_result(None)
            return
