"""Replay cost against a real server: answer size, wall time and server RSS for

1. an uploaded legal 4-player Purrramid record whose seat names are padded (`--pad` bytes in
   all; the upload limit allows about 8 MB),
2. the same record with the longest names a table allows,
3. a finished table's replay of 3,000+ actions (4 random bots in Purrramid), asked twice.

    python -m tests.web.replay_figures [--pad 8000000] [--seed 7]

`PYTHONPATH=<another checkout>/src` measures that checkout's server instead. Prints one line
per request: status, answer bytes, seconds, server RSS after and its peak so far.
"""

from __future__ import annotations

import argparse
import copy
import json
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from tests.engine.tamper import played
from tests.web.helpers import Server

RANDOM = {"kind": "bot", "level": "random"}


def _memory(server: Server) -> str:
    assert server.proc is not None
    status = Path(f"/proc/{server.proc.pid}/status").read_text()
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    return f"RSS {fields['VmRSS'].strip()}, peak {fields['VmHWM'].strip()}"


def _timed(server: Server, what: str, method: str, path: str, **kwargs: Any) -> httpx.Response:
    """The request, timed, while another client asks /api/health every 0.1 s."""
    stop = threading.Event()
    health: list[float] = []
    pinger = threading.Thread(target=_ping, args=(server, stop, health))
    pinger.start()
    start = time.perf_counter()
    r = httpx.request(method, f"{server.url}{path}", timeout=600, **kwargs)
    took = time.perf_counter() - start
    stop.set()
    pinger.join()
    size = len(r.content)
    slowest = max(health, default=0.0)
    print(
        f"{what}: {r.status_code}, {size:,} bytes, {took:.2f} s, {_memory(server)}; "
        f"slowest /api/health meanwhile {slowest * 1000:.0f} ms",
        flush=True,
    )
    return r


def _ping(server: Server, stop: threading.Event, times: list[float]) -> None:
    while not stop.is_set():
        start = time.perf_counter()
        httpx.get(f"{server.url}/api/health", timeout=600)
        times.append(time.perf_counter() - start)
        stop.wait(0.1)


def _named(data: dict[str, Any], names: list[str]) -> bytes:
    out = copy.deepcopy(data)
    for seat, name in zip(out["seats"], names, strict=True):
        seat["name"] = name
    return json.dumps(out).encode()


def _finished_table(server: Server, players: int) -> str:
    made = server.create("purrramid", [RANDOM] * players, params={"players": players})
    while True:
        table = server.api("GET", f"/api/tables/{made['id']}").json()
        if table["status"] == "finished":
            print(f"table {made['id']}: {table['num_actions']} actions", flush=True)
            return str(made["id"])
        time.sleep(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pad", type=int, default=8_000_000, help="bytes of names in all")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--skip-table", action="store_true")
    args = parser.parse_args()
    record = played("purrramid", args.seed, ["random"] * 4)
    print(f"record: purrramid, 4 players, {len(record['actions'])} actions", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "dicehall.db", Path(folder) / "server.log")
        server.start()
        try:
            print(f"server started: {_memory(server)}", flush=True)
            padded = _named(record, [f"{s}" + "x" * (args.pad // 4) for s in range(4)])
            _timed(
                server,
                f"padded upload ({len(padded):,} bytes)",
                "POST",
                "/api/replays",
                content=padded,
            )
            plain = _named(record, [f"N{s}" + "q" * 22 for s in range(4)])
            _timed(
                server,
                f"upload, 24-character names ({len(plain):,} bytes)",
                "POST",
                "/api/replays",
                content=plain,
            )
            if not args.skip_table:
                table = _finished_table(server, 4)
                for attempt in ("first", "second"):
                    _timed(
                        server, f"table replay ({attempt})", "GET", f"/api/tables/{table}/replay"
                    )
        finally:
            server.stop()


if __name__ == "__main__":
    main()
