"""Bot moves take turns on the event loop, after people's.

A bot's move is a few milliseconds of work on the event loop (its view, a quick bot's
decision, the rules, the broadcast). With a hundred bot tables, dozens of moves fall due in
the same instant; run together they would hold the loop for a hundred milliseconds while a
person's move waits behind them. Here each bot move waits for its turn, in the order they
asked, and one is let through per pass of the loop, so whatever else is ready (people's
messages, finished writes) runs between two bot moves. While a person's move is being
applied and saved, no bot move starts (for at most `PERSON_FIRST_S`): people never wait for
bots. Bots still all move, in order: when the loop has time to spare every pass lets one
through at once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Iterator

PERSON_FIRST_S = 0.05  # the longest a person's move holds the bots back


class BotTurns:
    def __init__(self) -> None:
        self._waiting: deque[asyncio.Future[None]] = deque()
        self._scheduled = False
        self._people = 0
        self._people_since = 0.0
        self._held: asyncio.TimerHandle | None = None  # the bots' turn after a person's move

    async def take(self) -> None:
        """Return when it is this bot move's turn."""
        loop = asyncio.get_running_loop()
        turn: asyncio.Future[None] = loop.create_future()
        self._waiting.append(turn)
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
                self._held, self._scheduled = None, False
            self._schedule(loop)

    def _schedule(self, loop: asyncio.AbstractEventLoop) -> None:
        if not self._scheduled and self._waiting:
            self._scheduled = True
            loop.call_soon(self._let_one_through, loop)

    def _let_one_through(self, loop: asyncio.AbstractEventLoop) -> None:
        self._scheduled, self._held = False, None
        if self._people and loop.time() - self._people_since < PERSON_FIRST_S:
            # until the person's move is answered, or its time is up
            self._scheduled = True
            due = self._people_since + PERSON_FIRST_S
            self._held = loop.call_at(due, self._let_one_through, loop)
            return
        while self._waiting:
            turn = self._waiting.popleft()
            if not turn.done():  # a cancelled waiter (its table stopped) gives up its turn
                turn.set_result(None)
                break
        self._schedule(loop)
