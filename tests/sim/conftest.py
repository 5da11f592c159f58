"""Registers the CLI's toy game (`tests.cli.toygame`, id `clitoy`) for each test."""

from __future__ import annotations

import pytest

from dicehall import games


@pytest.fixture(autouse=True)
def _clitoy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games._MODULES, "clitoy", "tests.cli.toygame")
