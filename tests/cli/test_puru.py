"""The CLI with the first real game, Puru Puru Paradice, in each mode."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dicehall.engine import Record, verify
from tests.cli.helpers import run

MODES = [[], ["--full"], ["--solo"], ["--solo", "--super"], ["--players", "5"]]


def test_games_shows_puru_and_its_flags() -> None:
    result = run(["games"])
    line = next(row for row in result.stdout.splitlines() if row.startswith("│ puru"))
    assert "Puru Puru Paradice" in line and "2–5" in line
    for flag in ("--full", "--solo", "--super"):
        assert flag in result.stdout


@pytest.mark.parametrize("mode", MODES, ids=lambda m: " ".join(m) or "basic")
def test_simulate_puru_in_every_mode(mode: list[str]) -> None:
    result = run(["simulate", "puru", "--games", "6", "--seed", "2", "--json", *mode])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 6 and sum(data["end_reasons"].values()) == 6
    assert data["params"]["full"] == ("--full" in mode)
    assert data["params"]["super"] == ("--super" in mode)
    if "--solo" in mode:  # AutoPuray (seat 1) is played by the rules, never by its bot
        assert data["seats"][1]["mean_actions"] == 0


def test_simulate_puru_table_with_three_seats() -> None:
    result = run(["simulate", "puru", "-g", "10", "--bots", "random,random,random"])
    assert result.exit_code == 0
    assert "puru: 10 games, seed 0 (players=3)" in result.stdout


def test_puru_params_that_contradict_are_clear_errors() -> None:
    result = run(["simulate", "puru", "-g", "2", "--solo", "--players", "3"])
    assert result.exit_code == 2 and "players must be 2" in result.stderr
    result = run(["play", "puru", "--side", "b"])
    assert result.exit_code == 2 and "puru has no option --side" in result.stderr


@pytest.mark.parametrize("mode", [[], ["--full"], ["--solo"]], ids=["basic", "full", "solo"])
def test_play_puru_to_the_end_and_replay_it(tmp_path: Path, mode: list[str]) -> None:
    args = ["play", "puru", "--bot", "rest=random", "--seed", "8", "--record-dir", str(tmp_path)]
    result = run([*args, *mode], input="1\n" * 3000)
    assert result.exit_code == 0, result.output[-2000:]
    me = "You" if "--solo" in mode else "Player 1"
    assert re.search(rf"{me}[^\n]* to play", result.stdout)  # the web's names, from 1
    assert "Game over" in result.stdout
    if "--solo" not in mode:  # a bot as the web names it, with its level
        assert re.search(r"Bot 2 \(random\):", result.stdout)
    [path] = tmp_path.glob("*.json")
    record = Record.load(path)
    assert record.result is not None and verify(record) == record.result
    end = run(["replay", str(path), "--to-end"])
    assert end.exit_code == 0 and "Game over" in end.stdout
    assert run(["verify", str(path)]).exit_code == 0


def test_play_puru_interrupted_then_verified(tmp_path: Path) -> None:
    args = ["play", "puru", "--bot", "1=random", "--seed", "3", "--record-dir", str(tmp_path)]
    result = run(args, input="2\n1\n")
    assert result.exit_code == 130
    [path] = tmp_path.glob("*.json")
    checked = run(["verify", str(path)])
    assert checked.exit_code == 0 and "unfinished" in checked.stdout


def test_bench_puru_reports_figures() -> None:
    result = run(["bench", "puru", "--seconds", "0", "--runs", "1"])
    assert result.exit_code == 0
    row = next(line for line in result.stdout.splitlines() if "puru" in line)
    assert "players=2" in row


def test_rules_puru_prints_the_rules_and_rulings() -> None:
    result = run(["rules", "puru"])
    assert result.exit_code == 0
    assert "Puru Puru Paradice" in result.stdout and "majority" in result.stdout
    assert "##" not in result.stdout  # rendered Markdown, not the raw file
