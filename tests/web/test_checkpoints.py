"""A running server checkpoints its SQLite write-ahead log in the background
(`web/lifecycle.py`, `Store.checkpoint`): the log is copied into the database file between
moves, so a move's commit is never the one that copies a thousand pages and syncs the file."""

from __future__ import annotations

import asyncio
import struct
from pathlib import Path

from dicehall import games
from dicehall.bots.base import RandomBot
from dicehall.engine.match import Match
from dicehall.store.repository import Store
from dicehall.web.config import Settings
from dicehall.web.hall import Hall
from tests.store.test_store import _row


def _log_frames(db: Path) -> tuple[int, int]:
    """(frames in the write-ahead log, frames already copied into the file), read from the
    WAL index (SQLite's file format: the header's mxFrame at byte 16, nBackfill at 96)."""
    shm = (db.parent / f"{db.name}-shm").read_bytes()
    (frames,) = struct.unpack_from("=I", shm, 16)
    (copied,) = struct.unpack_from("=I", shm, 96)
    return frames, copied


def _moves(store: Store, match_id: str) -> None:
    """A match's moves, each its own commit (as the server saves them)."""
    game = games.make("puru", players=2)
    match = Match(game, 5, bots={0: RandomBot(game, 0), 1: RandomBot(game, 1)})
    store.create_match(_row(match, match_id), {}, list(match.log))
    while not match.is_over:
        start = len(match.log)
        match.play_bot(match.bots_to_act()[0])
        store.append(match_id, start, match.log[start:], match.result())


def test_a_running_server_copies_its_write_ahead_log_into_the_file(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite"

    async def scenario() -> tuple[int, int]:
        store = Store(f"sqlite:///{db}")
        hall = Hall(store, Settings(prepare_solvers=False, quick_workers=0))
        await hall.start()
        for i in range(3):
            await asyncio.to_thread(_moves, store, f"m{i}")
        await asyncio.sleep(0.5)  # a few checkpoints' time, no writes
        seen = _log_frames(db)
        await hall.stop()
        store.close()
        return seen

    frames, copied = asyncio.run(scenario())
    assert frames > 0  # the moves went through the log (fewer than SQLite's own 1000 pages)
    assert copied == frames
