"""`dicehall bench --compare REV`: both versions timed by the same loop, the worktree removed."""

from __future__ import annotations

import subprocess

import pytest
from rich.console import Console

from dicehall.cli.tables import compare_table
from dicehall.core import DicehallError
from dicehall.sim.compare import Comparison, Side, compare, run_worker, source_root
from tests.cli.helpers import run


def _worktrees() -> str:
    root = source_root().parent
    return subprocess.run(
        ["git", "-C", str(root), "worktree", "list"], capture_output=True, text=True, check=True
    ).stdout


def test_worker_plays_whole_games_with_the_given_source() -> None:
    out = run_worker(source_root(), "puru", {}, 0.0, 3, False)
    assert out["games"] >= 1 and out["actions"] >= out["games"]
    assert out["where"].startswith(str(source_root()))


def test_compare_times_both_versions_and_removes_its_worktree() -> None:
    before = _worktrees()
    results = compare("HEAD", {"puru": {}}, seconds=0.0, runs=2)
    assert [r.game for r in results] == ["puru"]
    for side in (results[0].base, results[0].head):
        assert len(side.actions_per_s) == 2 and min(side.actions_per_s) > 0
    assert results[0].speedup() is not None
    assert _worktrees() == before
    assert "HEAD" in str(compare_table(results, "HEAD", 0.0, 2).title)


def test_the_comparison_fits_an_80_column_terminal_with_every_figure_whole() -> None:
    jelly = Comparison(
        "jelly",
        {"mode": "tick"},
        Side([29_363.0], [10.0], [123.0]),
        Side([89_230.0], [30.0], [276.0]),
    )
    puru = Comparison("puru", {}, Side([569_908.0], [9.0], [29_080.0]),
                      Side([561_752.0], [9.0], [28_693.0]))  # fmt: skip
    console = Console(record=True, width=80)
    console.print(compare_table([jelly, puru], "bf464fb", 1.0, 5))
    text = console.export_text()
    assert "…" not in text
    for figure in ("29,363", "89,230", "3.04×", "276", "2.24×", "569,908", "0.99×", "mode=tick"):
        assert figure in text


def test_an_unknown_revision_is_a_clear_error() -> None:
    with pytest.raises(DicehallError, match="cannot check out"):
        compare("no-such-revision-xyz", {"puru": {}}, seconds=0.0, runs=1)
    result = run(["bench", "puru", "--compare", "no-such-revision-xyz"])
    assert result.exit_code == 2 and "no-such-revision-xyz" in result.output


def test_a_game_one_version_cannot_run_is_skipped_with_its_reason_when_asked() -> None:
    """`dicehall bench --compare REV` with no games named times every installed game; one that
    REV lacks (a plugin installed since) is left out with a note instead of ending the run."""
    told: list[tuple[str, str]] = []
    games = {"no-such-game": {}, "puru": {}}
    results = compare("HEAD", games, seconds=0.0, runs=2, skip=lambda g, why: told.append((g, why)))
    assert [r.game for r in results] == ["puru"] and len(results[0].head.actions_per_s) == 2
    assert [g for g, _ in told] == ["no-such-game"] and "unknown game" in told[0][1]
    with pytest.raises(DicehallError, match="unknown game"):
        compare("HEAD", games, seconds=0.0, runs=1)
