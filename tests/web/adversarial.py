"""The adversarial load test: honest tables played while every attack of the security issue
runs against the same real server, on loopback, for a bounded time.

Honest people each come from their own loopback address: one person and three greedy bots
per puru table, plus one spectator, a new table when a match ends (as in load.py). The
attacks (attacks.py) run from other addresses: padded record uploads, huge parameters,
table-creation floods, claims of other people's seats, wrong seat tokens, slow headers,
resync floods, NaN and lone-surrogate bodies; and (attacks_costly.py) the issue-33 attacks on
costly services: the two-CPU-hour review upload, an Argon2 flood with a 40-address throttle
race, a coach flood and rating farming. The server runs with its default limits.

    python -m tests.web.adversarial --seconds 60 --tables 8 [--compare]

`--compare` runs the honest tables alone first, then with the attacks, and prints the
server's CPU share the attacks added (`attack_cpu_share`).

prints the server's peak RSS, the honest action round trips (p50/p95/p99), the honest
errors, the answers each attack got by kind, the 5xx count (must be 0) and the tracebacks in
the server's log (must be 0). `make test` runs a short one (test_adversarial.py) that asserts
only correctness: no 5xx, no traceback, every honest action acknowledged.
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

from tests.web.attacks import Attacks, padded_record
from tests.web.attacks_costly import CostlyAttacks, holding_record
from tests.web.helpers import Server
from tests.web.load import _cpu_seconds, percentile
from tests.web.load_person import Person, PersonTally, messages

GREEDY = {"kind": "bot", "level": "greedy"}
LINEUP = [{"kind": "human"}, GREEDY, GREEDY, GREEDY]


@dataclass
class Honest(PersonTally):
    server_errors: int = 0
    create_waits: int = 0  # a person who starts games faster than the budget waits, as told


class People:
    """Honest tables, each person at their own address."""

    def __init__(self, srv: Server, tables: list[str], think: float, seed: int) -> None:
        self.srv, self.tables, self.think = srv, tables, think
        self.rng = random.Random(seed)
        self.tally = Honest()

    async def person(self, index: int, end: float) -> None:
        address = f"127.0.1.{index + 1}"
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(
            base_url=self.srv.url, transport=transport, timeout=30
        ) as http:
            while time.monotonic() < end:
                try:
                    await self._one_match(http, address, end)
                except (WebSocketException, OSError, TimeoutError, httpx.HTTPError) as exc:
                    self.tally.errors.append(f"connection: {exc!r}")
                    await asyncio.sleep(0.5)

    async def _one_match(self, http: httpx.AsyncClient, address: str, end: float) -> None:
        r = await http.post("/api/tables", json={"game": "puru", "seats": LINEUP})
        if r.status_code >= 500:
            self.tally.server_errors += 1
        if r.status_code == 429 and r.json().get("error") == "rate_limited":
            # bots play a game in seconds here, faster than people start tables: wait as told
            self.tally.create_waits += 1
            await asyncio.sleep(
                min(float(r.headers.get("Retry-After", "1")), end - time.monotonic())
            )
            return
        if r.status_code != 201:
            self.tally.errors.append(f"create: {r.status_code} {r.text[:100]}")
            await asyncio.sleep(1)
            return
        made = r.json()
        self.tables.append(made["id"])
        url = f"{self.srv.ws_url}/ws/{made['id']}"
        watch = self._watch(url, address, end)
        person = Person(self.tally, self.think, self.rng, address=address)
        await asyncio.gather(person.play(url, made["tokens"]["0"], end), watch)

    async def _watch(self, url: str, address: str, end: float) -> None:
        async with connect(url, local_addr=(address, 0), max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "tokens": []}))
            async for msg in messages(ws, end):
                if msg["type"] == "update" and msg["over"]:
                    return


def _status(pid: int, key: str) -> int:
    """A size from /proc/PID/status in bytes (VmRSS now, VmHWM the peak so far)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) * 1024
    return 0


async def _health(url: str, end: float, times: list[float]) -> None:
    """An honest client asking /api/health twice a second: its round trips."""
    transport = httpx.AsyncHTTPTransport(local_address="127.0.1.250")
    async with httpx.AsyncClient(base_url=url, transport=transport, timeout=30) as http:
        while time.monotonic() < end:
            t0 = time.perf_counter()
            await http.get("/api/health")
            times.append(time.perf_counter() - t0)
            await asyncio.sleep(0.5)


async def _run(
    srv: Server, seconds: float, tables: int, think: float, attack: bool
) -> dict[str, Any]:
    assert srv.proc is not None
    record = padded_record(8_000_000) if attack else b""  # seconds of CPU: before the clock
    review = holding_record() if attack else b""
    start, cpu = time.monotonic(), _cpu_seconds(srv.proc.pid)
    own_cpu = time.process_time()
    end = start + seconds
    ids: list[str] = []
    people = People(srv, ids, think, seed=1)
    attacks = Attacks(srv.url, srv.ws_url, ids, end, record)
    costly = CostlyAttacks(srv.url, end, attacks.answers, review)
    arrive = min(5.0, seconds / 4) / tables
    honest = [_late(i * arrive, people.person(i, end)) for i in range(tables)]
    rss_start = _status(srv.proc.pid, "VmRSS")
    health_times: list[float] = []
    await asyncio.gather(
        *honest,
        _health(srv.url, end, health_times),
        *(attacks.all() + costly.all() if attack else []),
    )
    cpu = _cpu_seconds(srv.proc.pid) - cpu
    own_cpu = time.process_time() - own_cpu
    health = httpx.get(f"{srv.url}/api/health", timeout=30).status_code
    t = people.tally
    rtts = sorted(t.rtts)
    elapsed = time.monotonic() - start
    return {
        "seconds": round(elapsed, 1),
        "attacks_on": attack,
        "honest_tables": tables,
        "server_rss_mb_start": round(rss_start / 2**20, 1),
        "server_rss_mb_peak": round(_status(srv.proc.pid, "VmHWM") / 2**20, 1),
        "honest_actions": len(rtts),
        "honest_sent": t.sent,
        "honest_acked": t.acked,
        "honest_games": t.games,
        "honest_create_waits": t.create_waits,
        "rtt_ms_p50": round(1000 * statistics.median(rtts), 1) if rtts else None,
        "rtt_ms_p95": round(1000 * percentile(rtts, 0.95), 1) if rtts else None,
        "rtt_ms_p99": round(1000 * percentile(rtts, 0.99), 1) if rtts else None,
        "health_ms_max": round(1000 * max(health_times), 1) if health_times else None,
        "server_cpu_share": round(cpu / elapsed, 2),
        "load_generator_cpu_share": round(own_cpu / elapsed, 2),
        "loadavg_1m": round(os.getloadavg()[0], 2),  # the whole machine, other work included
        "honest_errors": len(t.errors),
        "first_honest_errors": t.errors[:5],
        "attacks": {kind: dict(a.by_kind) for kind, a in attacks.answers.items()},
        "server_errors_5xx": t.server_errors
        + sum(a.server_errors for a in attacks.answers.values()),
        "health_after": health,
    }


async def _late(delay: float, job: Any) -> None:
    await asyncio.sleep(delay)
    await job


def run(
    folder: Path,
    seconds: float,
    tables: int,
    think: float = 0.2,
    env: Any = None,
    attack: bool = True,
) -> Any:
    """One bounded run against a fresh server with its default limits (`attack=False`: the
    honest tables alone, the baseline to compare with)."""
    folder.mkdir(parents=True, exist_ok=True)
    server_env = {"DICEHALL_BOT_DELAY": "0.1", "DICEHALL_GRACE": "30", **(env or {})}
    srv = Server(folder / "adversarial.db", folder / "server.log", env=server_env, limits=True)
    srv.start()
    try:
        figures = asyncio.run(_run(srv, seconds, tables, think, attack))
    finally:
        srv.stop()
    figures["server_tracebacks"] = srv.log_path.read_text().count("Traceback")
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.web.adversarial", description=__doc__)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--tables", type=int, default=8, help="honest tables at once")
    parser.add_argument("--think", type=float, default=0.2, help="mean seconds per honest move")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    parser.add_argument(
        "--baseline", action="store_true", help="the honest tables alone, without attacks"
    )
    parser.add_argument(
        "--compare", action="store_true", help="the baseline first, then the attacks"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="dicehall-adversarial-") as folder:
        attack = not args.baseline
        base = None
        if args.compare:
            base = run(
                Path(folder) / "baseline", args.seconds, args.tables, args.think, attack=False
            )
        figures = run(Path(folder) / "run", args.seconds, args.tables, args.think, attack=attack)
    if base is not None:
        figures["baseline_cpu_share"] = base["server_cpu_share"]
        figures["baseline_rtt_ms_p99"] = base["rtt_ms_p99"]
        figures["attack_cpu_share"] = round(
            figures["server_cpu_share"] - base["server_cpu_share"], 2
        )
    for key, value in figures.items():
        if key != "attacks":
            print(f"{key:>22}: {value}")
    print("answers to the attacks, by kind:")
    for kind, counts in figures["attacks"].items():
        print(f"  {kind}: " + ", ".join(f"{k} x{n}" for k, n in sorted(counts.items())))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
