"""`sweep` (a grid of params, one tidy Parquet) and `report` grouping by game and line-up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from dicehall.sim import pool, report, results
from tests.cli.helpers import run


def test_sweep_runs_a_2x2_grid_into_one_row_per_game_and_seat(tmp_path: Path) -> None:
    out = tmp_path / "sweep.parquet"
    args = ["sweep", "puru", "--grid", "players=2,3", "--grid", "full=false,true",
            "--bots", "greedy", "--games", "4", "--workers", "1", "--out", str(out), "--json",
            "--by", "players_character"]  # fmt: skip
    result = run(args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [c["cell"] for c in data["cells"]] == [
        "players=2, full=false", "players=2, full=true",
        "players=3, full=false", "players=3, full=true",
    ]  # fmt: skip
    frame = pd.read_parquet(out)
    assert len(frame) == 4 * (2 + 2 + 3 + 3)
    assert not frame.duplicated(["cell", "seed", "seat"]).any()
    assert set(frame["param_players"]) == {2, 3} and set(frame["param_full"]) == {False, True}
    assert {"final_players_love", "final_players_jelly", "win", "length"} <= set(frame.columns)
    full = frame[frame["param_full"]]
    assert full["final_players_character"].notna().all()
    for cell in data["cells"]:  # what the report says agrees with the rows
        rows = frame[frame["cell"] == cell["cell"]]
        seat0 = rows[rows["seat"] == 0]["win"].mean()
        assert cell["seats"][0]["win_rate"] == pytest.approx(seat0)
        assert cell["fpa"] == pytest.approx(seat0 - rows["win"].mean())
        lo, hi = cell["fpa_ci95"]
        assert lo <= cell["fpa"] <= hi
    assert data["cells"][0]["fpa_vs_first"] is None and data["cells"][1]["fpa_vs_first"] is not None
    characters = {r["value"] for r in data["by"]["players_character"]}
    assert characters and None not in characters


def test_sweep_prints_tables_and_rejects_bad_grids(tmp_path: Path) -> None:
    out = tmp_path / "s.csv"
    args = ["sweep", "clitoy", "--grid", "target=5,8", "--games", "3", "--workers", "1",
            "--out", str(out)]  # fmt: skip
    result = run(args)
    assert result.exit_code == 0, result.output
    assert "first-player advantage" in result.stdout and "target=8" in result.stdout
    for bad, says in (
        (["--grid", "nosuch=1,2"], "no param 'nosuch'"),
        (["--grid", "players"], "NAME=V1,V2"),
        (["--grid", "target=5", "--grid", "target=6"], "given twice"),
        (["--grid", "players=2,99"], "players"),
    ):
        result = run(["sweep", "clitoy", "--games", "2", "--out", str(out), *bad])
        assert result.exit_code == 2 and says in result.stderr, (bad, result.stderr)


def test_report_over_two_games_and_two_line_ups_keeps_them_apart(tmp_path: Path) -> None:
    """Before, `report puru.parquet pm.parquet` pooled Puru and Purrramid into one row."""
    files = []
    for name, game, bots in (("a", "puru", "greedy,random"), ("b", "puru", "random,random"),
                             ("c", "purrramid", "greedy,greedy")):  # fmt: skip
        path = tmp_path / f"{name}.parquet"
        args = ["simulate", game, "--games", "3", "--bots", bots, "--workers", "1",
                "--out", str(path), "--json"]  # fmt: skip
        assert run(args).exit_code == 0
        files.append(str(path))
    folder = tmp_path / "report"
    result = run(["report", *files, "--out", str(folder)])
    assert result.exit_code == 0, result.output
    seats = report.seat_table(report.with_lineups(results.load([Path(f) for f in files])))
    groups = {(r["game"], r["lineup"]) for r in seats}
    assert groups == {("puru", "greedy, random"), ("puru", "random x2"),
                      ("purrramid", "greedy x2")}  # fmt: skip
    assert all(r["games"] == 3 for r in seats)
    page = (folder / "index.html").read_text()
    assert "<h2>puru</h2>" in page and "<h2>purrramid</h2>" in page
    for game in ("puru", "purrramid"):
        assert (folder / f"{game}-seats.png").stat().st_size > 1000
    assert "purrramid" in result.stdout and "random x2" in result.stdout


def test_report_of_a_missing_file_names_it(tmp_path: Path) -> None:
    result = run(["report", str(tmp_path / "nosuch.parquet"), "--out", str(tmp_path / "r")])
    assert result.exit_code == 2 and "no such results file" in result.stderr


def test_sweep_on_ray_gives_the_rows_of_the_local_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sweep --ray` runs each cell's games as Ray tasks (a one-CPU local runtime here): the
    Parquet rows and the report are those of the same sweep in this process."""
    ray = pytest.importorskip("ray")
    on_ray: list[int] = []
    run_ray = pool._run_ray

    def counted(jobs: Any, address: str, done: Any) -> None:
        on_ray.append(len(jobs))
        run_ray(jobs, address, done)

    monkeypatch.setattr(pool, "_run_ray", counted)
    grid = ["sweep", "puru", "--grid", "players=2,3", "--grid", "full=false,true",
            "--bots", "random", "--games", "3", "--seed", "4", "--json"]  # fmt: skip
    local = run([*grid, "--workers", "1", "--out", str(tmp_path / "local.parquet")])
    assert local.exit_code == 0, local.output
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        remote = run([*grid, "--ray", "--out", str(tmp_path / "ray.parquet")])
    finally:
        ray.shutdown()
    assert remote.exit_code == 0, remote.output
    assert on_ray and sum(on_ray) >= 4  # at least a task per cell
    keys = ["cell", "seed", "seat"]
    frames = [
        pd.read_parquet(tmp_path / name).sort_values(keys).reset_index(drop=True)
        for name in ("local.parquet", "ray.parquet")
    ]
    assert len(frames[0]) == 3 * (2 + 2 + 3 + 3)
    pd.testing.assert_frame_equal(frames[0], frames[1])
    cells = [json.loads(r.stdout)["cells"] for r in (local, remote)]
    assert cells[0] == cells[1]
