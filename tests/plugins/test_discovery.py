"""Games are found through entry points; one that fails to load is reported, never dropped."""

from __future__ import annotations

import logging
from importlib.metadata import EntryPoint

import pytest
from typer.testing import CliRunner

from dicehall import games
from dicehall.cli.main import app
from dicehall.core import DicehallError
from dicehall.games import plugins

BROKEN = EntryPoint("broken", "tests.plugins.broken_game", plugins.GROUP)


@pytest.fixture
def with_broken_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    real = plugins.entry_points

    def points(group: str) -> list[EntryPoint]:
        return [*real(group=group), BROKEN]

    monkeypatch.setattr(plugins, "entry_points", points)
    monkeypatch.setattr(games, "_MODULES", plugins.discover())
    monkeypatch.setattr(games, "_FAILURES", {})


def test_the_four_games_register_through_entry_points() -> None:
    found = plugins.discover()
    for game_id in ("puru", "purrramid", "paradice", "jelly"):
        assert found[game_id] == f"dicehall.games.{game_id}"


@pytest.mark.usefixtures("with_broken_plugin")
def test_a_game_that_fails_to_import_is_logged_and_listed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.ERROR, logger="dicehall.games"):
        assert "broken" not in games.available()
    assert "puru" in games.available()  # the others still load
    why = games.failures()["broken"]
    assert "ImportError" in why and "not installed" in why
    assert any("broken" in r.getMessage() and "failed to load" in r.getMessage()
               for r in caplog.records)  # fmt: skip
    with pytest.raises(DicehallError, match="failed to load"):
        games.make("broken")
    listed = CliRunner().invoke(app, ["games"])
    assert listed.exit_code == 0
    assert "broken" in listed.output and "failed to load" in listed.output
