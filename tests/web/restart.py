"""Restart time against the number of stored matches.

Fills a fresh SQLite store with `--matches` matches (real Puru matches played by random bots,
a quarter of them to the end, the rest left in play), then times a server start until
`/api/health` answers, and the first visit of a stored table (its lobby entry and its
websocket welcome). Figures are printed, never asserted.

    python -m tests.web.restart --matches 10000
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import tempfile
import time
from pathlib import Path

from websockets.sync.client import connect

from tests.web.helpers import Server


def fill(db_url: str, count: int, distinct: int = 40) -> list[str]:
    """`count` stored matches (copies of `distinct` played ones under new ids); their ids."""
    from dicehall import games
    from dicehall.bots.base import RandomBot
    from dicehall.engine.match import Match
    from dicehall.store import FINISHED, LIVE, MatchRow, Store, now_text, token_digest

    store = Store(db_url)
    game = games.make("puru", players=4)
    seats = [{"seat": 0, "kind": "human", "name": "Ann"}] + [
        {"seat": s, "kind": "bot", "bot": "random", "name": f"Bot {s + 1}"} for s in (1, 2, 3)
    ]
    played = []
    for i in range(distinct):
        match = Match(game, i, bots={s: RandomBot(game, s) for s in range(4)})
        match.run_bots(None if i % 4 == 0 else 12 + i)
        played.append((i, match))
    ids = []
    for n in range(count):
        seed, match = played[n % distinct]
        now = now_text()
        row = MatchRow(
            id=secrets.token_urlsafe(12), game="puru", game_version=game.spec.version,
            params=dict(game.params), content_hash=game.content_hash, seed=seed, seats=seats,
            options={"mode": "online", "private": False},
            status=FINISHED if match.is_over else LIVE,
            result=match.result().to_json() if match.is_over else None,  # type: ignore[union-attr]
            num_actions=len(match.log), created=now, updated=now,
        )  # fmt: skip
        store.create_match(row, {0: token_digest(secrets.token_urlsafe(24))}, list(match.log))
        ids.append(row.id)
    store.close()
    return ids


def measure(folder: Path, count: int) -> dict[str, object]:
    db = folder / "restart.db"
    began = time.perf_counter()
    ids = fill(f"sqlite:///{db}", count)
    filled = time.perf_counter() - began
    srv = Server(db, folder / "server.log", env={"DICEHALL_PREPARE_SOLVERS": "0"})
    began = time.perf_counter()
    srv.start(timeout=1800)
    try:
        started = time.perf_counter() - began
        began = time.perf_counter()
        lobby = srv.api("GET", "/api/tables?status=live").status_code
        listed = time.perf_counter() - began
        began = time.perf_counter()
        with connect(f"{srv.ws_url}/ws/{ids[1]}", open_timeout=60) as ws:
            ws.send(json.dumps({"type": "hello", "tokens": []}))
            welcome = json.loads(ws.recv(timeout=60))["type"]
        first_visit = time.perf_counter() - began
    finally:
        srv.stop()
    return {
        "matches": count,
        "fill_s": round(filled, 1),
        "restart_to_health_s": round(started, 2),
        "lobby_list_s": round(listed, 3),
        "lobby_status": lobby,
        "first_visit_s": round(first_visit, 3),
        "first_visit": welcome,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.web.restart", description=__doc__)
    parser.add_argument("--matches", type=int, default=10_000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="dicehall-restart-") as folder:
        figures = measure(Path(folder), args.matches)
    for key, value in figures.items():
        print(f"{key:>20}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
