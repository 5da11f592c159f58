"""Does another process give more capacity? CPU per action and capacity with 1, 2, 4 processes.

`dicehall serve --workers N` on one private PostgreSQL, under the same load as
`tests/web/load.py` (tables of one person and three greedy bots, a spectator each, people
spread by the kernel over the processes): for each N in one run,
- **CPU per action**: the CPU seconds of the whole server (its processes and their bot
  workers, from /proc) divided by the actions the tables played;
- **capacity** (`--ramp`): the most tables whose people's move round trip stays under 100 ms
  at the 99th percentile.
The load generator runs in a process of its own at a lower priority (`nice`), so that the
server gets the cores; PostgreSQL's own CPU is left out (the same writes for every N). The
server's start-up (its bot workers' imports, the expert's tables) is over before the count
starts.

    python -m tests.web.load_scale --workers 1,2,4 --tables 32 --seconds 20
    python -m tests.web.load_scale --workers 1,2 --ramp 16,32,48,64,96 --seconds 15
    python -m tests.web.load_scale --src DIR ...   # the server's code from DIR (a before run)
    python -m tests.web.load_scale --workers 1,2,4 --cores 0.25 --ramp ...  # as root: each
        # server process gets 0.25 core (tests/web/cpu_quota.py), the rest is the generator's

Figures only: nothing here asserts a time (`tests/web/test_load_scale.py` runs it tiny).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.store.postgres import create_database, postgres_server
from tests.web.cpu_quota import CpuQuota
from tests.web.helpers import Server
from tests.web.load import P99_LIMIT_MS, Load, Step
from tests.web.procs import tree_cpu_seconds

NICE = 10  # the load generator's priority below the server's


def settle(root: int, idle: float = 0.05, longest: float = 60.0) -> None:
    """Wait until the server has started its bot workers and read its tables: its CPU over
    one second under `idle` (start-up is not what an action costs)."""
    end = time.monotonic() + longest
    before = tree_cpu_seconds(root)
    while time.monotonic() < end:
        time.sleep(1.0)
        now = tree_cpu_seconds(root)
        if now - before < idle:
            return
        before = now


def _generate(url: str, step: Step, seed: int, out: Any) -> None:
    """The load, in a process of its own below the server's priority."""
    os.nice(NICE)
    srv = Server.__new__(Server)
    srv.port = int(url.rsplit(":", 1)[1])
    out.put(asyncio.run(Load(srv, step, random.Random(seed)).run()))


def run_step(
    db_url: str, workers: int, step: Step, folder: Path, src: Path | None, cores: float | None
) -> Any:
    """One step against a fresh `serve --workers N` on `db_url`; with `cores`, each server
    process (with its bot worker) is held to that much CPU."""
    env = {"DICEHALL_BOT_DELAY": str(step.bot_delay), "DICEHALL_GRACE": "30"}
    if src is not None:
        env["PYTHONPATH"] = str(src)
    quota = CpuQuota(cores) if cores else None  # refused before any server starts
    srv = Server(folder / "unused.db", folder / "server.log", env=env)
    srv.db_url, srv.workers = db_url, workers
    srv.start(timeout=180)
    try:
        assert srv.proc is not None
        settle(srv.proc.pid)
        if quota is not None:
            quota.confine(srv.proc.pid, workers)
        cpu = tree_cpu_seconds(srv.proc.pid)
        context = multiprocessing.get_context("fork")
        out = context.Queue()
        generator = context.Process(target=_generate, args=(srv.url, step, workers, out))
        generator.start()
        figures: dict[str, Any] = out.get(timeout=step.seconds + 600)
        generator.join(60)
        cpu = tree_cpu_seconds(srv.proc.pid) - cpu
        actions = figures["actions_per_s"] * figures["seconds"]
        figures["workers"] = workers
        figures["server_cpu_share"] = round(cpu / figures["seconds"], 2)
        figures["server_cpu_ms_per_action"] = round(1000 * cpu / actions, 2) if actions else None
        figures["cores_per_process"] = cores
        figures["throttled_s"] = round(quota.throttled_seconds(), 2) if quota else None
    finally:
        srv.stop()
        if quota is not None:
            quota.remove()
    return figures


COLUMNS = ["workers", "tables", "clients", "actions_per_s", "rtt_ms_p50", "rtt_ms_p99"]
COLUMNS += ["errors", "server_cpu_share", "server_cpu_ms_per_action", "client_cpu_share"]
COLUMNS += ["loadavg_1m"]


def measure(
    workers: list[int],
    tables: list[int],
    seconds: float,
    src: Path | None,
    think: float = 0.2,
    cores: float | None = None,
) -> list[dict[str, Any]]:
    """Every (workers, tables) step, each on a fresh database of one private PostgreSQL."""
    rows = []
    print(" ".join(f"{c:>13}" for c in COLUMNS), flush=True)
    with postgres_server() as pg, tempfile.TemporaryDirectory(prefix="dicehall-scale-") as tmp:
        for n in workers:
            for i, count in enumerate(tables):
                name = f"scale_{n}_{i}"
                step = Step(count, watchers=1, seconds=seconds, think=think)
                folder = Path(tmp) / name
                folder.mkdir()
                row = run_step(create_database(pg, name), n, step, folder, src, cores)
                rows.append(row)
                print(" ".join(f"{row[c]!s:>13}" for c in COLUMNS), flush=True)
    return rows


def capacity(rows: list[dict[str, Any]], workers: int) -> dict[str, Any] | None:
    """The most tables `workers` processes held with p99 under 100 ms and no errors."""
    held = [
        r for r in rows
        if r["workers"] == workers and r["errors"] == 0
        and r["rtt_ms_p99"] is not None and r["rtt_ms_p99"] < P99_LIMIT_MS
    ]  # fmt: skip
    return max(held, key=lambda r: r["tables"]) if held else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.web.load_scale", description=__doc__)
    parser.add_argument("--workers", default="1,2,4", help="server processes per step")
    parser.add_argument("--tables", type=int, default=32, help="tables (without --ramp)")
    parser.add_argument("--ramp", default=None, help="comma-separated tables: find capacity")
    parser.add_argument("--seconds", type=float, default=20.0, help="per step")
    parser.add_argument("--think", type=float, default=0.2, help="mean seconds per person move")
    parser.add_argument("--src", type=Path, default=None, help="the server's code from here")
    parser.add_argument("--json", type=Path, default=None, help="also write the rows here")
    parser.add_argument(
        "--cores", type=float, default=None, help="CPU per server process (root, cgroup v1)"
    )
    args = parser.parse_args(argv)
    workers = [int(x) for x in args.workers.split(",")]
    tables = [int(x) for x in args.ramp.split(",")] if args.ramp else [args.tables]
    rows = measure(workers, tables, args.seconds, args.src, args.think, args.cores)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    base = next((r["server_cpu_ms_per_action"] for r in rows if r["workers"] == workers[0]), None)
    for n in workers:
        mine = [r["server_cpu_ms_per_action"] for r in rows if r["workers"] == n]
        mine = [x for x in mine if x is not None]
        if mine and base:
            ratio = round(sum(mine) / len(mine) / base, 2)
            print(f"{n} process(es): CPU per action {min(mine)}-{max(mine)} ms, {ratio}x")
        if args.ramp:
            best = capacity(rows, n)
            held = f"{best['tables']} tables / {best['clients']} clients" if best else "none"
            print(f"{n} process(es): held at p99 < {P99_LIMIT_MS:.0f} ms: {held}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
