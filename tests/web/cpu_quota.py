"""Give each server process a fixed share of the CPU, as if it had cores of its own.

On a machine whose cores are shared by the server, its load generator and PostgreSQL, the
server's capacity cannot grow with its cores: a second process takes its core from the
generator, whose late reading of the replies then shows as latency. A CPU quota (Linux's
control groups, version 1 `cpu` controller, as root) gives each server process `cores` of
CPU and leaves the rest to the others, so "1 process on 0.5 core" and "2 processes on 0.5
core each" are measured on the same machine. The period is short (10 ms) so that a process
over its quota waits milliseconds, not the default 100 ms period's tens.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

from tests.web.procs import children, snapshot, subtree

CPU_ROOT = Path("/sys/fs/cgroup/cpu")
PERIOD_US = 10_000


class CpuQuota:
    """One control group per server process, each allowed `cores` of CPU."""

    def __init__(self, cores: float, name: str = "dicehall-load") -> None:
        if not (CPU_ROOT / "cgroup.procs").exists() or os.geteuid() != 0:
            raise SystemExit(f"--cores needs root and the cgroup v1 cpu controller at {CPU_ROOT}")
        if cores * PERIOD_US < 1000:  # the kernel's smallest quota is 1 ms a period
            raise SystemExit(f"--cores must be at least {1000 / PERIOD_US} (1 ms per 10 ms)")
        self.cores, self.name = cores, f"{name}-{os.getpid()}"
        self.groups: list[Path] = []

    def confine(self, root: int, workers: int) -> int:
        """Put each server process under `root` (itself with one worker, else uvicorn's
        workers, its children) with its bot workers in a group of its own. Returns how many
        groups were made; processes they start later stay in their parent's group."""
        procs = snapshot()
        processes = [root] if workers == 1 else children(root, procs)
        for i, pid in enumerate(processes):
            group = CPU_ROOT / f"{self.name}-{i}"
            group.mkdir(exist_ok=True)
            (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
            (group / "cpu.cfs_quota_us").write_text(str(int(self.cores * PERIOD_US)))
            self.groups.append(group)
            for member in subtree(pid, procs):
                with contextlib.suppress(ProcessLookupError):  # it ended meanwhile
                    (group / "cgroup.procs").write_text(str(member))
        return len(processes)

    def throttled_seconds(self) -> float:
        """How long the kernel held the groups back for being over quota, in all."""
        total = 0
        for group in self.groups:
            for line in (group / "cpu.stat").read_text().splitlines():
                key, value = line.split()
                total += int(value) if key == "throttled_time" else 0
        return total / 1e9

    def remove(self, wait: float = 10.0) -> None:
        """Remove the groups, once their processes have ended or gone back to the root group
        (a process still exiting keeps its group busy for a moment)."""
        end = time.monotonic() + wait
        for group in self.groups:
            while True:
                for pid in (group / "cgroup.procs").read_text().split():
                    with contextlib.suppress(OSError):  # it ended, or is a zombie
                        (CPU_ROOT / "cgroup.procs").write_text(pid)
                try:
                    group.rmdir()
                    break
                except OSError:
                    if time.monotonic() > end:
                        raise
                    time.sleep(0.2)
        self.groups = []
