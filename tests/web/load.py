"""A loopback load generator: concurrent tables, each with a person and watchers, over websockets.

Each table is puru with one person and three greedy bots; the person's client answers each of
its turns after a short think time and times send -> ack (the action round trip); `watchers`
spectator clients per table receive every update. When a match ends its clients move to a new
table, so the load stays constant. One step runs against a fresh server process.

    python -m tests.web.load --tables 8,16,32,64,128 --seconds 20

prints, per step: tables, websocket clients, actions/s, round trip p50/p95/p99, errors; then
the largest step whose p99 stays under 100 ms and the first one that does not.

    python -m tests.web.load --mix --bot-tables 100 --mcts-tables 12 --seconds 60

runs the bot load instead (`tests/web/load_mix.py`): greedy and mcts bot tables at the default
pace next to a few people, whose move acknowledgement it times.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from tests.web.helpers import Server
from tests.web.load_person import Person, PersonTally, messages

GREEDY = {"kind": "bot", "level": "greedy"}
LINEUP = [{"kind": "human"}, GREEDY, GREEDY, GREEDY]
P99_LIMIT_MS = 100.0


@dataclass
class Tally(PersonTally):
    watched: int = 0  # updates received by watchers


@dataclass(frozen=True)
class Step:
    tables: int
    watchers: int = 1
    seconds: float = 10.0
    think: float = 0.2  # mean seconds a person takes per move (uniform, 0.5x to 1.5x)
    bot_delay: float = 0.1


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


class Load:
    def __init__(self, srv: Server, step: Step, rng: random.Random) -> None:
        self.srv, self.step, self.rng = srv, step, rng
        self.tally = Tally()

    async def table_seat(self, http: httpx.AsyncClient, delay: float, end: float) -> None:
        """One concurrent table: play a match, then the next, until `end`."""
        await asyncio.sleep(delay)
        while time.monotonic() < end:
            try:
                await self._one_match(http, end)
            except (WebSocketException, OSError, TimeoutError, httpx.HTTPError) as exc:
                self.tally.errors.append(f"connection: {exc!r}")
                await asyncio.sleep(0.5)

    async def _one_match(self, http: httpx.AsyncClient, end: float) -> None:
        r = await http.post("/api/tables", json={"game": "puru", "seats": LINEUP})
        if r.status_code != 201:
            self.tally.errors.append(f"create: {r.status_code} {r.text[:100]}")
            await asyncio.sleep(0.5)
            return
        made = r.json()
        url = f"{self.srv.ws_url}/ws/{made['id']}"
        watchers = [self._watch(url, end) for _ in range(self.step.watchers)]
        person = Person(self.tally, self.step.think, self.rng).play(url, made["tokens"]["0"], end)
        for failed in await asyncio.gather(person, *watchers, return_exceptions=True):
            if isinstance(failed, BaseException):
                self.tally.errors.append(f"connection: {failed!r}")

    async def _watch(self, url: str, end: float) -> None:
        async with connect(url) as ws:
            await ws.send(json.dumps({"type": "hello", "tokens": []}))
            async for msg in messages(ws, end):
                if msg["type"] == "update":
                    self.tally.watched += 1
                    if msg["over"]:
                        return

    async def run(self) -> dict[str, Any]:
        s = self.step
        limits = httpx.Limits(max_connections=32)
        async with httpx.AsyncClient(base_url=self.srv.url, timeout=30, limits=limits) as http:
            start, cpu = time.monotonic(), time.process_time()
            end = start + s.seconds
            # people arrive over the first quarter (at most 5 s), not in one instant
            arrive = min(5.0, s.seconds / 4) / s.tables
            await asyncio.gather(*(self.table_seat(http, i * arrive, end) for i in range(s.tables)))
            elapsed = time.monotonic() - start
            cpu = time.process_time() - cpu
        t = self.tally
        rtts = sorted(t.rtts)

        def ms(q: float) -> float | None:
            return round(1000 * percentile(rtts, q), 1) if rtts else None

        return {
            "tables": s.tables,
            "clients": s.tables * (1 + s.watchers),
            "seconds": round(elapsed, 1),
            "actions_per_s": round(t.actions / elapsed, 1),
            "person_actions": len(rtts),
            "sent": t.sent,
            "acked": t.acked,
            "rtt_ms_p50": round(1000 * statistics.median(rtts), 1) if rtts else None,
            "rtt_ms_p95": ms(0.95),
            "rtt_ms_p99": ms(0.99),
            "rtt_ms_max": ms(1.0),
            "games_finished": t.games,
            "watcher_updates": t.watched,
            "errors": len(t.errors),
            "first_errors": t.errors[:3],
            "think_s": s.think,
            "bot_delay_s": s.bot_delay,
            "client_cpu_share": round(cpu / elapsed, 2),  # this load generator's own CPU
            "loadavg_1m": round(os.getloadavg()[0], 2),
        }


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_step(step: Step, folder: Path, seed: int = 0) -> dict[str, Any]:
    """One step against a fresh server process (old tables would keep the bots busy)."""
    folder.mkdir(parents=True, exist_ok=True)
    env = {"DICEHALL_BOT_DELAY": str(step.bot_delay), "DICEHALL_GRACE": "30"}
    srv = Server(folder / "load.db", folder / "server.log", env=env)
    srv.start()
    try:
        assert srv.proc is not None
        cpu = _cpu_seconds(srv.proc.pid)
        figures = asyncio.run(Load(srv, step, random.Random(seed)).run())
        cpu = _cpu_seconds(srv.proc.pid) - cpu
        # CPU time does not depend on what else the machine runs, unlike the round trips
        figures["server_cpu_share"] = round(cpu / figures["seconds"], 2)
        actions = figures["actions_per_s"] * figures["seconds"]
        figures["server_cpu_ms_per_action"] = round(1000 * cpu / actions, 2) if actions else None
        figures["server_up"] = srv.api("GET", "/api/health").status_code == 200
    finally:
        srv.stop()
    return figures


COLUMNS = ["tables", "clients", "actions_per_s", "person_actions", "rtt_ms_p50", "rtt_ms_p95"]
COLUMNS += ["rtt_ms_p99", "rtt_ms_max", "errors", "server_cpu_share", "client_cpu_share"]
COLUMNS += ["loadavg_1m"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.web.load", description=__doc__)
    parser.add_argument("--tables", default="8,16,32,64,128", help="comma-separated steps")
    parser.add_argument("--watchers", type=int, default=1, help="spectator clients per table")
    parser.add_argument("--seconds", type=float, default=20.0, help="per step")
    parser.add_argument("--think", type=float, default=0.2, help="mean seconds per person move")
    parser.add_argument("--bot-delay", type=float, default=0.1, help="server bot delay (s)")
    parser.add_argument("--json", type=Path, default=None, help="also write the steps here")
    parser.add_argument("--mix", action="store_true", help="bot load: see tests/web/load_mix")
    parser.add_argument("--bot-tables", type=int, default=100, help="--mix: greedy tables")
    parser.add_argument("--mcts-tables", type=int, default=12, help="--mix: mcts tables")
    parser.add_argument("--people", type=int, default=4, help="--mix: tables with a person")
    args = parser.parse_args(argv)
    if args.mix:
        return _mix(args)
    steps, held, degraded = [], None, None
    print(" ".join(f"{c:>13}" for c in COLUMNS), flush=True)
    with tempfile.TemporaryDirectory(prefix="dicehall-load-") as folder:
        for i, n in enumerate(int(x) for x in args.tables.split(",")):
            step = Step(n, args.watchers, args.seconds, args.think, args.bot_delay)
            figures = run_step(step, Path(folder) / f"step{i}", seed=i)
            steps.append(figures)
            print(" ".join(f"{figures[c]!s:>13}" for c in COLUMNS), flush=True)
            p99 = figures["rtt_ms_p99"]
            ok = figures["errors"] == 0 and p99 is not None and p99 < P99_LIMIT_MS
            if ok and degraded is None:
                held = figures
            elif not ok and degraded is None:
                degraded = figures
    if args.json:
        args.json.write_text(json.dumps(steps, indent=1) + "\n")
    if held:
        print(
            f"held: {held['tables']} tables, {held['clients']} clients, p99 {held['rtt_ms_p99']} ms"
        )
    if degraded:
        print(f"degrades at {degraded['tables']} tables: p99 {degraded['rtt_ms_p99']} ms, "
              f"{degraded['errors']} errors")  # fmt: skip
    return 0


def _mix(args: argparse.Namespace) -> int:
    from tests.web.load_mix import Mix, run_mix

    mix = Mix(args.bot_tables, args.mcts_tables, args.people, args.seconds)
    with tempfile.TemporaryDirectory(prefix="dicehall-load-") as folder:
        figures = run_mix(mix, Path(folder))
    for key, value in figures.items():
        print(f"{key:>28}: {value}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
