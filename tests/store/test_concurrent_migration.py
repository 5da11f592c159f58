"""Server processes that start together on a new PostgreSQL database all come up.

`serve --workers N` starts N processes at once, and each brings the schema up to date at
start-up (`store.repository.migrate`). Without a lock, two of them create Alembic's version
table at the same moment and one start-up fails (a duplicate key in PostgreSQL's catalogue).
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from sqlalchemy import inspect

from dicehall.store import Store
from dicehall.store.models import metadata
from tests.store.postgres import create_database, postgres_server

PROCESSES = 4
# each process waits for the same moment, then opens the store (and so migrates it)
OPEN_AT = """
import sys, time
from dicehall.store import Store
time.sleep(max(0.0, float(sys.argv[2]) - time.time()))
Store(sys.argv[1]).close()
"""


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def test_processes_opening_a_new_database_at_once_all_start(postgres: str) -> None:
    url = create_database(postgres, "started_together")
    start = str(time.time() + 4.0)  # after every interpreter has imported dicehall
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", OPEN_AT, url, start],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    outputs = [p.communicate(timeout=120)[0] for p in procs]
    failed = [out for p, out in zip(procs, outputs, strict=True) if p.returncode != 0]
    assert not failed, failed[0][-2000:]
    store = Store(url)
    try:
        tables = set(inspect(store.engine).get_table_names())
        assert set(metadata.tables) <= tables
    finally:
        store.close()
