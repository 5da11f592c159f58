"""Results files (one row per game and seat), reports, and the Ray backend."""

from __future__ import annotations

from pathlib import Path

import pytest

from dicehall.core import DicehallError
from dicehall.sim import report, results
from dicehall.sim.simulate import simulate


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
def test_rows_round_trip_through_a_file(tmp_path: Path, suffix: str) -> None:
    summary = simulate("clitoy", {"players": 3}, ("random",) * 3, 5, seed=4)
    rows = results.rows(summary)
    assert len(rows) == 15
    assert [r["seed"] for r in rows[:3]] == [4, 4, 4] and rows[3]["seed"] == 5
    first = summary.outcomes[0]
    assert [r["win"] for r in rows[:3]] == [s in first.winners for s in range(3)]
    assert [r["rank"] for r in rows[:3]] == list(first.ranks)
    path = results.save(rows, tmp_path / f"out{suffix}")
    frame = results.load([path])
    assert len(frame) == 15 and list(frame.columns) == [*results.COLUMNS, "source"]
    assert frame["length"].tolist() == [r["length"] for r in rows]


def test_bad_result_files_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(DicehallError, match=r"\.parquet or \.csv"):
        results.save([], tmp_path / "out.txt")
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n")
    with pytest.raises(DicehallError, match="not dicehall results"):
        results.load([other])


def test_report_draws_plots_and_a_page(tmp_path: Path) -> None:
    rows = []
    for target in (10, 20):
        summary = simulate("clitoy", {"target": target}, ("random", "random"), 8)
        rows += results.rows(summary)
    page = report.write_report(results.load([results.save(rows, tmp_path / "r.csv")]), tmp_path)
    html = page.read_text()
    for name in ("clitoy-scores.png", "clitoy-length.png", "clitoy-seats.png"):
        assert (tmp_path / name).stat().st_size > 1000
        assert name in html
    assert "target=10" in html and "target=20" in html
    seats = report.seat_table(results.load([tmp_path / "r.csv"]))
    assert [(s["variant"].split(", ")[-1], s["seat"]) for s in seats][:2] == [
        ("target=10", 0),
        ("target=10", 1),
    ]


def test_local_ray_gives_the_serial_results() -> None:
    pytest.importorskip("ray")
    serial = simulate("clitoy", {}, ("random", "random"), 12, seed=2)
    on_ray = simulate("clitoy", {}, ("random", "random"), 12, seed=2, ray_address="local")
    assert on_ray.outcomes == serial.outcomes
