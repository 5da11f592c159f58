"""The load generators' person: plays seat 0 at random after a think time, timing each move.

Shared by `tests/web/load.py` (many people) and `tests/web/load_mix.py` (people among bot
tables). A move's round trip is timed from send to its ack; an update that arrived with the
ack may be the person's turn again (a reroll), and is answered at once, as no further message
comes until the person moves.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect


@dataclass
class PersonTally:
    actions: int = 0  # log entries applied (as the people saw them)
    sent: int = 0
    acked: int = 0
    rtts: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    games: int = 0


async def messages(ws: ClientConnection, end: float) -> AsyncIterator[dict[str, Any]]:
    """Messages until `end` (then none)."""
    while True:
        left = end - time.monotonic()
        if left <= 0:
            return
        try:
            raw = await asyncio.wait_for(ws.recv(), left)
        except TimeoutError:
            return
        yield json.loads(raw)


class Person:
    """One person's client; `counting()` says whether a round trip counts (after a warm-up)."""

    def __init__(
        self,
        tally: PersonTally,
        think: float,
        rng: random.Random,
        counting: Callable[[], bool] = lambda: True,
        address: str | None = None,
    ) -> None:
        self.tally, self.think, self.rng, self.counting = tally, think, rng, counting
        self.address = address  # the local address to connect from (one client per address)

    async def play(self, url: str, token: str, end: float) -> None:
        """Play one match at seat 0 until it ends or `end` passes."""
        t = self.tally
        local = None if self.address is None else (self.address, 0)
        async with connect(url, local_addr=local, max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "tokens": [token]}))
            async for first in messages(ws, end):
                msg: dict[str, Any] | None = first
                while msg is not None:  # an update that came with an ack may be our turn again
                    if msg["type"] == "error":
                        t.errors.append(f"{msg['code']}: {msg['message']}")
                    if msg["type"] not in ("welcome", "update"):
                        break
                    t.actions += len(msg["log"]) if msg["type"] == "update" else 0
                    if msg["over"]:
                        t.games += 1
                        return
                    legal = msg["panels"][0]["legal"]
                    if 0 not in msg["actors"] or not legal:
                        break
                    await asyncio.sleep(self.think * self.rng.uniform(0.5, 1.5))
                    msg = await self._act(ws, self.rng.choice(legal)["action"], msg["version"])

    async def _act(self, ws: ClientConnection, action: Any, version: int) -> dict[str, Any] | None:
        """Send one move and wait for its ack; the last update that came before it."""
        t = self.tally
        msg_id = uuid.uuid4().hex
        body = {"type": "act", "seat": 0, "action": action, "version": version, "id": msg_id}
        t0 = time.perf_counter()
        await ws.send(json.dumps(body))
        t.sent += 1
        latest = None
        async for answer in messages(ws, time.monotonic() + 10):
            if answer["type"] == "update":
                if latest is not None:
                    t.actions += len(latest["log"])
                latest = answer
            if answer.get("id") == msg_id:
                if self.counting():
                    t.rtts.append(time.perf_counter() - t0)
                if answer["type"] == "ack":
                    t.acked += 1
                else:
                    t.errors.append(f"{answer['code']}: {answer['message']}")
                return latest
        t.errors.append("no answer to an action within 10 s")
        return None
