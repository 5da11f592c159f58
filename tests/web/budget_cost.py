"""What a budget's spend costs: in memory, and in PostgreSQL (shared by the processes).

    .venv/bin/python -m tests.web.budget_cost [--spends 2000]

Starts a throwaway PostgreSQL on loopback (Debian's), spends `--spends` tokens from each kind
of budget over a few hundred keys, and prints the time per spend (median and p99), and what
counting an open websocket in the database costs (its hold and release). The shared spend is
one round-trip to the database on the event loop's thread; docs/security.md puts the
figures beside the choice of which budgets are shared.
"""

from __future__ import annotations

import argparse
import statistics
import time

from dicehall.store import Store
from dicehall.store.budgets import SharedBuckets
from dicehall.web.protection.budgets import SharedThrottle
from dicehall.web.protection.limits import Throttle
from tests.store.postgres import create_database, postgres_server


def _times(throttle: Throttle, spends: int) -> list[float]:
    taken = []
    for i in range(spends):
        start = time.perf_counter()
        throttle.spend(f"10.0.{i % 250}.1")
        taken.append(time.perf_counter() - start)
    return taken


def _holds(buckets: SharedBuckets, holds: int) -> list[float]:
    """A websocket's count in the database: held when it opens, released when it closes."""
    taken = []
    for i in range(holds):
        start = time.perf_counter()
        buckets.hold(f"10.0.{i % 250}.1", 128)
        buckets.release(f"10.0.{i % 250}.1")
        taken.append(time.perf_counter() - start)
    return taken


def _line(name: str, taken: list[float]) -> str:
    ordered = sorted(taken)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    return f"{name:<24} median {statistics.median(taken) * 1e6:8.1f} µs   p99 {p99 * 1e6:8.1f} µs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spends", type=int, default=2000)
    spends = min(parser.parse_args().spends, 100_000)
    print(_line("in memory", _times(Throttle(1.0, 10), spends)))
    with postgres_server() as server:
        url = create_database(server, "budget_cost")
        Store(url).close()
        buckets = SharedBuckets(url)
        try:
            shared = SharedThrottle(buckets, "bench", 1.0, 10)
            shared.spend("warm-up")
            print(_line("PostgreSQL (shared)", _times(shared, spends)))
            print(_line("socket hold + release", _holds(buckets, spends)))
        finally:
            buckets.close()


if __name__ == "__main__":
    main()
