"""`rate`, `report`, `simulate --out/--ray/--workers` and bench's MCTS column."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.helpers import run


def test_rate_json_has_ratings_and_matrix() -> None:
    result = run(["rate", "puru", "--bots", "random,greedy", "--games", "4", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data["ratings"]) == {"random", "greedy"}
    for r in data["ratings"].values():
        assert set(r) == {"mu", "sigma", "ordinal"}
    cell = data["matrix"]["greedy"]["random"]
    assert cell["games"] == 4 and len(cell["ci95"]) == 2 and 0 <= cell["rate"] <= 1


def test_rate_stores_reference_ratings_with_the_command_that_made_them(tmp_path: Path) -> None:
    file = tmp_path / "ratings.json"
    file.write_text(json.dumps({"paradice": {"kept": True}}))
    args = ["rate", "puru", "--bots", "random,greedy", "--games", "2", "-p", "full=true"]
    result = run([*args, "--players", "2", "--reference", str(file)])
    assert result.exit_code == 0, result.output
    stored = json.loads(file.read_text())
    assert stored["paradice"] == {"kept": True}  # other games' entries stay
    puru = stored["puru"]
    assert puru["command"] == (
        "dicehall rate puru --bots random,greedy --games 2 --players 2 -p full=true --seed 0"
    )
    assert puru["params"]["full"] is True and puru["games"] >= 2
    assert set(puru["ratings"]) == {"random", "greedy"}


def test_rate_prints_tables_and_accepts_budgets() -> None:
    result = run(["rate", "puru", "--bots", "random,mcts:2", "--games", "2", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "openskill" in result.stdout and "mcts:2" in result.stdout and "ordinal" in result.stdout


def test_rate_rejects_unknown_bots_and_too_few() -> None:
    assert "no bot level 'genius'" in run(["rate", "puru", "--bots", "random,genius"]).stderr
    for extra in (["--players", "3"], []):  # Jelly Monster needs 3 players, so 3 bots
        result = run(["rate", "jelly", "--bots", "random,greedy", *extra])
        assert result.exit_code == 2 and "at least 3 bots" in result.stderr


def test_simulate_out_then_report(tmp_path: Path) -> None:
    out = tmp_path / "games.parquet"
    result = run(["simulate", "clitoy", "--games", "6", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "report"
    result = run(["report", str(out), "--out", str(folder)])
    assert result.exit_code == 0, result.output
    assert (folder / "index.html").is_file() and (folder / "clitoy-seats.png").is_file()


def test_report_of_a_missing_file_is_one_red_line(tmp_path: Path) -> None:
    result = run(["report", str(tmp_path / "nope.csv")])
    assert result.exit_code == 2 and result.stderr.startswith("error:")


def test_simulate_takes_mcts_budgets() -> None:
    args = ["simulate", "puru", "--bots", "mcts:2,greedy", "--games", "2", "--json"]
    result = run(args)
    assert result.exit_code == 0, result.output
    assert [s["bot"] for s in json.loads(result.stdout)["seats"]] == ["mcts:2", "greedy"]


def test_bench_reports_mcts_iterations() -> None:
    result = run(["bench", "puru", "--seconds", "0.05", "--runs", "1"])
    assert result.exit_code == 0, result.output
    assert "MCTS iter/s" in result.stdout
