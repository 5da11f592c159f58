"""Bot load: do people wait for bots? Many bot tables, searching tables and a few people.

`bot_tables` Puru Puru tables of four greedy bots play at the default pace (one spectator each
counts their moves), `mcts_tables` Paradice tables of three mcts bots (Monte Carlo tree search,
1 s of thinking a move at web tables) play alongside, and `people` Puru Puru tables each seat
one person (against three greedy bots) whose client times every move from send to
acknowledgement (the people and the watchers are two client processes, so the watchers' work
does not delay the people's clocks). A finished match is replaced by a new one, so the load
stays constant. Prints the person's acknowledgement p50/p99/max and each kind of table's moves
per second, including the slowest table's, so "every table's bots keep moving" is visible.
Figures are printed, never asserted.

    python -m tests.web.load --mix --bot-tables 100 --mcts-tables 12 --seconds 60
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from tests.web.helpers import Server
from tests.web.load import _cpu_seconds, percentile
from tests.web.load_person import Person, PersonTally, messages

GREEDY = {"kind": "bot", "level": "greedy"}
MCTS = {"kind": "bot", "level": "mcts"}
# Puru Puru's hard level is a turn search of milliseconds; Paradice's is MCTS, a second a move
SEARCH_GAME = "paradice"
WATCHERS_NICE = 5


@dataclass(frozen=True)
class Mix:
    bot_tables: int = 100
    mcts_tables: int = 12
    people: int = 4
    seconds: float = 60.0
    warmup: float = 10.0  # moves before this are not counted (tables are still arriving)
    think: float = 0.3
    bot_delay: float = 0.7  # the server's default pace


@dataclass
class Tally(PersonTally):
    moves: Counter[str] = field(default_factory=Counter)  # table slot -> moves after warmup


LOAD_ERRORS = (WebSocketException, OSError, TimeoutError, RuntimeError, httpx.HTTPError)


class MixLoad:
    """One side of the load: the bot tables' watchers, or the people (`watch` / `play`).

    The two sides run in two processes (`run_mix`): a client busy with a hundred tables'
    updates would otherwise delay reading the people's acks, and time itself, not the server.
    """

    def __init__(self, urls: tuple[str, str], mix: Mix, start_wall: float) -> None:
        self.url, self.ws_url = urls
        self.mix, self.tally = mix, Tally()
        self.rng = random.Random(0)
        start = time.monotonic() - (time.time() - start_wall)  # one clock for both processes
        self.counting_from, self.end = start + mix.warmup, start + mix.seconds

    def counting(self) -> bool:
        return time.monotonic() >= self.counting_from

    async def _create(
        self, http: httpx.AsyncClient, seats: list[dict[str, Any]], game: str = "puru"
    ) -> Any:
        params = {"players": len(seats)}
        r = await http.post("/api/tables", json={"game": game, "seats": seats, "params": params})
        if r.status_code != 201:
            raise RuntimeError(f"create: {r.status_code} {r.text[:100]}")
        return r.json()

    async def bot_table(
        self, http: httpx.AsyncClient, slot: str, seats: Any, game: str = "puru"
    ) -> None:
        """Watch bot tables one after the other, counting their moves."""
        end = self.end
        while time.monotonic() < end:
            try:
                made = await self._create(http, seats, game)
                async with connect(f"{self.ws_url}/ws/{made['id']}") as ws:
                    await ws.send(json.dumps({"type": "hello", "tokens": []}))
                    async for msg in messages(ws, end):
                        if msg["type"] == "update":
                            if self.counting():
                                self.tally.moves[slot] += len(msg["log"])
                            if msg["over"]:
                                break
            except LOAD_ERRORS as exc:
                self.tally.errors.append(f"{slot}: {exc!r}")
                await asyncio.sleep(0.5)

    async def person(self, http: httpx.AsyncClient) -> None:
        while time.monotonic() < self.end:
            try:
                made = await self._create(http, [{"kind": "human"}, GREEDY, GREEDY, GREEDY])
                person = Person(self.tally, self.mix.think, self.rng, self.counting)
                url = f"{self.ws_url}/ws/{made['id']}"
                await person.play(url, made["tokens"]["0"], self.end)
            except LOAD_ERRORS as exc:
                self.tally.errors.append(f"person: {exc!r}")
                await asyncio.sleep(0.5)

    async def watch(self) -> None:
        m = self.mix
        limits = httpx.Limits(max_connections=64)
        async with httpx.AsyncClient(base_url=self.url, timeout=30, limits=limits) as http:
            jobs = [self.bot_table(http, f"greedy{i}", [GREEDY] * 4) for i in range(m.bot_tables)]
            jobs += [self.bot_table(http, f"mcts{i}", [MCTS] * 3, SEARCH_GAME)
                     for i in range(m.mcts_tables)]  # fmt: skip
            await asyncio.gather(*jobs)

    async def play(self) -> None:
        async with httpx.AsyncClient(base_url=self.url, timeout=30) as http:
            await asyncio.gather(*(self.person(http) for _ in range(self.mix.people)))

    def figures(self, window: float) -> dict[str, Any]:
        t, m = self.tally, self.mix
        rtts = sorted(t.rtts)

        def per_s(prefix: str, n: int) -> tuple[float, float]:
            counts = [t.moves[f"{prefix}{i}"] for i in range(n)]
            return (round(sum(counts) / window, 1), round(min(counts) / window, 2)) if n else (0, 0)

        greedy_total, greedy_min = per_s("greedy", m.bot_tables)
        mcts_total, mcts_min = per_s("mcts", m.mcts_tables)
        return {
            "bot_tables": m.bot_tables,
            "mcts_tables": m.mcts_tables,
            "people": m.people,
            "window_s": round(window, 1),
            "person_moves": len(rtts),
            "ack_ms_p50": round(1000 * statistics.median(rtts), 1) if rtts else None,
            "ack_ms_p99": round(1000 * percentile(rtts, 0.99), 1) if rtts else None,
            "ack_ms_max": round(1000 * rtts[-1], 1) if rtts else None,
            "greedy_moves_per_s": greedy_total,
            "slowest_greedy_table_per_s": greedy_min,
            "mcts_moves_per_s": mcts_total,
            "slowest_mcts_table_per_s": mcts_min,
            "sent": t.sent,
            "acked": t.acked,
            "errors": len(t.errors),
            "first_errors": t.errors[:3],
            "loadavg_1m": round(os.getloadavg()[0], 2),
        }


def _watch(urls: tuple[str, str], mix: Mix, start_wall: float, out: Connection) -> None:
    """The bot tables' side, in a process of its own, at a lower CPU priority: on this one
    machine it stands for a hundred remote clients, and must not take the server's CPU."""
    os.nice(WATCHERS_NICE)
    load = MixLoad(urls, mix, start_wall)
    asyncio.run(load.watch())
    out.send((dict(load.tally.moves), load.tally.errors))


def run_mix(mix: Mix, folder: Path) -> dict[str, Any]:
    """One run against a fresh server process."""
    folder.mkdir(parents=True, exist_ok=True)
    env = {"DICEHALL_BOT_DELAY": str(mix.bot_delay), "DICEHALL_GRACE": "30"}
    srv = Server(folder / "mix.db", folder / "server.log", env=env)
    srv.start()
    try:
        assert srv.proc is not None
        cpu = _cpu_seconds(srv.proc.pid)
        urls, start_wall = (srv.url, srv.ws_url), time.time()
        context = multiprocessing.get_context("spawn")
        results, sent = context.Pipe(duplex=False)
        watchers = context.Process(target=_watch, args=(urls, mix, start_wall, sent))
        watchers.start()
        people = MixLoad(urls, mix, start_wall)
        asyncio.run(people.play())
        if results.poll(mix.seconds + 60):
            moves, errors = results.recv()
            people.tally.moves.update(moves)
            people.tally.errors += errors
        else:
            people.tally.errors.append("the watchers' process gave no figures")
        watchers.join(30)
        figures = people.figures(mix.seconds - mix.warmup)
        figures["server_cpu_s"] = round(_cpu_seconds(srv.proc.pid) - cpu, 1)
        try:
            figures["server_up"] = srv.api("GET", "/api/health").status_code == 200
        except httpx.HTTPError as exc:  # no answer within 30 s
            figures["server_up"] = f"no answer: {exc!r}"
    finally:
        srv.stop()
    return figures
