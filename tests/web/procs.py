"""Processes, read from Linux's /proc in one pass: whose child each is, and its CPU time."""

from __future__ import annotations

import os
from pathlib import Path


def snapshot() -> dict[int, tuple[int, float]]:
    """Every process: its parent, and its user + system CPU seconds with those of its
    finished children."""
    tick = os.sysconf("SC_CLK_TCK")
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # it ended meanwhile
            continue
        cpu = sum(int(f) for f in fields[11:15]) / tick  # utime stime cutime cstime
        found[int(entry.name)] = (int(fields[1]), cpu)
    return found


def children(pid: int, procs: dict[int, tuple[int, float]] | None = None) -> list[int]:
    """The direct children of `pid`."""
    procs = snapshot() if procs is None else procs
    return [child for child, (parent, _) in procs.items() if parent == pid]


def subtree(pid: int, procs: dict[int, tuple[int, float]] | None = None) -> list[int]:
    """`pid` and every process under it, parents before their children."""
    procs = snapshot() if procs is None else procs
    out, todo = [], [pid]
    while todo:
        here = todo.pop(0)
        out.append(here)
        todo += children(here, procs)
    return out


def tree_cpu_seconds(root: int) -> float:
    """User + system CPU of `root` and every process under it, with their finished children."""
    procs = snapshot()
    return sum(procs[pid][1] for pid in subtree(root, procs) if pid in procs)
