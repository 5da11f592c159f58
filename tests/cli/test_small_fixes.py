"""Help lists a game's own flags, `--version` works after a subcommand, `--stat help` is grouped
and described."""

from __future__ import annotations

import pytest

from tests.cli.helpers import run


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_help_of_a_named_game_lists_its_own_flags(command: str) -> None:
    result = run([command, "puru", "-h"])
    assert result.exit_code == 0
    assert "Options of Puru Puru Paradice (puru)" in result.stdout
    for flag in ("--full", "--solo", "--die VALUE", "--characters VALUE"):
        assert flag in result.stdout
    assert "Solo mode" in result.stdout  # each flag with its help


def test_help_without_a_game_says_how_to_see_its_flags() -> None:
    result = run(["play", "-h"])
    assert result.exit_code == 0 and "dicehall play GAME -h" in result.stdout


@pytest.mark.parametrize(
    "args", [["play", "--version"], ["simulate", "puru", "--version"], ["rate", "-V"]]
)
def test_version_is_accepted_after_a_subcommand(args: list[str]) -> None:
    result = run(args)
    assert result.exit_code == 0
    assert result.stdout.startswith("dicehall ")


def test_stat_help_groups_list_items_and_describes_each_key() -> None:
    result = run(["simulate", "paradice", "--stat", "help"])
    assert result.exit_code == 0
    lines = [line for line in result.stdout.splitlines() if line.startswith("  ")]
    assert 40 < len(lines) < 150  # one line per kind of key, not 626 indexed ones
    keys = {line.split()[0] for line in lines}
    assert "plaza.N.points" in keys and "plaza.0.points" not in keys
    assert all(len(line.split(maxsplit=1)) == 2 for line in lines)  # each has a description
    points = next(line for line in lines if line.split()[0] == "storehouse.first_out")
    assert "number" in points and "mean" in points
