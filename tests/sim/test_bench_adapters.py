"""`dicehall bench --adapters`: each interface timed by the same worker, shown next to the rules."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from dicehall.cli.bench_adapters import adapters_table
from dicehall.core import DicehallError
from dicehall.sim.bench_adapters import (
    KINDS,
    YARDSTICK,
    Rates,
    has_yardstick,
    measure,
    run_worker,
)
from dicehall.sim.compare import source_root


def _text(table: object, width: int = 200) -> str:
    console = Console(record=True, width=width)
    console.print(table)
    return console.export_text()


def test_the_worker_plays_each_interface() -> None:
    pytest.importorskip("pettingzoo")
    for kind in KINDS:
        assert run_worker(source_root(), kind, "puru", {}, 0.0, 1) > 0
    if has_yardstick():
        assert run_worker(source_root(), YARDSTICK, "", {}, 0.0, 1) > 0


def test_the_table_gives_each_interface_as_a_share_of_the_engine() -> None:
    rates = Rates()
    for version, scale in (("base", 1.0), ("head", 2.0)):
        for kind, rate in zip(KINDS, (1000.0, 250.0, 500.0, 400.0), strict=True):
            rates.add(version, "puru", kind, rate * scale)
    rates.add("head", YARDSTICK, "aec", 300.0)
    text = _text(adapters_table(rates, ["puru"], "r1", 1.0, 1))
    rows = {}
    for line in text.splitlines():
        cells = re.split(r"\s{2,}", line.strip())
        if len(cells) > 3:
            rows[cells[0], cells[1]] = line
    assert "25%" in rows["puru", "PettingZoo AEC"] and "2.00×" in rows["puru", "PettingZoo AEC"]
    assert "50%" in rows["puru", "Gymnasium"] and "40%" in rows["puru", "OpenSpiel"]
    assert "300" in rows[YARDSTICK, "PettingZoo AEC"]
    plain = _text(adapters_table(rates, ["puru"], None, 1.0, 1))
    assert "2,000" in plain and "r1" not in plain and YARDSTICK in plain
    narrow = _text(adapters_table(rates, ["puru"], "r1", 1.0, 1), width=80)
    assert "…" not in narrow and "2.00×" in narrow and "25%" in narrow  # 80 columns: whole


def test_a_game_one_version_cannot_run_is_skipped_with_its_reason_when_asked() -> None:
    """`dicehall bench --adapters --compare REV` with no games named times every installed
    game; one that cannot run (REV lacks it, or a plugin installed since) is left out with a
    note instead of ending the run, and none of its figures stay behind."""
    pytest.importorskip("pettingzoo")
    told: list[tuple[str, str]] = []
    games: dict[str, dict[str, object]] = {"no-such-game": {}, "puru": {}}
    rates = measure(games, seconds=0.0, runs=1, skip=lambda g, why: told.append((g, why)))
    assert rates.games == ["puru"]
    assert [g for g, _ in told] == ["no-such-game"] and "unknown game" in told[0][1]
    assert not [key for key in rates.runs if key[1] == "no-such-game"]
    assert rates.median("head", "puru", "engine") is not None
    with pytest.raises(DicehallError, match="unknown game"):
        measure(games, seconds=0.0, runs=1)
