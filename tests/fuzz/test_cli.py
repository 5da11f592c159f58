"""`dicehall fuzz`: the table, the JSON, the exit codes."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dicehall.sim import fuzz
from tests.cli.helpers import run


def test_fuzz_one_game_prints_a_row_per_variant() -> None:
    result = run(["fuzz", "puru", "--games", "2", "--seed", "3"])
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if line.startswith("│ puru")]
    assert len(rows) == len(fuzz.configs("puru"))
    assert "violations" in result.output


def test_fuzz_json_counts_games_actions_and_probes() -> None:
    result = run(["fuzz", "jelly", "--games", "1", "--json", "--probe-rate", "0.05"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [r["params"] for r in data["results"]] == list(fuzz.configs("jelly"))
    for row in data["results"]:
        assert row["games"] == 1 and row["violations"] == []
        assert row["actions"] > 0 and row["illegal_probes"] > 0 and row["hidden_probes"] > 0


def test_fuzz_unknown_game_is_a_clear_error() -> None:
    result = run(["fuzz", "nosuchgame"])
    assert result.exit_code == 2
    assert "unknown game" in result.output


def test_fuzz_exits_1_and_lists_the_violations(monkeypatch: pytest.MonkeyPatch) -> None:
    def planted(game_id: str, params: dict[str, Any], n: int, seed: int, *rates: float) -> Any:
        stats = fuzz.FuzzStats(game_id, params, games=n)
        stats.violations.append(fuzz.Violation(game_id, params, 9, 4, "planted fault"))
        return stats

    monkeypatch.setattr(fuzz, "fuzz", planted)
    result = run(["fuzz", "paradice", "--games", "1"])
    assert result.exit_code == 1
    assert "seed 9 step 4: planted fault" in result.output
