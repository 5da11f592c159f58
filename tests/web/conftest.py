"""Fixtures: a real server process per module on a temporary SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.helpers import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web")
    srv = Server(folder / "dicehall.db", folder / "server.log")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "dicehall.db", tmp_path / "server.log")
    srv.start()
    yield srv
    srv.kill()
