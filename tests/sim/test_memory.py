"""`python -m dicehall.sim.memory`: RSS after each checkpoint of random games."""

from __future__ import annotations

from dicehall.sim.memory import main, measure, rss_bytes


def test_measure_reports_each_checkpoint() -> None:
    found = measure("puru", {}, [3, 1])
    assert sorted(found) == [1, 3]
    assert all(size > 1_000_000 for size, _ in found.values())  # a Python process is megabytes
    assert all(blocks > 10_000 for _, blocks in found.values())  # and many objects
    assert rss_bytes() > 1_000_000


def test_main_prints_a_row_per_game(capsys) -> None:  # type: ignore[no-untyped-def]
    main(["puru", "--games", "4", "--check", "2"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].split()[0] == "game" and lines[1].split()[0] == "puru"
    assert lines[0].split()[-2:] == ["blocks", "ratio"]
    assert float(lines[1].split()[-2]) > 0 and float(lines[1].split()[-1]) > 0
