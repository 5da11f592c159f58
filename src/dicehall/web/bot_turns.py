"""Bot moves take turns on the event loop: at most one starts per pass of the loop.

A bot's move is a few milliseconds of work on the event loop (its view, a quick bot's
decision, the rules, the broadcast). With a hundred bot tables, dozens of moves fall due in
the same instant; run together they would hold the loop for a hundred milliseconds while a
person's move waits behind them. Here each bot move waits for its turn, in the order they
asked, and one is let through per pass of the loop, so whatever else is ready (people's
messages, finished writes) runs between two bot moves. Bots still all move, in order: when
the loop has time to spare every pass lets one through at once.
"""

from __future__ import annotations

import asyncio
from collections import deque


class BotTurns:
    def __init__(self) -> None:
        self._waiting: deque[asyncio.Future[None]] = deque()
        self._scheduled = False

    async def take(self) -> None:
        """Return when it is this bot move's turn."""
        loop = asyncio.get_running_loop()
        turn: asyncio.Future[None] = loop.create_future()
        self._waiting.append(turn)
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self._let_one_through, loop)
        await turn

    def _let_one_through(self, loop: asyncio.AbstractEventLoop) -> None:
        while self._waiting:
            turn = self._waiting.popleft()
            if not turn.done():  # a cancelled waiter (its table stopped) gives up its turn
                turn.set_result(None)
                break
        if self._waiting:
            loop.call_soon(self._let_one_through, loop)
        else:
            self._scheduled = False

    def waiting(self) -> int:
        return len(self._waiting)
