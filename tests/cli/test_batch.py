"""`--batch` of `bench`, `fuzz` and `simulate`: the batched engines from the command line."""

from __future__ import annotations

import json
from pathlib import Path

from dicehall.sim import results
from tests.cli.helpers import run


def test_bench_batch_prints_both_engines_rates_as_json() -> None:
    result = run(["bench", "pig", "--batch", "64", "--seconds", "0.05", "--runs", "2", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["game"] == "pig" and out["batch"] == 64 and out["runs"] == 2
    assert out["scalar_actions_per_cpu_s"] > 0 and out["batch_actions_per_cpu_s"] > 0
    assert len(out["scalar_runs"]) == len(out["batch_runs"]) == 2


def test_bench_batch_refuses_what_it_cannot_time() -> None:
    for args, message in (
        (["bench", "jelly", "--batch", "8"], "no batched form"),
        (["bench", "pig", "--batch", "0"], "--batch must be"),
        (["bench", "pig", "--json"], "--json goes with --batch"),
        (["bench", "puru", "--batch", "8", "--param", "full=true"], "Full game"),
    ):
        result = run(args)
        assert result.exit_code == 2 and message in result.output, (args, result.output)


def test_fuzz_batch_checks_both_ways_and_the_distributions() -> None:
    result = run(["fuzz", "pig", "--batch", "--games", "20", "--json"])
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)["results"]
    names = {c["check"] for r in found for c in r["checks"]}
    assert names == {"batch -> rules engine", "rules engine -> batch", "distributions"}
    assert all(c["failed"] == 0 and c["games"] >= 20 for r in found for c in r["checks"])


def test_fuzz_batch_of_a_game_without_one_fails_clearly() -> None:
    result = run(["fuzz", "jelly", "--batch"])
    assert result.exit_code == 2 and "no batched form" in result.output


def test_simulate_batch_gives_simulates_summary_and_rows(tmp_path: Path) -> None:
    out = tmp_path / "rows.csv"
    args = ["simulate", "puru", "--batch", "32", "--games", "50", "--json", "--out", str(out)]
    result = run(args)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    plain = json.loads(run(["simulate", "puru", "--games", "2", "--workers", "1", "--json"]).stdout)
    assert set(summary) == set(plain) and summary["games"] == 50
    rows = results.load([out])
    assert len(rows) == 100 and set(rows.columns) >= {"seat", "bot", "win", "score"}


def test_simulate_batch_refuses_other_bots_and_options() -> None:
    for args, message in (
        (["simulate", "pig", "--batch", "8", "--bots", "expert,random"], "no batched expert"),
        (["simulate", "puru", "--batch", "8", "--stat", "dice"], "--batch does not go with"),
        (["simulate", "jelly", "--batch", "8"], "no batched form"),
    ):
        result = run(args)
        assert result.exit_code == 2 and message in result.output, (args, result.output)


def test_simulate_batch_plays_purrramids_greedy_bot() -> None:
    args = ["simulate", "purrramid", "--batch", "8", "--games", "8", "--bots", "greedy,random"]
    result = run([*args, "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert [seat["bot"] for seat in summary["seats"]] == ["greedy", "random"]
    assert summary["games"] == 8
