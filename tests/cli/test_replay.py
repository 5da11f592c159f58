"""`dicehall replay` and `dicehall verify` on good, tampered and broken records."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from dicehall import games
from dicehall.bots import RandomBot
from dicehall.core import CHANCE
from dicehall.engine import Match, Record
from tests.cli.helpers import run


def _finished_record(tmp_path: Path, seed: int = 2) -> Path:
    game = games.make("clitoy")
    match = Match(game, seed, bots={0: RandomBot(game, 0), 1: RandomBot(game, 1)})
    match.run_bots()
    path = tmp_path / "game.json"
    Record.of(match).save(path)
    return path


def _tampered(path: Path, change: Any) -> Path:
    data = json.loads(path.read_text())
    change(data)
    out = path.with_name("tampered.json")
    out.write_text(json.dumps(data))
    return out


def test_verify_accepts_a_good_record(tmp_path: Path) -> None:
    path = _finished_record(tmp_path)
    result = run(["verify", str(path)])
    assert result.exit_code == 0
    assert "replays exactly" in result.stdout and "winner(s): Player" in result.stdout


def _first_player_step(data: dict[str, Any]) -> int:
    return next(i for i, e in enumerate(data["actions"]) if e["seat"] >= 0)


def test_verify_names_the_first_diverging_step(tmp_path: Path) -> None:
    path = _finished_record(tmp_path)
    data = json.loads(path.read_text())
    step = _first_player_step(data)

    def wrong_seat(d: dict[str, Any]) -> None:
        d["actions"][step]["seat"] = 1 - d["actions"][step]["seat"]

    result = run(["verify", str(_tampered(path, wrong_seat))])
    assert result.exit_code == 2
    assert f"step {step}: seat" in result.stderr and "may not act here" in result.stderr


def test_verify_rejects_impossible_chance_and_changed_results(tmp_path: Path) -> None:
    path = _finished_record(tmp_path)

    def loaded_die(d: dict[str, Any]) -> None:
        d["actions"][0]["action"]["value"] = 9

    result = run(["verify", str(_tampered(path, loaded_die))])
    assert result.exit_code == 2 and "step 0: impossible chance outcome" in result.stderr

    def other_winner(d: dict[str, Any]) -> None:
        d["result"]["winners"] = [9]

    result = run(["verify", str(_tampered(path, other_winner))])
    assert result.exit_code == 2 and "recorded result differs" in result.stderr


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(game="nope"), "cannot rebuild the game: unknown game 'nope'"),
        (lambda d: d.update(content_hash="abc"), "different content"),
        (lambda d: d.update(params={"players": 7}), "cannot rebuild the game"),
        (lambda d: d.update(seed="lucky"), "malformed record field"),
        (lambda d: d.update(format="chess"), "not a dicehall record"),
        (lambda d: d["actions"].append({"seat": 0}), "a log entry needs"),
        (lambda d: d["actions"][0].update(action={"type": "Teleport"}), "unknown action type"),
    ],
)
def test_broken_records_are_one_red_line(tmp_path: Path, change: Any, message: str) -> None:
    bad = _tampered(_finished_record(tmp_path), change)
    for command in ("verify", "replay"):
        result = run(
            [command, str(bad), "--to-end"] if command == "replay" else [command, str(bad)]
        )
        assert result.exit_code == 2, command
        assert message in result.stderr, command
        assert "Traceback" not in result.output


def test_not_json_and_missing_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = run(["verify", str(bad)])
    assert result.exit_code == 2 and "not valid JSON" in result.stderr
    result = run(["replay", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "No such file" in result.stderr


def test_replay_prints_a_chosen_step_and_the_end(tmp_path: Path) -> None:
    path = _finished_record(tmp_path)
    record = Record.load(path)
    total = len(record.actions)
    result = run(["replay", str(path), "--step", "1"])
    assert result.exit_code == 0
    assert f"step 1/{total}" in result.stdout and "Dice: rolls" in result.stdout
    end = run(["replay", str(path), "--to-end"])
    assert f"step {total}/{total}" in end.stdout and "Game over" in end.stdout
    assert run(["replay", str(path), "--step", str(total + 1)]).exit_code == 2


def test_replay_steps_forwards_backwards_and_jumps(tmp_path: Path) -> None:
    path = _finished_record(tmp_path)
    record = Record.load(path)
    total = len(record.actions)
    result = run(["replay", str(path)], input=f"n\n\np\ng {total}\nzz\ng 999\nn\nq\n")
    assert result.exit_code == 0
    shown = [int(k) for k in re.findall(rf"─ step (\d+)/{total} ─", result.stdout)]
    assert shown == [0, 1, 2, 1, total, total]
    assert "keys: n/Enter next" in result.stdout  # zz
    assert f"steps go from 0 to {total}" in result.stdout  # g 999
    assert record.actions[0].seat == CHANCE


def test_replay_of_a_record_corrupt_midway_shows_what_replays(tmp_path: Path) -> None:
    path = _finished_record(tmp_path)
    data = json.loads(path.read_text())
    step = _first_player_step(data)

    def wrong_seat(d: dict[str, Any]) -> None:
        d["actions"][step]["seat"] = 1 - d["actions"][step]["seat"]

    result = run(["replay", str(_tampered(path, wrong_seat)), "--to-end"])
    assert result.exit_code == 2
    assert f"step {step}" in result.stderr and f"steps 0..{step} replay" in result.stderr
    assert f"step {step}/" in result.stdout
