"""A web request never starts a solve: the expert's tables are prepared in a background
process (or by `dicehall solve`), and until they are ready the lobby says so."""

from __future__ import annotations

import asyncio
import logging
import os
from pathlib import Path

import pytest

from dicehall.bots.solvers import cache
from dicehall.web.workers import prepare
from tests.web.helpers import Server

HUMAN = {"kind": "human"}
EXPERT = {"kind": "bot", "level": "expert"}


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def test_an_expert_table_never_starts_a_solve_in_the_server(tmp_path: Path) -> None:
    """With an empty solver cache, a 2-player Basic table with the expert is refused with a
    clear 503 (not accepted with a bot that hangs while the server grows by 3.4 GB); the
    lobby lists the expert as preparing; the Full game's expert (a search) is still offered."""
    srv = Server(
        tmp_path / "db.sqlite",
        tmp_path / "server.log",
        env={cache.ENV_DIR: str(tmp_path / "cache")},
    )
    srv.start()
    try:
        assert srv.proc is not None
        puru = next(g for g in srv.api("GET", "/api/games").json() if g["id"] == "puru")
        assert puru["level_status"] == {"expert": "preparing"}
        r = srv.api("POST", "/api/tables", json={"game": "puru", "seats": [HUMAN, EXPERT]})
        assert r.status_code == 503, r.text
        assert r.json()["error"] == "expert_preparing"
        assert "hard" in r.json()["message"]
        full = {"game": "puru", "seats": [HUMAN, EXPERT], "params": {"full": True}}
        assert srv.api("POST", "/api/tables", json=full).status_code == 201
        assert _rss_mb(srv.proc.pid) < 1000  # a solve would hold about 3.4 GB
        assert "not prepared" in srv.log_path.read_text()  # the log says why and what to run
    finally:
        srv.stop()


def test_the_tables_are_solved_in_another_process_with_progress_in_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The preparer solves each missing table in a child process, logs its progress, and the
    table is then ready in the cache. (A late-game corner of the real solver, `lo`, keeps
    this quick; the server prepares the whole grid the same way.)"""
    monkeypatch.setenv(cache.ENV_DIR, str(tmp_path))
    todo = prepare.jobs(lo=16)[:2]
    assert not any(prepare.is_ready(job.name) for job in todo)

    async def run() -> None:
        preparer = prepare.Preparer(True, todo, need=0)
        preparer.start()
        assert preparer.task is not None
        await asyncio.wait_for(preparer.task, 300)

    with caplog.at_level(logging.INFO, logger="dicehall.web"):
        asyncio.run(run())
    assert all(prepare.is_ready(job.name) for job in todo)
    text = caplog.text
    pids = [int(w) for line in text.splitlines() if "in process" in line
            for w in line.split("in process")[1].split(";")[0].split()]  # fmt: skip
    assert len(pids) == 2 and os.getpid() not in pids
    assert text.count("ready after") == 2
    assert "Warning" not in text  # the child's output is logged: nothing alarming in it


def test_without_the_memory_the_log_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv(cache.ENV_DIR, str(tmp_path))

    async def run() -> prepare.Preparer:
        preparer = prepare.Preparer(True, prepare.jobs(), need=1 << 60)
        preparer.start()
        return preparer

    with caplog.at_level(logging.INFO, logger="dicehall.web"):
        preparer = asyncio.run(run())
    assert preparer.task is None
    assert "GiB of memory" in caplog.text and "dicehall solve puru" in caplog.text


def test_stopping_kills_and_reaps_the_solver(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server stopped while it solves leaves no running child behind (it warned of a running
    subprocess and an open pipe when the garbage collector found it later)."""
    monkeypatch.setenv(cache.ENV_DIR, str(tmp_path))

    async def run() -> int | None:
        preparer = prepare.Preparer(True, prepare.jobs()[:1], need=0)  # minutes of solving
        preparer.start()
        while preparer.child is None:
            await asyncio.sleep(0.05)
        child = preparer.child
        await preparer.stop()
        return child.returncode

    assert asyncio.run(run()) is not None
