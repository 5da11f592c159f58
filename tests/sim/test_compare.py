"""`dicehall bench --compare REV`: both versions timed by the same loop, the worktree removed."""

from __future__ import annotations

import subprocess

import pytest

from dicehall.cli.tables import compare_table
from dicehall.core import DicehallError
from dicehall.sim.compare import compare, run_worker, source_root
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
    text = str(compare_table(results, "HEAD", 0.0, 2).title)
    assert "HEAD" in text


def test_an_unknown_revision_is_a_clear_error() -> None:
    with pytest.raises(DicehallError, match="cannot check out"):
        compare("no-such-revision-xyz", {"puru": {}}, seconds=0.0, runs=1)
    result = run(["bench", "puru", "--compare", "no-such-revision-xyz"])
    assert result.exit_code == 2 and "no-such-revision-xyz" in result.output
