"""Faults: kill -9 during bursts of play (SQLite and PostgreSQL), a full disk, a read-only
database. Acknowledged actions are never lost; a refused write is a clear error, not a move.

`DICEHALL_FUZZ=nightly` runs many more kill -9 trials; `python -m tests.web.faults` reports.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from dicehall.engine.record import verify
from dicehall.store import Store, StoreUnavailable
from dicehall.web.config import Settings
from dicehall.web.errors import RequestError
from dicehall.web.hall import Hall
from dicehall.web.tables.table import Conn, StorageError
from tests.store.postgres import create_database, postgres_server
from tests.web.faults import run_trials
from tests.web.helpers import Client, Server

NIGHTLY = os.environ.get("DICEHALL_FUZZ") == "nightly"
HUMAN = {"kind": "human"}


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def _no_losses(srv: Server, trials: int, seed: int, flags: str = "") -> None:
    rerun = f"python -m tests.web.faults --trials {trials} --seed {seed}{flags}"
    lines = [f"seed {seed} (rerun: {rerun})"]
    results = run_trials(srv, trials, seed, report=lines.append)
    print("\n".join(lines))
    assert [line for r in results for line in r.lost] == []
    assert [line for r in results for line in r.problems] == []
    assert sum(r.acked for r in results) > 0  # the kills landed during real play


def test_kill9_during_bursts_loses_no_acknowledged_action(tmp_path: Path) -> None:
    srv = Server(tmp_path / "dicehall.db", tmp_path / "server.log")
    # seed 3 kills after 0.59 s, 0.96 s and 0.07 s (while clients connect)
    _no_losses(srv, 25 if NIGHTLY else 3, seed=int.from_bytes(os.urandom(4)) if NIGHTLY else 3)


def test_kill9_with_postgresql_loses_nothing(tmp_path: Path, postgres: str) -> None:
    srv = Server(tmp_path / "unused.db", tmp_path / "server.log")
    srv.db_url = create_database(postgres, "kill9")
    # seed 2 kills after 1.26 s, then 0.93 s
    _no_losses(srv, 10 if NIGHTLY else 2, seed=2, flags=" --postgres")


# --- refused writes --------------------------------------------------------------------
def _move(client: Client) -> tuple[int, dict[str, Any]]:
    seat = client.state["actors"][0]
    return seat, client.panel(seat)["legal"][0]["action"]


def _refused_then_recovered(srv: Server, refuse: Any, allow: Any) -> None:
    """Play, make the database refuse writes, check the refusal is clear and changes
    nothing, allow writes again and play on; then kill -9: every acked move is stored."""
    made = srv.create("puru", [HUMAN, HUMAN])
    client = Client(srv, made["id"], list(made["tokens"].values()))
    assert client.act(*_move(client))["type"] == "ack"
    refuse()
    before = client.state["version"]
    answer = client.act(*_move(client))
    assert answer["type"] == "error" and answer["code"] == "storage", answer
    assert "cannot save" in answer["message"] and "nothing changed" in answer["message"]
    client.send({"type": "resync"})
    assert client.wait(lambda m: m["type"] == "welcome")["version"] == before
    r = srv.api("POST", "/api/tables", json={"game": "puru", "seats": [HUMAN, HUMAN]})
    assert r.status_code == 503 and r.json()["error"] == "store_unavailable", r.text
    assert "cannot save" in r.json()["message"]
    assert srv.api("GET", "/api/health").status_code == 200  # the server stays up
    allow()
    assert client.act(*_move(client))["type"] == "ack"
    acked = client.state["version"]
    client.close()
    srv.kill()
    store = Store(srv.db_url)
    record = store.record(made["id"])
    store.close()
    assert record is not None and len(record.actions) == acked
    verify(record)


def test_a_locked_sqlite_database_refuses_moves_clearly_and_play_resumes(tmp_path: Path) -> None:
    """Another process holds the write lock (a backup, a hand-run sqlite3)."""
    db = tmp_path / "dicehall.db"
    srv = Server(db, tmp_path / "server.log")
    srv.start()
    locker = sqlite3.connect(db, isolation_level=None)

    def unlock() -> None:
        locker.execute("ROLLBACK")
        locker.close()

    try:
        _refused_then_recovered(srv, lambda: locker.execute("BEGIN EXCLUSIVE"), unlock)
    finally:
        srv.kill()
    assert "database is locked" in srv.log_path.read_text()


@contextlib.contextmanager
def _tmpfs(folder: Path, size: str) -> Iterator[Path]:
    folder.mkdir()
    mount = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)])
    if mount.returncode != 0:
        pytest.skip("cannot mount a small tmpfs here (needs root with CAP_SYS_ADMIN)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def _fill(path: Path) -> None:
    """Write until the filesystem is full (down to single bytes)."""
    with path.open("wb", buffering=0) as f:
        for chunk in (1 << 20, 4096, 1):
            try:
                while True:
                    f.write(b"\0" * chunk)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC, exc


def test_full_disk_refuses_moves_clearly_and_play_resumes(tmp_path: Path) -> None:
    with _tmpfs(tmp_path / "disk", "4m") as disk:
        db = disk / "dicehall.db"
        srv = Server(db, tmp_path / "server.log")
        srv.start()
        filler = disk / "filler"

        def refuse() -> None:
            # an empty write-ahead log: the next commit must grow a file on the full disk
            with contextlib.closing(sqlite3.connect(db)) as conn:
                assert conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0] == 0
            _fill(filler)

        try:
            _refused_then_recovered(srv, refuse, filler.unlink)
        finally:
            srv.kill()
        assert "database or disk is full" in srv.log_path.read_text()


def test_read_only_postgresql_refuses_moves_clearly_and_play_resumes(
    tmp_path: Path, postgres: str
) -> None:
    url = create_database(postgres, "readonly")
    name = url.rsplit("/", 1)[1]
    admin = postgres.replace("postgresql+psycopg://", "postgresql://") + "/postgres"
    srv = Server(tmp_path / "unused.db", tmp_path / "server.log")
    srv.db_url = url
    srv.start()

    def read_only(on: bool) -> None:
        setting = "SET default_transaction_read_only = on" if on else "RESET ALL"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'ALTER DATABASE "{name}" {setting}')
            if on:  # like a fail-over to a read-only replica: sessions start again
                conn.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE datname = %s AND pid <> pg_backend_pid()",
                    (name,),
                )

    try:
        _refused_then_recovered(srv, lambda: read_only(True), lambda: read_only(False))
    finally:
        srv.kill()
    assert "read-only transaction" in srv.log_path.read_text()


# --- in-process: what a refused write leaves behind ------------------------------------
def test_a_refused_move_or_claim_changes_nothing_and_is_saved_later(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
        hall = Hall(store, Settings(bot_delay=60.0))
        seats = [{**HUMAN, "open": True}, HUMAN, HUMAN]  # seat 0 may be claimed from the lobby
        table, _ = await hall.create({"game": "jelly", "seats": seats, "params": {"mode": "tick"}})
        refuse = {"on": True}
        writes = {n: getattr(store, n) for n in ("append", "mark_claimed", "create_match")}

        def guarded(name: str) -> Any:
            def write(*args: Any, **kwargs: Any) -> Any:
                if refuse["on"]:
                    raise StoreUnavailable("the database refused the write: disk full")
                return writes[name](*args, **kwargs)

            return write

        for name in writes:
            setattr(store, name, guarded(name))
        conn = Conn((0,))
        table.join(conn)  # the seat is taken in memory even though the claim is not saved
        assert 0 in table.presence.claimed and store.tokens(table.id)[0][1] is False
        with pytest.raises(RequestError) as info:
            await hall.claim(table, 0)
        assert info.value.status == 409  # nobody else can take it meanwhile
        with pytest.raises(RequestError) as info:
            await hall.create({"game": "puru", "seats": [HUMAN] * 2})
        assert (info.value.status, info.value.code) == (503, "store_unavailable")
        assert store.count("live") == 1
        match = table.match
        seat = next(s for s in match.actors() if s >= 0)
        action = match.legal_actions(seat)[0]
        with pytest.raises(StorageError):
            await table.act(seat, action, match.version)
        # a refused real-time move does not count as "moved since" for the next one
        assert seat not in table.acted_at
        refuse["on"] = False
        assert await table.act(seat, action, match.version) == match.version
        assert store.tokens(table.id)[0][1] is True  # the claim was saved with the move
        assert store.log(table.id) == match.log
        await hall.stop()
        store.close()

    asyncio.run(scenario())
