"""Bots think in worker processes: a search never runs in the server's process, and a worker
never solves a missing exact table."""

from __future__ import annotations

import asyncio
import os
import random
import time
from pathlib import Path

import pytest

from dicehall import games
from dicehall.bots.solvers import cache
from dicehall.engine.match import Match
from dicehall.web.workers import pool as workers
from dicehall.web.workers.pool import BotPool
from tests.web.helpers import Client, Server
from tests.web.load import _cpu_seconds

MCTS = {"kind": "bot", "level": "mcts"}


def test_a_worker_never_solves_a_missing_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cache.ENV_DIR, str(tmp_path))
    monkeypatch.setenv(cache.NO_SOLVE_ENV, "1")
    solved: list[str] = []
    with pytest.raises(cache.NotSolved, match="not solved yet"):
        cache.load_or_make("puru-test", (2,), "float32", lambda: solved.append("solved"))
    assert solved == []


def _descendants(pid: int) -> list[int]:
    """Every process below `pid` (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def test_search_bots_think_outside_the_server_process(tmp_path: Path) -> None:
    """Two tables of mcts bots (1 s of search a move at web tables) play; the search runs
    in processes below the server (its workers), not in the server process itself."""
    env = {"DICEHALL_SEARCH_NICE": "0"}  # a busy test machine must not starve the workers
    srv = Server(tmp_path / "db.sqlite", tmp_path / "server.log", env=env)
    srv.start()
    try:
        assert srv.proc is not None
        tables = [srv.create("purrramid", [MCTS] * 2) for _ in range(2)]
        watchers = [Client(srv, t["id"]) for t in tables]
        bot_moves = 0
        deadline = time.monotonic() + 120
        while bot_moves < 6 and time.monotonic() < deadline:
            watchers[bot_moves % 2].wait(lambda m: m["type"] == "update", timeout=60)
            bot_moves = sum(
                sum(1 for line in w.log if line["seat"] is not None and line["seat"] >= 0)
                for w in watchers
            )
        workers_cpu = sum(_cpu_seconds(p) for p in _descendants(srv.proc.pid))
        for w in watchers:
            w.close()
    finally:
        srv.stop()
    assert bot_moves >= 6
    assert workers_cpu > 0.1, workers_cpu  # the searches ran there


def test_the_pool_runs_a_bot_from_its_spec() -> None:
    import asyncio

    from dicehall.web.workers.pool import BotPool
    from dicehall.web.workers.thinking import BotSpec

    game = games.make("puru", players=2)
    match = Match(game, 1)
    seat = next(s for s in match.actors() if s >= 0)
    legal = match.legal_actions(seat)

    async def decide() -> object:
        pool = BotPool(1, 1)
        try:
            spec = BotSpec.of("puru", game.params, seat, "greedy")
            return await pool.decide(spec, match.view(seat), legal, random.Random(1))
        finally:
            await pool.close()

    assert asyncio.run(decide()) in legal
    assert os.environ.get(cache.NO_SOLVE_ENV) is None  # only the workers forbid solving


def test_without_quick_workers_greedy_decides_in_the_server_and_searches_in_workers() -> None:
    """With no quick workers (a single core) a greedy bot decides in the server process; an
    mcts bot is sent to the search pool."""
    import asyncio

    from dicehall.web.workers.pool import BotPool
    from dicehall.web.workers.thinking import BotSpec

    game = games.make("puru", players=2)
    match = Match(game, 1)
    seat = next(s for s in match.actors() if s >= 0)
    legal = match.legal_actions(seat)
    pool = BotPool(0, 1)
    greedy = BotSpec.of("puru", game.params, seat, "greedy")

    async def decide() -> object:
        try:
            return await pool.decide(greedy, match.view(seat), legal, random.Random(1))
        finally:
            assert pool.pools == {}  # no worker process was started for it
            await pool.close()

    assert asyncio.run(decide()) in legal
    assert pool.where(BotSpec.of("puru", game.params, seat, "mcts")) == "search"
    assert BotPool(1, 1).where(greedy) == "quick"


@pytest.mark.parametrize(("cores", "workers"), [(1, 0), (2, 1), (16, 1)])
def test_one_greedy_worker_by_default_where_there_is_a_second_core(
    monkeypatch: pytest.MonkeyPatch, cores: int, workers: int
) -> None:
    from dicehall.web.config import Settings

    monkeypatch.delenv("DICEHALL_QUICK_WORKERS", raising=False)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(cores)), raising=False)
    assert Settings().quick_workers == workers
    monkeypatch.setenv("DICEHALL_QUICK_WORKERS", "3")
    assert Settings().quick_workers == 3


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux scheduling policies")
def test_search_workers_run_at_idle_priority_unless_turned_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """People first: a search worker takes only CPU time nobody else wants (SCHED_IDLE), so
    a server woken by a person's move never waits for a search to give up its core."""

    def policies(idle: bool) -> list[int]:
        monkeypatch.setattr(workers, "SEARCH_IDLE", idle)
        pool = BotPool(0, 2)

        async def ask() -> list[int]:
            await pool.warm("search")
            loop = asyncio.get_running_loop()
            search = pool.pools["search"]
            found = [await loop.run_in_executor(search, os.sched_getscheduler, 0) for _ in "ab"]
            await pool.close()
            return found

        return asyncio.run(ask())

    assert policies(True) == [os.SCHED_IDLE] * 2
    assert os.SCHED_IDLE not in policies(False)
