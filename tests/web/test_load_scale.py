"""The scale-out load script (tests/web/load_scale.py) runs, tiny: 1 and 2 server processes
on PostgreSQL under the same load, every move answered, CPU per action measured. Its figures
are printed, never asserted (docs/reliability.md has the full runs)."""

from __future__ import annotations

import os

import pytest

from tests.web.load_scale import measure
from tests.web.procs import tree_cpu_seconds


def test_the_cpu_of_a_process_tree_counts_its_children() -> None:
    before = tree_cpu_seconds(os.getppid())  # this process is in its parent's tree
    sum(i * i for i in range(2_000_000))  # some CPU of its own
    assert tree_cpu_seconds(os.getppid()) > before


@pytest.mark.slow
def test_load_with_one_and_two_processes_measures_cpu_per_action() -> None:
    rows = measure([1, 2], [2], seconds=4.0, src=None, think=0.1)
    assert [r["workers"] for r in rows] == [1, 2]
    for row in rows:
        assert row["errors"] == 0, row["first_errors"]
        assert row["acked"] == row["sent"] > 0  # every move the people sent was acknowledged
        assert row["server_cpu_ms_per_action"] is not None
        assert row["server_cpu_ms_per_action"] > 0
