"""File flags (--board, --content): paths stored absolute, content errors as one red line."""

from __future__ import annotations

import json
import shutil
from importlib import resources
from pathlib import Path

import pytest

from tests.cli.helpers import run


def test_a_relative_board_file_is_stored_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = resources.files("dicehall.games.purrramid").joinpath("content", "side_b.toml")
    with resources.as_file(source) as path:
        shutil.copy(path, tmp_path / "my_board.toml")
    monkeypatch.chdir(tmp_path)
    result = run(["simulate", "purrramid", "-g", "1", "--board", "my_board.toml", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["params"]["board"] == str(tmp_path / "my_board.toml")


def test_a_missing_board_file_is_a_content_error() -> None:
    result = run(["simulate", "purrramid", "-g", "1", "--board", "nope.toml"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: nope.toml: file: cannot be read")


def test_broken_content_toml_is_a_content_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("x = [\n")
    result = run(["play", "jelly", "--content", str(bad), "--record-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "not valid TOML" in result.stderr and "Traceback" not in result.output


def test_side_and_content_flags_reach_their_games() -> None:
    data = json.loads(run(["simulate", "purrramid", "-g", "1", "--side", "b", "--json"]).stdout)
    assert data["params"]["side"] == "b"
    data = json.loads(
        run(
            [
                "simulate",
                "jelly",
                "-g",
                "1",
                "--content",
                "promo",
                "--mode",
                "tick",
                "--first-game",
                "--json",
            ]
        ).stdout
    )
    assert data["params"]["content"] == "promo" and data["params"]["first_game"] is True
    result = run(["simulate", "purrramid", "-g", "1", "--full"])
    assert result.exit_code == 2 and "purrramid has no option --full" in result.stderr
