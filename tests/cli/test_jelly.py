"""The CLI with Attack of the Jelly Monster: real-time simulation with speeds, tick-mode play."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dicehall.engine import Record, verify
from tests.cli.helpers import run


def test_simulate_jelly_in_real_time_with_speed_profiles() -> None:
    args = ["simulate", "jelly", "-g", "3", "--bots", "random,random,random",
            "--speeds", "fast,human,slow", "--json"]  # fmt: skip
    result = run(args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["params"]["mode"] == "realtime"
    assert [s["speed"] for s in data["seats"]] == ["fast", "human", "slow"]
    default = json.loads(run(["simulate", "jelly", "-g", "2", "--json"]).stdout)
    assert {s["speed"] for s in default["seats"]} == {"human"}


def test_simulate_jelly_table_shows_bot_and_speed() -> None:
    result = run(["simulate", "jelly", "-g", "2", "--players", "3", "--speeds", "fast"])
    assert result.exit_code == 0 and "random, fast" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--speeds", "lightning"], "unknown speed 'lightning'"),
        (["--players", "3", "--speeds", "fast,slow"], "2 speed(s) named for 3 seat(s)"),
        (["--mode", "tick", "--speeds", "fast"], "only to real-time simulation"),
    ],
)
def test_bad_speeds_are_clear_errors(args: list[str], message: str) -> None:
    result = run(["simulate", "jelly", "-g", "2", *args])
    assert result.exit_code == 2 and message in result.stderr


def test_simulate_jelly_in_tick_mode() -> None:
    result = run(["simulate", "jelly", "-g", "3", "--mode", "tick", "--json"])
    data = json.loads(result.stdout)
    assert data["params"]["mode"] == "tick" and "speed" not in data["seats"][0]


def test_play_jelly_hot_seat_asks_every_person_of_a_tick(tmp_path: Path) -> None:
    args = ["play", "jelly", "--players", "3", "--seed", "2", "--record-dir", str(tmp_path)]
    # Jelly has secrets: between two people the screen is cleared and waits for Enter
    result = run(args, input="1\n" + "\n1\n" * 5 + "q\n")
    assert result.exit_code == 0, result.output[-2000:]  # q: stopped on purpose
    assert "Pass the keyboard to Player" in result.stdout
    asked = [int(m) - 1 for m in re.findall(r"─ Player (\d)[^─]* to play ─", result.stdout)]
    assert set(asked[:3]) == {0, 1, 2}  # a tick asks everyone in turn
    [path] = tmp_path.glob("*.json")
    record = Record.load(path)
    assert record.params["mode"] == "tick"
    chosen = [e.seat for e in record.actions if e.seat >= 0]
    assert len(chosen) >= 5 and chosen == asked[: len(chosen)]
    assert verify(record) is None  # unfinished, and it replays


def test_play_jelly_needs_tick_mode(tmp_path: Path) -> None:
    result = run(["play", "jelly", "--mode", "realtime", "--record-dir", str(tmp_path)])
    assert result.exit_code == 2 and "needs --mode tick" in result.stderr


def test_bench_jelly_times_tick_mode() -> None:
    result = run(["bench", "jelly", "--seconds", "0", "--runs", "1"])
    assert result.exit_code == 0
    assert "mode=tick" in next(line for line in result.stdout.splitlines() if "jelly" in line)
