"""The store writer (web/tables/writes.py): people's writes first, appends sharing commits, each
refusal its own."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import pytest

from dicehall.engine.match import LogEntry
from dicehall.store.repository import MatchRow, Store, now_text
from dicehall.web.tables import writes


def _store_with_matches(tmp_path: Path, n: int) -> tuple[Store, list[str]]:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
    ids = [f"m{i:03d}" for i in range(n)]
    for match_id in ids:
        stamp = now_text()
        row = MatchRow(match_id, "puru", 1, {}, "", 1, [], {}, "live", None, 0, stamp, stamp)
        store.create_match(row, {0: "digest"}, [])
    return store, ids


async def _writer_held(release: threading.Event) -> asyncio.Task[None]:
    """Keep the writer busy until `release` is set, so that what is submitted queues."""
    started = threading.Event()

    def hold() -> None:
        started.set()
        release.wait(10)

    task = asyncio.ensure_future(writes.run(hold))
    await asyncio.to_thread(started.wait, 10)
    return task


def _entry(i: int) -> list[LogEntry]:
    return [LogEntry(i % 2, {"type": "Resolve"})]


def test_queued_appends_share_one_commit_and_all_are_saved(tmp_path: Path) -> None:
    store, ids = _store_with_matches(tmp_path, 20)
    batches: list[int] = []
    append_many = store.append_many

    def counted(appends: list[Any]) -> None:
        batches.append(len(appends))
        append_many(appends)

    async def scenario() -> None:
        release = threading.Event()
        held = await _writer_held(release)
        waits = [
            asyncio.ensure_future(writes.append(store.append, counted, i, 0, _entry(k), None))
            for k, i in enumerate(ids)
        ]
        await asyncio.sleep(0.05)  # every append is queued behind the held writer
        release.set()
        await asyncio.gather(held, *waits)

    asyncio.run(scenario())
    assert batches == [20]  # one transaction for the twenty queued appends
    rows = [store.get(i) for i in ids]
    assert [len(store.log(i)) for i in ids] == [1] * 20
    assert [row.num_actions if row else None for row in rows] == [1] * 20
    store.close()


def test_a_refused_append_in_a_shared_commit_fails_alone(tmp_path: Path) -> None:
    """Index 0 of a match that has it already cannot be saved again: the batch is refused,
    then each append is tried alone, and only the bad one reports an error."""
    store, ids = _store_with_matches(tmp_path, 3)
    store.append(ids[1], 0, _entry(0), None)

    async def scenario() -> list[Any]:
        release = threading.Event()
        held = await _writer_held(release)
        good = writes.append(store.append, store.append_many, ids[0], 0, _entry(0), None)
        bad = writes.append(store.append, store.append_many, ids[1], 0, _entry(1), None)
        also_good = writes.append(store.append, store.append_many, ids[2], 0, _entry(2), None)
        waits = [asyncio.ensure_future(w) for w in (good, bad, also_good)]
        await asyncio.sleep(0.05)
        release.set()
        await held
        return await asyncio.gather(*waits, return_exceptions=True)

    results = asyncio.run(scenario())
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], Exception)
    assert [len(store.log(i)) for i in ids] == [1, 1, 1]
    store.close()


def test_a_persons_write_overtakes_queued_bot_writes() -> None:
    done: list[str] = []

    async def scenario() -> None:
        release = threading.Event()
        held = await _writer_held(release)
        bots = [asyncio.ensure_future(writes.run(done.append, f"bot{i}")) for i in range(3)]
        await asyncio.sleep(0.02)
        person = asyncio.ensure_future(writes.run(done.append, "person", first=True))
        await asyncio.sleep(0.02)
        release.set()
        await asyncio.gather(held, person, *bots)

    asyncio.run(scenario())
    assert done == ["person", "bot0", "bot1", "bot2"]


def test_a_write_raises_its_own_error_in_the_caller() -> None:
    def refuse() -> None:
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        asyncio.run(writes.run(refuse))
