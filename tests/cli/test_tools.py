"""Finished work is never lost, records are kept and read in bulk, help and errors are clear."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dicehall import games
from dicehall.cli import main, outputs, solves
from dicehall.core import DicehallError
from dicehall.engine import Record, verify
from tests.cli.helpers import run


@pytest.mark.parametrize(
    ("out", "says"),
    [("out.xlsx", ".parquet or .csv"), ("afile/out.parquet", "is a file"), ("adir", ".parquet")],
)
def test_an_invalid_out_fails_before_the_first_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, out: str, says: str
) -> None:
    (tmp_path / "afile").write_text("")
    (tmp_path / "adir.parquet").mkdir()

    def no_games(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a game was played before --out was checked")

    monkeypatch.setattr(main, "run_simulation", no_games)
    target = tmp_path / ("adir.parquet" if out == "adir" else out)
    result = run(["simulate", "puru", "--games", "5000", "--out", str(target)])
    assert result.exit_code == 2 and says in result.stderr, result.stderr
    result = run(["sweep", "puru", "--grid", "players=2,3", "--out", str(target)])
    assert result.exit_code == 2 and says in result.stderr, result.stderr


def test_a_record_dir_that_is_a_file_fails_before_play(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("")
    result = run(["play", "clitoy", "--record-dir", str(afile)], input="1\n" * 50)
    assert result.exit_code == 2 and "is a file" in result.stderr
    assert "to play" not in result.stdout


def test_a_failing_save_goes_to_a_fallback_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outputs.tempfile, "gettempdir", lambda: str(tmp_path / "spare"))
    (tmp_path / "spare").mkdir()
    tried = []

    def save(path: Path) -> None:
        tried.append(path)
        if len(tried) == 1:
            raise OSError(28, "No space left on device")
        path.write_text("rows")

    saved = outputs.save_or_fallback(save, tmp_path / "out.parquet")
    assert saved is not None and saved.parent == tmp_path / "spare"
    assert saved.read_text() == "rows" and saved.name.endswith("out.parquet")


def test_simulate_keeps_records_that_replay_to_the_counted_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each game is played once: the record is kept from the play that was counted."""
    folder = tmp_path / "records"
    args = ["simulate", "puru", "--games", "4", "--seed", "7", "--bots", "greedy,random",
            "--workers", "1", "--records", str(folder), "--json"]  # fmt: skip
    rules = type(games.make("puru"))
    started = []
    initial_state = rules.initial_state

    def counted(self: Any) -> Any:
        started.append(self)
        return initial_state(self)

    monkeypatch.setattr(rules, "initial_state", counted)
    result = run(args)
    assert result.exit_code == 0, result.output
    assert len(started) == 4  # games played, records included
    monkeypatch.undo()
    data = json.loads(result.stdout)
    paths = [folder / f"puru-{seed}.json" for seed in (7, 8, 9, 10)]
    assert sorted(folder.glob("*.json")) == sorted(paths)
    wins = [0, 0]
    for path in paths:
        record = Record.load(path)
        final = verify(record)
        assert final is not None
        for seat in final.winners:
            wins[seat] += 1
    assert wins == [s["wins"] for s in data["seats"]]
    checked = run(["verify", *map(str, paths)])  # several files at once
    assert checked.exit_code == 0 and checked.stdout.count("OK:") == 4
    text = run(["replay", "--text", str(paths[0])])
    assert text.exit_code == 0
    lines = text.stdout.splitlines()
    assert lines[0].startswith("puru seed 7") and lines[-1].startswith("result: winner(s)")
    steps = [line for line in lines[1:-1] if not line.lstrip().startswith("→")]  # explanations
    assert len(steps) == len(Record.load(paths[0]).actions)


def test_verify_of_several_files_names_the_bad_one(tmp_path: Path) -> None:
    run(["simulate", "clitoy", "--games", "1", "--workers", "1", "--records", str(tmp_path)])
    [good] = tmp_path.glob("*.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    result = run(["verify", str(good), str(bad)])
    assert result.exit_code == 2 and "bad.json" in result.stderr and "OK:" in result.stdout


def test_stat_keys_are_listed_checked_and_saved(tmp_path: Path) -> None:
    listed = run(["simulate", "paradice", "--stat", "help"])
    assert listed.exit_code == 0 and "storehouse.first_out" in listed.stdout
    wrong = run(["simulate", "paradice", "--stat", "foo", "--games", "2"])
    assert wrong.exit_code == 2 and "--stat foo" in wrong.stderr and "help" in wrong.stderr
    out = tmp_path / "rows.csv"
    args = ["simulate", "paradice", "--games", "2", "--workers", "1", "--stat",
            "storehouse.first_out", "--out", str(out), "--json"]  # fmt: skip
    assert run(args).exit_code == 0
    assert "stat_storehouse.first_out" in out.read_text().splitlines()[0]


def test_play_resumes_a_stopped_game_and_q_exits_0(tmp_path: Path) -> None:
    args = ["play", "clitoy", "--bot", "1=random", "--seed", "4", "--record-dir", str(tmp_path)]
    stopped = run(args, input="1\nq\n")
    assert stopped.exit_code == 0
    [path] = tmp_path.glob("*.json")
    assert Record.load(path).result is None
    resumed = run(["play", "clitoy", "--resume", str(path), "--record-dir", str(tmp_path)],
                  input="1\n" * 80)  # fmt: skip
    assert resumed.exit_code == 0 and "Game over" in resumed.stdout
    [finished] = [p for p in tmp_path.glob("*.json") if p != path]
    record = Record.load(finished)
    assert record.result is not None and verify(record) == record.result
    assert record.actions[: len(Record.load(path).actions)] == Record.load(path).actions
    over = run(["play", "clitoy", "--resume", str(finished)])
    assert over.exit_code == 2 and "over" in over.stderr
    other = run(["play", "puru", "--resume", str(path)])
    assert other.exit_code == 2 and "clitoy game" in other.stderr


def test_help_version_and_friendly_errors(tmp_path: Path) -> None:
    assert run(["--version"]).stdout.startswith("dicehall ")
    for args in (["-h"], ["play", "-h"], ["simulate", "--help"], ["sweep", "-h"]):
        result = run(args)
        assert result.exit_code == 0 and "Usage" in result.stdout
        assert "<bool>" not in result.stdout and "<str>" not in result.stdout
    guess = run(["play", "purru"])
    assert guess.exit_code == 2 and "did you mean 'puru'" in guess.stderr
    content = run(["simulate", "paradice", "--content", "nosuch", "--games", "1"])
    assert content.exit_code == 2 and "built-in: " in content.stderr
    bots = run(["simulate", "puru", "--bots", "genius"])
    assert "available: random, greedy" in bots.stderr and "('random'" not in bots.stderr
    hints = run(["play", "clitoy", "--hints", "--bot", "0=random", "--bot", "1=random",
                 "--record-dir", str(tmp_path)])  # fmt: skip
    assert "has no hints" in hints.stderr


def test_an_unsolved_expert_table_is_announced_before_the_solve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from dicehall import games
    from dicehall.games.puru.bots import expert

    monkeypatch.setenv("DICEHALL_CACHE_DIR", str(tmp_path))
    said: list[str] = []
    monkeypatch.setattr(expert, "duel_solution", lambda: said.append(capsys.readouterr().err))
    duel = games.make("puru")
    solves.prepare(duel, [(0, "random"), (1, "expert")])
    assert len(said) == 1 and "dicehall solve puru" in " ".join(said[0].split())
    assert "3.4 GB" in said[0]
    said.clear()
    solves.prepare(games.make("puru", players=3), [(1, "expert")])  # no table: MCTS
    solves.prepare(duel, [(0, "greedy"), (1, "random")])
    assert said == []


def test_results_paths_need_a_results_suffix(tmp_path: Path) -> None:
    with pytest.raises(DicehallError, match=r"parquet or \.csv"):
        outputs.check_results_path(tmp_path / "x.json")


def test_every_command_sums_itself_up_in_one_line() -> None:
    """The command list shows each first paragraph; a line break there cuts a sentence."""
    from dicehall.cli.main import app

    for command in app.registered_commands:
        doc = command.callback.__doc__ if command.callback else None
        assert doc, command.name
        first = doc.strip().split("\n\n")[0]
        assert "\n" not in first and first.endswith("."), (command.name, first)
