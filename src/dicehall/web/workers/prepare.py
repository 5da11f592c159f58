"""Experts' solved tables, prepared in a background process, never by a request.

A game's expert may read exact tables from the disk cache (the game's `tables` part; today's
are 256 MiB each, memory-mapped). Solving one takes minutes and gigabytes of memory, so a web
request never starts it: at start-up the server solves the missing tables one after the other
in a separate process (`python -m dicehall.web.workers.prepare`, at low priority), when the
machine has the memory free, logging its progress; otherwise it logs why not and an operator runs
`dicehall solve GAME` (here, or elsewhere and copies the cache folder).
Until a table is ready the lobby lists the expert as preparing and refuses such a table with a
clear 503, naming the levels that are ready; the worker processes that play bots never solve.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys
import time
from dataclasses import dataclass
from typing import Any

from dicehall import games
from dicehall.bots.solvers import cache
from dicehall.core.parts import Tables

log = logging.getLogger("dicehall.web")

CHILD = "import sys; from dicehall.web.workers.prepare import main; sys.exit(main(sys.argv[1:]))"
"""The child process's program (`main` with the job's arguments)."""
SOLVE_MEMORY = int(3.6 * 2**30)
"""Memory one solve needs at its peak (about 3.4 GB measured, with some room)."""
HEARTBEAT_S = 30.0


@dataclass(frozen=True)
class Job:
    """One solved table: its cache name, what it is for, and the child's arguments."""

    name: str
    label: str
    game_id: str
    key: str  # the table as the game's `tables` part names it
    lo: int = 0

    def argv(self) -> list[str]:
        # `main` imported, not `-m`: the package imports this module first, and runpy warns
        # when a module it is asked to run as __main__ is already loaded
        return [sys.executable, "-c", CHILD, self.game_id, self.key, "--lo", str(self.lo)]


def _tables(game_id: str) -> Tables | None:
    found: Tables | None = games.part(game_id, "tables")
    return found


def jobs(lo: int = 0) -> list[Job]:
    """Every table the games' experts read, in the order they are prepared."""
    return [
        Job(table.name, table.label, game_id, table.key, lo)
        for game_id in games.available()
        if (tables := _tables(game_id)) is not None
        for table in tables.all(lo)
    ]


def is_ready(name: str) -> bool:
    """The table and its checksum are in the cache (the worker checks the digest on load)."""
    path = cache.table_path(name)
    return path.exists() and path.with_name(path.name + ".sha256").exists()


def needed_for(game: Any) -> list[str]:
    """The cached tables the expert of this game reads, at any seat (none where it searches)."""
    tables = _tables(game.id)
    if tables is None:
        return []
    names = (t.name for seat in range(game.num_players) for t in tables.needed(game, seat))
    return list(dict.fromkeys(names))


def available_memory() -> int | None:
    """Bytes of memory available now (Linux `MemAvailable`); None where unknown."""
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def lobby_status(game_id: str) -> dict[str, str]:
    """`{"expert": "preparing"}` while any table of the game's expert is missing."""
    tables = _tables(game_id)
    if tables is None or all(is_ready(table.name) for table in tables.all()):
        return {}
    return {"expert": "preparing"}


class Preparer:
    """Solves the missing tables in a child process, one at a time, and tells who waits."""

    def __init__(
        self, enabled: bool, todo: list[Job] | None = None, need: int = SOLVE_MEMORY
    ) -> None:
        self.enabled = enabled
        self.todo = todo
        self.need = need  # bytes of free memory a solve needs
        self.task: asyncio.Task[None] | None = None
        self.child: asyncio.subprocess.Process | None = None
        self.current: str | None = None
        self.why_not: str | None = None  # set when the tables will not be prepared here

    def start(self) -> None:
        todo = [job for job in (self.todo or jobs()) if not is_ready(job.name)]
        self.todo = todo
        if not todo:
            log.info("expert tables: all ready in the solver cache")
            return
        if not self.enabled:
            self.why_not = "preparing them at start is turned off (DICEHALL_PREPARE_SOLVERS=0)"
        else:
            free = available_memory()
            if free is not None and free < self.need:
                self.why_not = (
                    f"solving needs about {self.need / 2**30:.1f} GiB of memory and "
                    f"{free / 2**30:.1f} GiB is available"
                )
        if self.why_not:
            log.warning(
                "expert tables: %d missing (%s), not prepared: %s. Run `dicehall solve %s` "
                "(or copy a solved cache folder here); until then the expert is listed "
                "as preparing and other levels play.",
                len(todo),
                ", ".join(job.label for job in todo),
                self.why_not,
                " / ".join(dict.fromkeys(job.game_id for job in todo)),
            )
            return
        self.task = asyncio.get_running_loop().create_task(self._run(todo), name="prepare")

    async def _run(self, todo: list[Job]) -> None:
        for number, job in enumerate(todo, 1):
            if is_ready(job.name):  # an operator's `dicehall solve` got there first
                continue
            self.current = job.name
            began = time.monotonic()
            self.child = await asyncio.create_subprocess_exec(
                *job.argv(),
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT,
                start_new_session=True,  # a Ctrl-C in the server's terminal is the server's
            )
            log.info(
                "expert tables: solving %s (%d of %d) in process %d; a few minutes, ~3.4 GB",
                job.label, number, len(todo), self.child.pid,
            )  # fmt: skip
            heartbeat = asyncio.create_task(self._heartbeat(job, began))
            try:
                assert self.child.stdout is not None
                async for raw in self.child.stdout:
                    log.info("expert tables: %s", raw.decode(errors="replace").rstrip())
                code = await self.child.wait()
            finally:
                heartbeat.cancel()
            spent = time.monotonic() - began
            if code != 0 or not is_ready(job.name):
                log.error("expert tables: solving %s failed (exit %s)", job.label, code)
                self.why_not = f"solving {job.label} failed; see the log"
                break
            log.info("expert tables: %s ready after %.0f s", job.label, spent)
        self.current, self.child = None, None

    @staticmethod
    async def _heartbeat(job: Job, began: float) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_S)
            log.info("expert tables: still solving %s (%.0f s so far)", job.label,
                     time.monotonic() - began)  # fmt: skip

    async def stop(self) -> None:
        """Stop solving: the solver is killed and reaped, its pipe read to its end (a child
        left to the garbage collector warns of a running process and an open pipe)."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        child = self.child
        if child is None:
            return
        if child.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                child.kill()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(child.communicate(), 10)

    # --- what the lobby and table creation ask ------------------------------------------
    def missing_for(self, game: Any) -> list[str]:
        return [name for name in needed_for(game) if not is_ready(name)]

    def explain(self, missing: list[str]) -> str:
        what = "being solved in the background (a few minutes)"
        if self.why_not or not (self.current in missing or self.task):
            what = "not solved on this server yet (an operator runs `dicehall solve GAME`)"
        return (
            f"the expert for this game needs exact tables that are {what}; "
            "choose hard (mcts) or medium meanwhile, or the Full game, where the expert searches"
        )


def main(argv: list[str] | None = None) -> int:
    """The child process: solve one table into the cache, printing progress."""
    parser = argparse.ArgumentParser(prog="python -m dicehall.web.workers.prepare")
    parser.add_argument("game")
    parser.add_argument("table")
    parser.add_argument("--lo", type=int, default=0, help="late-game corner only (tests)")
    args = parser.parse_args(argv)
    with contextlib.suppress(OSError):
        os.nice(10)  # people playing on this machine come first
    tables = _tables(args.game)
    if tables is None:
        parser.error(f"{args.game} has no solved tables")
    print(f"process {os.getpid()}: solving {args.game} {args.table} (lo={args.lo})", flush=True)
    began = time.perf_counter()
    tables.load(args.table, args.lo, threads=0)
    print(f"solved {args.game} {args.table} in {time.perf_counter() - began:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
