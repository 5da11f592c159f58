"""Terminal play driven by scripted input: to the end vs bots, hot-seat, bad input, Ctrl-C."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from dicehall import games
from dicehall.cli.play import PlaySession, new_match, terminal_params
from dicehall.core import ParamError
from dicehall.engine import Record, verify
from tests.cli.helpers import run


def _records(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


def test_play_against_a_bot_to_the_end(tmp_path: Path) -> None:
    args = ["play", "clitoy", "--bot", "1=random", "--seed", "3", "--record-dir", str(tmp_path)]
    result = run(args, input="1\n" * 200)
    assert result.exit_code == 0
    out = result.stdout
    assert "Player 1 to play" in out and "1. take the die" in out
    assert "Bot 2 (random):" in out  # the bot's moves are shown, named as on the web
    assert "Game over" in out and "winner" in out
    [path] = _records(tmp_path)
    assert str(path) in out.replace("\n", "")
    record = Record.load(path)
    assert record.result is not None and verify(record) == record.result
    assert record.seats[1] == {"seat": 1, "kind": "bot", "bot": "random"}


def test_bad_input_reprompts(tmp_path: Path) -> None:
    args = ["play", "clitoy", "--bot", "1=random", "--seed", "3", "--record-dir", str(tmp_path)]
    result = run(args, input="x\n0\n3\n\n" + "2\n" * 200)
    assert result.exit_code == 0
    assert result.stdout.count("Please enter a number from 1 to 2.") == 4
    record = Record.load(_records(tmp_path)[0])
    # every choice of seat 0 was the second option, "play safe"
    assert {e.action["type"] for e in record.actions if e.seat == 0} == {"Safe"}


def test_hot_seat_tick_mode_asks_every_person_in_turn(tmp_path: Path) -> None:
    args = ["play", "clitoy", "--mode", "tick", "--players", "3", "--bot", "2=random",
            "--seed", "5", "--record-dir", str(tmp_path)]  # fmt: skip
    result = run(args, input="1\n2\n" * 100)
    assert result.exit_code == 0
    assert "Player 1 to play" in result.stdout and "Player 2 to play" in result.stdout
    record = Record.load(_records(tmp_path)[0])
    assert {e.action["type"] for e in record.actions if e.seat == 0} == {"Take"}
    assert {e.action["type"] for e in record.actions if e.seat == 1} == {"Safe"}
    assert verify(record) == record.result


def test_all_bots_play_to_the_end_without_input(tmp_path: Path) -> None:
    args = ["play", "clitoy", "--bot", "0=random", "--bot", "rest=random", "--seed", "1",
            "--record-dir", str(tmp_path)]  # fmt: skip
    result = run(args)
    assert result.exit_code == 0 and "Game over" in result.stdout


def test_end_of_input_saves_the_record(tmp_path: Path) -> None:
    args = ["play", "clitoy", "--bot", "1=random", "--seed", "4", "--record-dir", str(tmp_path)]
    result = run(args, input="1\n1\n")
    assert result.exit_code == 130
    assert "Record saved to" in result.stdout
    [path] = _records(tmp_path)
    record = Record.load(path)
    assert record.result is None and verify(record) is None
    assert sum(1 for e in record.actions if e.seat == 0) == 2
    checked = run(["verify", str(path)])
    assert checked.exit_code == 0 and "unfinished" in checked.stdout


def test_q_stops_saves_and_exits_0(tmp_path: Path) -> None:
    """Stopping on purpose is no error (Ctrl-C and end of input are interruptions: 130)."""
    args = ["play", "clitoy", "--bot", "1=random", "--seed", "4", "--record-dir", str(tmp_path)]
    result = run(args, input="q\n")
    assert result.exit_code == 0 and len(_records(tmp_path)) == 1
    assert "--resume" in result.stdout


def _interrupting(answers: list[str]) -> Iterator[str]:
    yield from answers
    raise KeyboardInterrupt


def test_ctrl_c_saves_a_record_that_verify_accepts(tmp_path: Path) -> None:
    game = games.make("clitoy")
    match = new_match(game, 11, {1: "random"})
    answers = _interrupting(["2", "1", "1"])
    console = Console(file=open(tmp_path / "screen.txt", "w"), width=100)  # noqa: SIM115
    session = PlaySession(match, {1: "random"}, console, lambda _: next(answers), tmp_path)
    assert session.run() == 130
    console.file.close()
    [path] = _records(tmp_path)
    assert f"Record saved to {path}" in (tmp_path / "screen.txt").read_text().replace("\n", "")
    record = Record.load(path)
    assert [e.action["type"] for e in record.actions if e.seat == 0] == ["Safe", "Take", "Take"]
    assert verify(record) is None
    result = run(["verify", str(path)])
    assert result.exit_code == 0 and "replays exactly" in result.stdout


def test_real_time_games_play_in_tick_mode() -> None:
    spec = games.spec("clitoy")
    import dataclasses

    live = dataclasses.replace(spec, real_time=True)
    assert terminal_params(live, {}) == {"mode": "tick"}
    assert terminal_params(live, {"mode": "tick"}) == {"mode": "tick"}
    with pytest.raises(ParamError, match="needs --mode tick"):
        terminal_params(live, {"mode": "turns"})
    assert terminal_params(live, {"mode": "turns"}, strict=False) == {"mode": "turns"}
    assert terminal_params(spec, {}) == {}


def test_bad_bot_options_are_clear_errors(tmp_path: Path) -> None:
    for bot, message in (("5=random", "seat must be 0..1"), ("1=wizard", "no bot level")):
        result = run(["play", "clitoy", "--bot", bot, "--record-dir", str(tmp_path)])
        assert result.exit_code == 2 and message in result.stderr


def test_a_negative_seed_is_a_usage_error(tmp_path: Path) -> None:
    result = run(["play", "clitoy", "--seed", "-1", "--record-dir", str(tmp_path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
