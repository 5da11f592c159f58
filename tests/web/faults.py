"""kill -9 trials: a burst of websocket play, SIGKILL at a random moment, restart, check.

Each trial plays every unfinished table (people against bots, people against people, in every
game) as fast as the clients can, while more tables are being created, and kills the server
after a delay drawn from a seeded rng. With the server down, the store must hold every action
a client saw acknowledged (and every log line a client was shown), every table whose creation
was answered 201, and every record must replay exactly. After the last trial each unfinished
match must take one more move. `python -m tests.web.faults --trials 20 [--postgres]` reports.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from dicehall import games
from dicehall.core.errors import DicehallError
from dicehall.core.types import CHANCE, OMNISCIENT
from dicehall.engine import Match
from dicehall.engine.record import Record, game_of, verify
from dicehall.store import Store
from dicehall.web.tables.views import log_lines
from tests.web.helpers import Server

HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}
LINEUPS: list[tuple[str, list[dict[str, str]]]] = [
    ("puru", [HUMAN, RANDOM]),
    ("puru", [HUMAN, HUMAN]),
    ("paradice", [HUMAN, RANDOM]),
    ("purrramid", [HUMAN, HUMAN]),
    ("jelly", [HUMAN, RANDOM, RANDOM]),
]
LIVE_TABLES = 8  # unfinished tables played in each burst
BENIGN = {"stale", "over", "rate_limited"}  # answers a fast client may fairly get


@dataclass(frozen=True)
class Ack:
    """An action the server acknowledged: chosen at version `before`, acked at `after`."""

    seat: int
    action: Any
    before: int
    after: int


@dataclass
class Tracked:
    """A table the trials created (answered 201) and what its clients were told."""

    id: str
    game: str
    tokens: dict[int, str]
    acks: list[Ack] = field(default_factory=list)
    shown: dict[int, tuple[int, str]] = field(default_factory=dict)  # index -> (seat, text)
    over: bool = False


@dataclass
class TrialResult:
    trial: int
    delay: float
    played: int
    acked: int
    created: int
    lost: list[str]
    problems: list[str]

    def line(self) -> str:
        return (
            f"trial {self.trial}: killed after {self.delay:.2f} s; {self.played} tables played, "
            f"{self.acked} actions acknowledged, {self.created} tables created; "
            f"lost {len(self.lost)}, problems {len(self.problems)}"
        )


def _tracked(made: dict[str, Any], game: str) -> Tracked:
    return Tracked(made["id"], game, {int(s): t for s, t in made["tokens"].items()})


def create_tables(srv: Server, rng: random.Random, count: int) -> list[Tracked]:
    out = []
    for _ in range(count):
        game, seats = rng.choice(LINEUPS)
        out.append(_tracked(srv.create(game, seats), game))
    return out


# --- the burst -------------------------------------------------------------------------
class Burst:
    def __init__(self, srv: Server, rng: random.Random) -> None:
        self.srv, self.rng = srv, rng
        self.killed = False
        self.created: list[Tracked] = []
        self.problems: list[str] = []

    async def run(self, tables: list[Tracked], delay: float) -> None:
        tasks = [self._creator()] + [
            self._player(t, seat) for t in tables for seat in sorted(t.tokens)
        ]
        await asyncio.wait_for(asyncio.gather(self._killer(tables, delay), *tasks), 60)

    async def _killer(self, tables: list[Tracked], delay: float) -> None:
        """Kill `delay` seconds after play began (the first acknowledged action of the burst),
        so that a server still starting its bot workers is not killed before any play."""
        loop = asyncio.get_running_loop()
        first = {t.id: len(t.acks) for t in tables}
        deadline = loop.time() + 20
        while loop.time() < deadline and all(len(t.acks) == first[t.id] for t in tables):
            await asyncio.sleep(0.02)
        await asyncio.sleep(delay)
        self.killed = True
        self.srv.kill()

    async def _creator(self) -> None:
        """Tables created during the burst: each answered 201 must survive the kill."""
        async with httpx.AsyncClient(base_url=self.srv.url, timeout=10) as http:
            while not self.killed:
                game, seats = self.rng.choice(LINEUPS)
                try:
                    r = await http.post("/api/tables", json={"game": game, "seats": seats})
                except httpx.HTTPError as exc:
                    if not self.killed:
                        self.problems.append(f"creating a table failed: {exc!r}")
                    return
                if r.status_code == 201:
                    self.created.append(_tracked(r.json(), game))
                else:
                    self.problems.append(f"creating a table: {r.status_code} {r.text[:200]}")
                await asyncio.sleep(0.15)

    async def _player(self, t: Tracked, seat: int) -> None:
        try:
            await self._play(t, seat)
        except (WebSocketException, OSError, TimeoutError) as exc:
            if not self.killed:
                self.problems.append(f"{t.id} seat {seat}: connection failed: {exc!r}")

    async def _play(self, t: Tracked, seat: int) -> None:
        """Answer every turn of `seat` at once with a random legal move; note every ack."""
        real_time = games.spec(t.game).real_time
        async with connect(f"{self.srv.ws_url}/ws/{t.id}", open_timeout=10) as ws:
            await ws.send(json.dumps({"type": "hello", "tokens": [t.tokens[seat]]}))
            state: dict[str, Any] = {}
            pending: tuple[str, Any, int] | None = None
            async for raw in ws:
                msg = json.loads(raw)
                kind = msg["type"]
                if kind in ("welcome", "update"):
                    state = msg
                    for line in msg["log"]:
                        if line["seat"] is not None:
                            t.shown[line["index"]] = (line["seat"], line["text"])
                    if msg["over"]:
                        t.over = True
                        return
                elif kind == "ack" and pending and msg["id"] == pending[0]:
                    t.acks.append(Ack(seat, pending[1], pending[2], msg["version"]))
                    pending = None
                elif kind == "error":
                    if pending and msg.get("id") == pending[0]:
                        pending = None
                    # in real time the table moves under a chosen move: it may be illegal now
                    if msg["code"] not in BENIGN and not (real_time and msg["code"] == "illegal"):
                        self.problems.append(f"{t.id} seat {seat}: {msg['code']}: {msg['message']}")
                    if msg["code"] == "rate_limited":
                        await asyncio.sleep(0.2)
                if pending is None and state and seat in state["actors"]:
                    legal = state["panels"][0]["legal"]
                    if legal:
                        action, msg_id = self.rng.choice(legal)["action"], uuid.uuid4().hex
                        pending = (msg_id, action, state["version"])
                        act = {"seat": seat, "action": action, "version": state["version"]}
                        await ws.send(json.dumps({"type": "act", "id": msg_id, **act}))


# --- the checks ------------------------------------------------------------------------
def _replays_from_seed(record: Record) -> bool:
    """Turn-based games: the people's and bots' moves, replayed from the seed, give the same
    log (so every die in the store is the die the seed rolled)."""
    game = game_of(record)
    match = Match(game, record.seed)
    for entry in record.actions:
        if entry.seat != CHANCE:
            match.submit(entry.seat, game.action_from_json(entry.action))
    return [(e.seat, e.action) for e in match.log] == [(e.seat, e.action) for e in record.actions]


def check(store: Store, tracked: list[Tracked]) -> tuple[list[str], list[str]]:
    """(acknowledged things missing from the store, other problems) with the server down."""
    lost: list[str] = []
    problems: list[str] = []
    for t in tracked:
        record = store.record(t.id)
        if record is None:
            lost.append(f"{t.id}: the table was created (201) but is not stored")
            continue
        log = record.actions
        for ack in t.acks:
            window = log[ack.before : ack.after]
            if not any(e.seat == ack.seat and e.action == ack.action for e in window):
                lost.append(f"{t.id}: acked {ack} is not in the stored log ({len(log)} entries)")
        game = game_of(record)
        hidden = game.spec.hidden_information
        viewer = OMNISCIENT if record.result is not None else None
        texts = log_lines(game, record.seats, log, viewer=viewer)
        for index, (seat, text) in sorted(t.shown.items()):
            if index >= len(log) or log[index].seat != seat:
                lost.append(f"{t.id}: log line {index} was shown to a client but is not stored")
            elif not hidden and texts[index]["text"] != text:
                problems.append(f"{t.id}: line {index} shown as {text!r}, stored as {texts[index]}")
        try:
            verify(record)
            if not game.spec.real_time and not _replays_from_seed(record):
                problems.append(f"{t.id}: the stored dice are not the seed's")
        except DicehallError as exc:
            problems.append(f"{t.id}: the stored record does not replay: {exc}")
        t.over = record.result is not None
    return lost, problems


async def _one_more_move(srv: Server, t: Tracked) -> str | None:
    """After the restart an unfinished match takes a move from its people (or ends)."""
    async with connect(f"{srv.ws_url}/ws/{t.id}", open_timeout=10) as ws:
        await ws.send(json.dumps({"type": "hello", "tokens": list(t.tokens.values())}))
        state: dict[str, Any] = {}
        sent = None
        async for raw in ws:
            msg = json.loads(raw)
            if msg["type"] in ("welcome", "update"):
                state = msg
                if msg["over"]:
                    return None  # the bots' moves ended it: it continued
            if msg["type"] == "ack" and msg["id"] == sent:
                return None
            if msg["type"] == "error" and msg.get("id") == sent:
                sent = None  # a real-time table moved under it: try again
            if sent is None and state:
                mine = [p for p in state["panels"] if p["seat"] in state["actors"] and p["legal"]]
                if mine:
                    sent = uuid.uuid4().hex
                    act = {"seat": mine[0]["seat"], "action": mine[0]["legal"][0]["action"]}
                    act["version"] = state["version"]
                    await ws.send(json.dumps({"type": "act", "id": sent, **act}))
    return f"{t.id}: the connection closed before a move"


async def _continue_all(srv: Server, tables: list[Tracked]) -> list[str]:
    async def one(t: Tracked) -> str | None:
        try:
            return await asyncio.wait_for(_one_more_move(srv, t), 30)
        except (WebSocketException, OSError, TimeoutError) as exc:
            return f"{t.id}: did not continue after the restart: {exc!r}"

    found = await asyncio.gather(*(one(t) for t in tables))
    return [p for p in found if p]


# --- trials ----------------------------------------------------------------------------
def run_trials(
    srv: Server,
    trials: int,
    seed: int,
    report: Callable[[str], None] = print,
) -> list[TrialResult]:
    """`trials` kills of `srv` (stopped on return); the tables persist across them."""
    rng = random.Random(seed)  # tables and kill moments: the same for a seed on any machine
    moves = random.Random(seed + 1)  # drawn as fast as the burst goes
    tracked: list[Tracked] = []
    results = []
    srv.start()
    try:
        for n in range(1, trials + 1):
            tracked += create_tables(srv, rng, 2 if tracked else 4)
            live = [t for t in tracked if not t.over][-LIVE_TABLES:]
            acked_before = sum(len(t.acks) for t in tracked)
            delay = rng.uniform(0.05, 1.5)
            burst = Burst(srv, moves)
            asyncio.run(burst.run(live, delay))
            tracked += burst.created
            store = Store(srv.db_url)
            try:
                lost, problems = check(store, tracked)
            finally:
                store.close()
            acked = sum(len(t.acks) for t in tracked) - acked_before
            result = TrialResult(
                n, delay, len(live), acked, len(burst.created), lost, burst.problems + problems
            )
            results.append(result)
            report(result.line())
            for line in lost + result.problems:
                report(f"  {line}")
            srv.start()
        unfinished = [t for t in tracked if not t.over]
        stalled = asyncio.run(_continue_all(srv, unfinished))
        report(f"after the last restart: {len(unfinished) - len(stalled)}/{len(unfinished)} "
               "unfinished matches took another move")  # fmt: skip
        for line in stalled:
            report(f"  {line}")
        if stalled:
            results[-1].problems += stalled
    finally:
        srv.stop()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.web.faults", description=__doc__)
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--postgres", action="store_true", help="a private PostgreSQL store")
    args = parser.parse_args(argv)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="dicehall-faults-") as folder:
        srv = Server(Path(folder) / "faults.db", Path(folder) / "server.log")
        if args.postgres:
            from tests.store.postgres import create_database, postgres_server

            with postgres_server() as pg:
                srv.db_url = create_database(pg, "faults")
                results = run_trials(srv, args.trials, args.seed)
        else:
            results = run_trials(srv, args.trials, args.seed)
    lost = sum(len(r.lost) for r in results)
    problems = sum(len(r.problems) for r in results)
    acked = sum(r.acked for r in results)
    print(
        f"{len(results)} kill -9 trials in {time.monotonic() - started:.0f} s: "
        f"{acked} acknowledged actions, {lost} lost, {problems} other problems"
    )
    return 1 if lost or problems else 0


if __name__ == "__main__":
    sys.exit(main())
