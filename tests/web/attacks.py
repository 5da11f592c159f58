"""The attacks of the security issue, as loops for the adversarial load test (adversarial.py).

Each attack runs from a loopback address of its own (Linux routes all of 127.0.0.0/8 to the
loopback), as a separate client would, at a bounded rate until its end time, and counts the
answers it gets by kind ("429 rate_limited", "close 4401", "cut" ...). Answers 500-599 are
also counted on their own: there must be none.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, WebSocketException

from dicehall import games
from dicehall.bots import make_bot
from dicehall.engine.match import Match
from dicehall.engine.record import Record

HUMAN = {"kind": "human"}


@dataclass
class Answers:
    """What one attack got back."""

    by_kind: Counter[str] = field(default_factory=Counter)
    server_errors: int = 0  # 5xx answers

    def http(self, r: httpx.Response) -> None:
        code = ""
        with contextlib.suppress(ValueError, AttributeError, TypeError):
            code = r.json().get("error", "")
        self.by_kind[f"{r.status_code} {code}".strip()] += 1
        if r.status_code >= 500:
            self.server_errors += 1


def padded_record(target_bytes: int) -> bytes:
    """A legal 4-player Purrramid record whose seat names are padded to `target_bytes`."""
    game = games.make("purrramid", players=4)
    match = Match(game, 7, bots={s: make_bot("random", game, s) for s in range(4)})
    match.run_bots()
    data = Record.of(match).to_json()
    plain = len(json.dumps(data))
    for seat in data["seats"]:
        seat["name"] = "N" * max(0, (target_bytes - plain) // len(data["seats"]))
    return json.dumps(data).encode()


class Attacks:
    """Every attack against the server at `url`; `tables` holds the honest tables' ids."""

    def __init__(self, url: str, ws_url: str, tables: list[str], end: float, record: bytes) -> None:
        self.url, self.ws_url, self.tables, self.end = url, ws_url, tables, end
        self.answers: dict[str, Answers] = {}
        self.rng = random.Random(14)
        self.record = record  # padded_record(): made before the clock starts

    def all(self) -> list[Awaitable[None]]:
        loops: list[tuple[str, str, float, Callable[[httpx.AsyncClient, Answers], Awaitable[None]]]]
        loops = [
            ("record uploads (padded)", "127.0.2.1", 2.0, self._upload),
            ("huge params", "127.0.2.2", 10.0, self._huge_params),
            ("creation flood", "127.0.2.3", 40.0, self._create),
            ("creation flood", "127.0.2.4", 40.0, self._create),
            ("claims", "127.0.2.5", 10.0, self._claim),
            ("NaN and surrogate bodies", "127.0.2.6", 10.0, self._nan),
        ]
        out: list[Awaitable[None]] = [self._http_loop(*loop) for loop in loops]
        out += [self._guesses("127.0.2.7")]
        out += [self._resyncs("127.0.2.8", i) for i in range(8)]
        out += [self._slow(f"127.0.3.{i}", 50) for i in range(1, 4)]
        return out

    def _tally(self, kind: str) -> Answers:
        return self.answers.setdefault(kind, Answers())

    async def _http_loop(
        self,
        kind: str,
        address: str,
        per_s: float,
        one: Callable[[httpx.AsyncClient, Answers], Awaitable[None]],
    ) -> None:
        tally = self._tally(kind)
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(base_url=self.url, transport=transport, timeout=30) as http:
            while time.monotonic() < self.end:
                try:
                    await one(http, tally)
                except httpx.HTTPError as exc:  # the server closed a connection it refused
                    tally.by_kind[f"connection closed ({type(exc).__name__})"] += 1
                await asyncio.sleep(1 / per_s)

    async def _upload(self, http: httpx.AsyncClient, tally: Answers) -> None:
        json_type = {"content-type": "application/json"}
        tally.http(await http.post("/api/replays", content=self.record, headers=json_type))

    async def _huge_params(self, http: httpx.AsyncClient, tally: Answers) -> None:
        die = "H" * self.rng.choice([100, 30_000, 1_000_000])
        body = {"game": "puru", "seats": [HUMAN, HUMAN], "params": {"die": die}}
        tally.http(await http.post("/api/tables", json=body))

    async def _create(self, http: httpx.AsyncClient, tally: Answers) -> None:
        tally.http(await http.post("/api/tables", json={"game": "puru", "seats": [HUMAN, HUMAN]}))

    async def _claim(self, http: httpx.AsyncClient, tally: Answers) -> None:
        if self.tables:
            table = self.rng.choice(self.tables)
            seat = self.rng.choice([0, 0, 0, 1])  # the person's own seat; seat 1 is a bot's
            tally.http(await http.post(f"/api/tables/{table}/claim", json={"seat": seat}))

    async def _nan(self, http: httpx.AsyncClient, tally: Answers) -> None:
        value = self.rng.choice(["NaN", "Infinity", "-Infinity", '"\\ud800"'])
        fields = {"name": '""', "private": "false", "mode": '"online"'}
        fields[self.rng.choice(sorted(fields))] = value
        body = (
            f'{{"game": "puru", "seats": [{{"kind": "human", "name": {fields["name"]}}}], '
            f'"private": {fields["private"]}, "mode": {fields["mode"]}}}'
        )
        headers = {"content-type": "application/json"}
        tally.http(await http.post("/api/tables", content=body, headers=headers))

    async def _guesses(self, address: str) -> None:
        """Wrong seat tokens at the honest tables, 20 a second."""
        tally = self._tally("wrong seat tokens")
        while time.monotonic() < self.end:
            await asyncio.sleep(0.05)
            if not self.tables:
                continue
            url = f"{self.ws_url}/ws/{self.rng.choice(self.tables)}"
            guess = "".join(self.rng.choices("abcdefghijklmnopqrstuvwxyz0123456789", k=32))
            try:
                async with connect(url, local_addr=(address, 0), open_timeout=10) as ws:
                    await ws.send(json.dumps({"type": "hello", "tokens": [guess]}))
                    answer = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    with contextlib.suppress(ConnectionClosed, TimeoutError):
                        await asyncio.wait_for(ws.recv(), 10)
                tally.by_kind[f"close {ws.close_code} {answer.get('code', answer['type'])}"] += 1
            except (OSError, WebSocketException, TimeoutError) as exc:
                tally.by_kind[f"connection failed ({type(exc).__name__})"] += 1

    async def _resyncs(self, address: str, index: int) -> None:
        """A spectator asking for the whole table again, at the message rate limit (20/s)."""
        tally = self._tally("resync flood")
        while time.monotonic() < self.end:
            if not self.tables:
                await asyncio.sleep(0.2)
                continue
            url = f"{self.ws_url}/ws/{self.tables[index % len(self.tables)]}"
            try:
                async with connect(url, local_addr=(address, 0), max_size=None) as ws:
                    await ws.send(json.dumps({"type": "hello", "tokens": []}))
                    await asyncio.gather(self._send_resyncs(ws), self._count(ws, tally))
            except (OSError, WebSocketException, TimeoutError) as exc:
                tally.by_kind[f"connection failed ({type(exc).__name__})"] += 1
                await asyncio.sleep(0.5)

    async def _send_resyncs(self, ws: Any) -> None:
        while time.monotonic() < self.end:
            await ws.send(json.dumps({"type": "resync"}))
            await asyncio.sleep(0.05)
        await ws.close()

    async def _count(self, ws: Any, tally: Answers) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in ws:
                msg = json.loads(raw)
                if msg["type"] in ("welcome", "error"):
                    tally.by_kind[f"{msg['type']} {msg.get('code', '')}".strip()] += 1

    async def _slow(self, address: str, count: int) -> None:
        """`count` connections that send their headers a byte a second, reopened when cut."""
        tally = self._tally("slow headers")
        host, port = self.url.removeprefix("http://").split(":")
        head = b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: "

        async def one() -> None:
            while time.monotonic() < self.end:
                try:
                    reader, writer = await asyncio.open_connection(
                        host, int(port), local_addr=(address, 0)
                    )
                except OSError:
                    tally.by_kind["connect failed"] += 1
                    await asyncio.sleep(1)
                    continue
                writer.write(head)
                outcome = await self._drip(reader, writer)
                tally.by_kind[outcome] += 1
                if outcome != "cut (408)":
                    await asyncio.sleep(0.5)  # refused at once: do not spin

        await asyncio.gather(*(one() for _ in range(count)))

    async def _drip(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> str:
        try:
            while time.monotonic() < self.end:
                try:
                    got = await asyncio.wait_for(reader.read(100), 1.0)
                except TimeoutError:
                    writer.write(b"x")
                    continue
                if got.startswith(b"HTTP/1.1 408"):
                    return "cut (408)"
                return "closed at once" if not got else "answered"
            return "still open at the end"
        except OSError:
            return "closed at once"
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()
