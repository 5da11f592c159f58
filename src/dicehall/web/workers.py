"""Bots think in worker processes: the server keeps answering people while an mcts or expert
bot searches for seconds, and while a hundred greedy tables decide.

A bot's level says where it thinks. `random` decides in the server process (`inline`).
`greedy` decides in about a millisecond, in the `quick` pool of `quick_workers` processes
(`DICEHALL_QUICK_WORKERS`; one by default where the machine has a second core): a hundred
greedy tables' decisions would otherwise take a third of the server's event loop, and people's
moves would wait behind them (docs/reliability.md, *People first*); with no quick workers
greedy decides inline. `mcts` and `expert` think in the `search` pool, so searching tables can
fill it without delaying any other table. A table asks for one move at a time (its driver
waits for the answer), so one table holds at most one worker; requests are served in arrival
order, so every table's bots keep moving. Bots yield the CPU to people: search workers run at
idle priority on Linux (`SCHED_IDLE`: they take only time nobody else wants, and a server
woken by a person's move takes their core at once; `DICEHALL_SEARCH_IDLE=0` keeps them at
`nice` 10, `DICEHALL_SEARCH_NICE`), quick workers at `nice` 5 (`DICEHALL_QUICK_NICE`). A
search spends its thinking time either way; it searches less when the machine is busy. A
worker receives only what the bot may see (the bot's level, the game and seat, the seat's
view, the legal actions' ids and the rng's seed) and answers the chosen action's id. Workers
never solve: a solver table missing from the disk cache is an error there (see
`dicehall.web.prepare`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import os
import random
from collections import OrderedDict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from dicehall.bots import level_named
from dicehall.bots.base import Bot, RandomBot
from dicehall.bots.solvers.cache import NO_SOLVE_ENV
from dicehall.core.game import Game
from dicehall.core.types import View
from dicehall.web.bot_turns import BotTurns
from dicehall.web.quick_workers import QuickWorkers

log = logging.getLogger("dicehall.web")

SEARCH_NICE = int(os.environ.get("DICEHALL_SEARCH_NICE", "10"))
QUICK_NICE = int(os.environ.get("DICEHALL_QUICK_NICE", "5"))
SEARCH_IDLE = os.environ.get("DICEHALL_SEARCH_IDLE", "1") != "0"
BOTS_KEPT = 256  # bots a worker keeps built (per game, seat and level)


@dataclass(frozen=True)
class BotSpec:
    """Which bot plays: everything a worker needs to build it (nothing about the match)."""

    game: str
    params_json: str  # the game's parameters, as sorted JSON (hashable)
    seat: int
    level: str

    @classmethod
    def of(cls, game: str, params: dict[str, Any], seat: int, level: str) -> BotSpec:
        return cls(game, json.dumps(params, sort_keys=True), seat, level)

    @property
    def pool(self) -> str:
        """Its level's pool (`Level.pool`): `inline` (random), `quick` (greedy: inline too
        without quick workers) or `search` (mcts, expert)."""
        level = level_named(self.level)
        return level.pool if level is not None else "search"


# --- inside a worker process --------------------------------------------------------------
_bots: OrderedDict[BotSpec, tuple[Game[Any, Any], Bot]] = OrderedDict()


def _worker_start(nice: int, idle: bool = False) -> None:
    os.environ[NO_SOLVE_ENV] = "1"
    with contextlib.suppress(OSError):  # not permitted here: same priority as the server
        os.nice(nice)
    if idle and hasattr(os, "sched_setscheduler"):  # Linux
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    from dicehall import games  # warm the imports once, not on the first move

    games.available()


def _bot(spec: BotSpec) -> tuple[Game[Any, Any], Bot]:
    found = _bots.get(spec)
    if found is None:
        from dicehall import games
        from dicehall.bots import make_bot

        game = games.make(spec.game, **json.loads(spec.params_json))
        found = _bots[spec] = (game, make_bot(spec.level, game, spec.seat))
        while len(_bots) > BOTS_KEPT:
            _bots.popitem(last=False)
    _bots.move_to_end(spec)
    return found


Rng = random.Random | str  # an rng, or the text one is seeded with (cheaper to send)


@dataclass(frozen=True)
class LegalIds:
    """Legal actions as the game's action ids (`Game.encode`): a few bytes to send to a
    worker, where the actions themselves (slotted dataclasses) took longer to pickle than the
    rest of the request. A worker given these answers an action id too."""

    ids: tuple[int, ...]

    @classmethod
    def of(cls, game: Game[Any, Any], legal: Sequence[Any]) -> LegalIds:
        return cls(tuple(map(game.encode, legal)))


def think(spec: BotSpec, view: View, legal: Sequence[Any] | LegalIds, rng: Rng) -> Any:
    """One decision, in a worker process: the action, or its id where `legal` is ids."""
    game, bot = _bot(spec)
    if isinstance(legal, LegalIds):
        return game.encode(bot.act(view, tuple(map(game.decode, legal.ids)), _rng(rng)))
    return bot.act(view, legal, _rng(rng))


def _rng(rng: Rng) -> random.Random:
    return random.Random(rng) if isinstance(rng, str) else rng


# --- in the server process ----------------------------------------------------------------
def _forkserver() -> Any:
    """Workers are forked from a clean server of their own that has the game modules loaded
    already: a new worker is ready in milliseconds and holds no copy of the server's threads."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["dicehall.games", "dicehall.bots"])
    return context


class BotPool:
    """The server's worker pools; `decide` runs one bot decision in the right one."""

    def __init__(self, quick: int, search: int) -> None:
        self.sizes = {"quick": max(0, quick), "search": max(1, search)}
        self.pools: dict[str, ProcessPoolExecutor] = {}  # the search pool, once started
        self.quick = QuickWorkers(self.sizes["quick"], _forkserver(), _worker_start, QUICK_NICE)
        self.turns = BotTurns()  # bot moves start one per pass of the event loop

    def where(self, spec: BotSpec) -> str:
        """The pool `spec` thinks in: `inline` (this process), `quick` or `search`."""
        kind = spec.pool
        return "inline" if kind != "search" and self.sizes.get(kind, 0) == 0 else kind

    def _pool(self, kind: str) -> ProcessPoolExecutor:
        pool = self.pools.get(kind)
        if pool is None:  # started on first use: a server without searching bots has none
            pool = ProcessPoolExecutor(
                self.sizes[kind],
                mp_context=_forkserver(),
                initializer=_worker_start,
                initargs=(SEARCH_NICE, SEARCH_IDLE),
            )
            self.pools[kind] = pool
        return pool

    async def warm(self, kind: str = "quick") -> None:
        """Start every worker of a pool now (at server start), not at the first bot's move."""
        if self.sizes[kind] == 0:
            return
        if kind == "quick":
            await self.quick.start()
            return
        pool = self._pool(kind)
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(pool, os.getpid) for _ in range(self.sizes[kind]))
        )

    async def decide(
        self,
        spec: BotSpec,
        view: View,
        legal: Sequence[Any],
        rng: Rng,
        game: Game[Any, Any] | None = None,
    ) -> Any:
        """The bot's action; with `game`, a worker is sent the legal actions' ids (`LegalIds`)."""
        kind = self.where(spec)
        if kind == "inline":  # a millisecond: less than the trip to a worker would cost
            if spec.pool == "inline":
                return RandomBot().act(view, legal, _rng(rng))
            return think(spec, view, legal, rng)
        sent = LegalIds.of(game, legal) if game is not None else tuple(legal)
        if kind == "quick":
            answer = await self.quick.decide(spec, view, sent, rng)
        else:
            answer = await self._search(spec, view, sent, rng)
        return game.decode(answer) if game is not None else answer

    async def _search(self, spec: BotSpec, view: View, legal: Any, rng: Rng) -> Any:
        pool = self._pool("search")
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(pool, think, spec, view, legal, rng)
        except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh
            log.error("a search bot worker died; starting new workers")
            if self.pools.get("search") is pool:
                del self.pools["search"]
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    async def close(self) -> None:
        """Stop the workers (a search under way finishes its move first)."""
        await self.quick.close()
        pools, self.pools = list(self.pools.values()), {}
        for pool in pools:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
