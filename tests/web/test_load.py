"""A bounded loopback load test: many bot tables, spectators and people at once.

It reports figures (tables, websocket clients, actions/s, action round trip p50/p99) to the
terminal and to `test-artifacts/tmp/load.json`; it asserts only that everything kept working.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.web.helpers import Server

BOT_TABLES = int(os.environ.get("DICEHALL_LOAD_TABLES", "24"))
PEOPLE = int(os.environ.get("DICEHALL_LOAD_PEOPLE", "8"))
SECONDS = float(os.environ.get("DICEHALL_LOAD_SECONDS", "12"))
REPORT = Path(__file__).resolve().parents[2] / "test-artifacts" / "tmp" / "load.json"
GREEDY = {"kind": "bot", "level": "greedy"}


@pytest.fixture(scope="module")
def load_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("load")
    srv = Server(folder / "load.db", folder / "server.log", env={"DICEHALL_BOT_DELAY": "0.05"})
    srv.start()
    yield srv
    srv.stop()


class Tally:
    def __init__(self) -> None:
        self.actions = 0
        self.rtts: list[float] = []
        self.errors: list[dict[str, Any]] = []
        self.games = 0


async def _create(http: httpx.AsyncClient, seats: list[dict[str, Any]]) -> dict[str, Any]:
    r = await http.post("/api/tables", json={"game": "puru", "seats": seats})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


async def _spectate(srv: Server, http: httpx.AsyncClient, tally: Tally, end: float) -> None:
    """Watch a bot table; when it ends, open the next one (the load stays constant)."""
    while time.monotonic() < end:
        made = await _create(http, [GREEDY] * 4)
        async with connect(f"{srv.ws_url}/ws/{made['id']}") as ws:
            await ws.send(json.dumps({"type": "hello", "tokens": []}))
            while time.monotonic() < end:
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), end - time.monotonic()))
                except TimeoutError:
                    return
                if msg["type"] == "update":
                    tally.actions += len(msg["log"])
                    if msg["over"]:
                        tally.games += 1
                        break


async def _play(srv: Server, http: httpx.AsyncClient, tally: Tally, end: float) -> None:
    """A person against three bots: answer each turn, timing send -> ack."""
    while time.monotonic() < end:
        made = await _create(http, [{"kind": "human"}, GREEDY, GREEDY, GREEDY])
        async with connect(f"{srv.ws_url}/ws/{made['id']}") as ws:
            await ws.send(json.dumps({"type": "hello", "tokens": [made["tokens"]["0"]]}))
            state: dict[str, Any] = {}
            while time.monotonic() < end:
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), end - time.monotonic()))
                except TimeoutError:
                    return
                if msg["type"] in ("welcome", "update"):
                    state = msg
                    tally.actions += len(msg["log"]) if msg["type"] == "update" else 0
                if msg["type"] == "error":
                    tally.errors.append(msg)
                if state.get("over"):
                    tally.games += 1
                    break
                legal = state["panels"][0]["legal"] if msg["type"] != "ack" else []
                if legal and 0 in state["actors"]:
                    msg_id = uuid.uuid4().hex
                    t0 = time.perf_counter()
                    await ws.send(
                        json.dumps(
                            {
                                "type": "act",
                                "seat": 0,
                                "action": legal[0]["action"],
                                "version": state["version"],
                                "id": msg_id,
                            }
                        )
                    )
                    while True:
                        answer = json.loads(await ws.recv())
                        if answer["type"] == "update":
                            state = answer
                            tally.actions += len(answer["log"])
                        if answer.get("id") == msg_id:
                            tally.rtts.append(time.perf_counter() - t0)
                            if answer["type"] == "error":
                                tally.errors.append(answer)
                            break


async def _run(srv: Server) -> dict[str, Any]:
    tally = Tally()
    async with httpx.AsyncClient(base_url=srv.url, timeout=30) as http:
        end = time.monotonic() + SECONDS
        start = time.monotonic()
        tasks = [_spectate(srv, http, tally, end) for _ in range(BOT_TABLES)]
        tasks += [_play(srv, http, tally, end) for _ in range(PEOPLE)]
        await asyncio.gather(*tasks)
        elapsed = time.monotonic() - start
    rtts = sorted(tally.rtts)
    return {
        "concurrent_tables": BOT_TABLES + PEOPLE,
        "websocket_clients": BOT_TABLES + PEOPLE,
        "seconds": round(elapsed, 1),
        "actions_applied": tally.actions,
        "actions_per_s": round(tally.actions / elapsed, 1),
        "games_finished": tally.games,
        "person_actions": len(rtts),
        "rtt_ms_p50": round(1000 * statistics.median(rtts), 1) if rtts else None,
        "rtt_ms_p99": round(1000 * rtts[int(0.99 * (len(rtts) - 1))], 1) if rtts else None,
        "errors": len(tally.errors),
        "bot_delay_s": 0.05,
    }


@pytest.mark.slow
def test_load_many_tables_and_clients(load_server: Server) -> None:
    figures = asyncio.run(_run(load_server))
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(figures, indent=1) + "\n")
    print("\nload test:", json.dumps(figures))
    assert figures["errors"] == 0
    assert figures["person_actions"] > 0 and figures["actions_applied"] > 0
    assert load_server.api("GET", "/api/health").status_code == 200
