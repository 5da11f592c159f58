"""`dicehall review RECORD`: tables, graph and JSON; estimates are labelled; bad input is one
red line and exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dicehall import games
from dicehall.bots import make_bot
from dicehall.cli.main import app
from dicehall.engine.match import Match
from dicehall.engine.record import Record
from tests.cli.helpers import run


def _record(tmp_path: Path, game_id: str, levels: tuple[str, ...], finish: bool = True,
            **params: object) -> Path:  # fmt: skip
    game = games.make(game_id, **params)
    seats = range(len(levels)) if finish else range(1)
    match = Match(game, 7, bots={s: make_bot(levels[s], game, s) for s in seats})
    match.run_bots()
    path = tmp_path / f"{game_id}.json"
    Record.of(match).save(path)
    return path


@pytest.fixture
def empty_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DICEHALL_CACHE_DIR", str(tmp_path / "cache"))


def test_a_duel_without_its_table_is_estimated_and_says_so(
    tmp_path: Path, empty_cache: None
) -> None:
    path = _record(tmp_path, "puru", ("greedy", "random"))
    result = run(["review", str(path), "--json", "--rollouts", "2", "--moves", "2"])
    assert result.exit_code == 0, result.output
    review = json.loads(result.output)
    assert review["exact"] is False and review["method"].startswith("estimate")
    assert any("dicehall solve puru" in note for note in review["notes"])
    assert not (tmp_path / "cache").exists() or not list((tmp_path / "cache").glob("*.npy"))
    decisions = [s for s in review["steps"] if s["kind"] == "decision"]
    assert decisions and all(s["loss_se"] is not None for s in decisions)
    assert len(review["curve"]) == len(review["steps"]) + 1

    text = run(["review", str(path), "--rollouts", "2", "--moves", "2"])
    assert text.exit_code == 0
    assert "ESTIMATE" in text.output and "EXACT" not in text.output
    assert "chance to win over the game" in text.output
    assert "start + luck + own decisions" in text.output


def test_purrramid_decisions_carry_exact_turn_points(tmp_path: Path) -> None:
    """Within a turn, stop/continue and placements are scored in expected turn points."""
    path = _record(tmp_path, "purrramid", ("expert", "greedy"))
    result = run(["review", str(path), "--json", "--rollouts", "2"])
    review = json.loads(result.output)
    assert review["exact"] is False and review["exact_unit"].startswith("expected turn points")
    notes = [s["exact_note"] for s in review["steps"] if s["kind"] == "decision"]
    assert any(n is not None for n in notes)
    assert all(n["loss"] >= -1e-9 and n["best"] >= n["made"] - 1e-9 for n in notes if n)
    assert review["summaries"][0]["exact_total"]["loss"] >= 0


@pytest.mark.parametrize(
    ("content", "message"),
    [("{", "not valid JSON"), ('{"format": "x"}', "not a dicehall record")],
)
def test_a_bad_record_is_one_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = run(["review", str(path)])
    assert result.exit_code == 2 and message in result.output


def test_an_unfinished_match_is_refused(tmp_path: Path) -> None:
    path = _record(tmp_path, "puru", ("greedy", "greedy"), finish=False)
    result = run(["review", str(path)])
    assert result.exit_code == 2 and "only a finished match" in result.output


@pytest.mark.parametrize(("game_id", "levels"), [("purrramid", ("expert", "greedy")),
                                                   ("puru", ("greedy",) * 5)])  # fmt: skip
def test_the_review_fits_an_80_column_terminal_without_cutting_a_figure(
    tmp_path: Path, game_id: str, levels: tuple[str, ...]
) -> None:
    """Designers read reviews in ordinary terminals: every line fits in 80 columns, no cell
    is cut short ("…"), and each decision's chance before it shows whole."""
    path = _record(tmp_path, game_id, levels, players=len(levels))
    narrow = {"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"}
    args = ["review", str(path), "--rollouts", "2", "--moves", "2"]
    text = CliRunner(env=narrow).invoke(app, args, catch_exceptions=False).output
    review = json.loads(run([*args, "--json"]).output)
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "…" not in text
    rows = [line.split() for line in text.splitlines()]
    before = {(r[0], r[1], r[2]) for r in rows if len(r) >= 3}
    for step in review["steps"]:
        if step["kind"] == "decision" and step["made"] is not None:
            chance = 100 * step["before"]["mean"][step["seat"]]
            assert (str(step["index"]), str(step["seat"]), f"{chance:.1f}%") in before
