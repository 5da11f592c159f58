"""Progress bars for long work, always on stderr (stdout may carry JSON)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from dicehall.cli.common import error_console


@contextmanager
def progress_bar(label: str, total: int | None) -> Iterator[Callable[[int], None]]:
    """A bar with count and time left; yields `advance(done)` (items finished so far)."""
    columns = (
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("elapsed"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=error_console(), transient=True) as progress:
        task = progress.add_task(label, total=total)

        def advance(done: int) -> None:
            progress.update(task, completed=done)

        yield advance
