"""The load tool's CPU quota holds back the processes it is given, and only those."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from tests.web.cpu_quota import CPU_ROOT, CpuQuota
from tests.web.procs import subtree

SPIN = "import os, time\nos.fork()\nend = time.time() + 30\nwhile time.time() < end: pass\n"

needs_cgroup = pytest.mark.skipif(
    os.geteuid() != 0 or not (CPU_ROOT / "cgroup.procs").exists(),
    reason="CPU quotas need root and the cgroup v1 cpu controller (the load tool says so too)",
)


@needs_cgroup
def test_a_process_and_its_children_are_held_to_their_quota() -> None:
    spinner = subprocess.Popen([sys.executable, "-c", SPIN])
    quota = CpuQuota(0.1, name="dicehall-test")
    try:
        time.sleep(0.3)  # it has forked its child
        family = subtree(spinner.pid)
        assert len(family) == 2
        assert quota.confine(spinner.pid, workers=1) == 1
        (group,) = quota.groups
        assert sorted(int(p) for p in (group / "cgroup.procs").read_text().split()) == sorted(
            family
        )
        assert (group / "cpu.cfs_quota_us").read_text().strip() == "1000"
        deadline = time.monotonic() + 20
        while quota.throttled_seconds() == 0 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert quota.throttled_seconds() > 0  # two spinning processes on 10% of a core
    finally:
        for pid in subtree(spinner.pid)[::-1]:
            os.kill(pid, 9)
        spinner.wait()
        quota.remove()
    assert not group.exists()


@needs_cgroup
def test_with_several_workers_each_of_the_supervisors_children_gets_a_group() -> None:
    spinner = subprocess.Popen([sys.executable, "-c", SPIN])
    quota = CpuQuota(0.5, name="dicehall-test")
    try:
        time.sleep(0.3)
        assert quota.confine(spinner.pid, workers=2) == 1  # the one child it forked
        (child,) = subtree(spinner.pid)[1:]
        assert (quota.groups[0] / "cgroup.procs").read_text().split() == [str(child)]
        root_members = (CPU_ROOT / "cgroup.procs").read_text().split()
        assert str(spinner.pid) in root_members  # the supervisor itself is not held back
    finally:
        for pid in subtree(spinner.pid)[::-1]:
            os.kill(pid, 9)
        spinner.wait()
        quota.remove()
