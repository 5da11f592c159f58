"""Progress bars for long work, always on stderr (stdout may carry JSON).

Work finishes in bursts (a pool's workers hand back their chunks of games at about the same
moment), so the time left is estimated from the average pace since the start, not from the
last seconds' pace as rich's own column does (a burst of 16 chunks in one second once showed
2 minutes left for 30 minutes of work).

Where stderr is not a terminal (a log file, a pipe) the bar cannot redraw itself, so a plain line
tells the count, the time spent and the time left: at the first item finished after the first
second (a quick run prints none), then at most every `LINE_EVERY_S` seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from dicehall.cli.common import error_console

START = "already_done"  # the task field holding the items already done when the bar began (resumed)
LINE_EVERY_S = 10.0
QUIET_S = 1.0  # a run shorter than this prints no plain line


def seconds_left(task: Task) -> float | None:
    """The time left at the average pace since the bar began; None before anything finished."""
    elapsed = task.elapsed
    total = task.total
    done_here = task.completed - float(task.fields.get(START, 0))
    if not elapsed or total is None or done_here <= 0:
        return None
    return max(0.0, (total - task.completed) * elapsed / done_here)


def _clock(seconds: float | None) -> str:
    return "-:--:--" if seconds is None else str(timedelta(seconds=round(seconds)))


class AverageTimeRemainingColumn(ProgressColumn):
    """Time left at the run's average pace (`-:--:--` until the first item finishes)."""

    def render(self, task: Task) -> Text:
        return Text(_clock(0.0 if task.finished else seconds_left(task)), "progress.remaining")


@contextmanager
def progress_bar(
    label: str, total: int | None, already: int = 0
) -> Iterator[Callable[[int], None]]:
    """A bar with count and time left; yields `advance(done)` (items finished so far).

    `already`: items done before this run (a resumed one), not counted in its pace.
    """
    columns = (
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("elapsed"),
        TimeElapsedColumn(),
        TextColumn("left"),
        AverageTimeRemainingColumn(),
    )
    console = error_console()
    with Progress(*columns, console=console, transient=True) as progress:
        task_id = progress.add_task(label, total=total, completed=already, already_done=already)
        began = time.monotonic()
        printed = [began - LINE_EVERY_S]  # when the last plain line was printed

        def advance(done: int) -> None:
            progress.update(task_id, completed=done)
            now = time.monotonic()
            if console.is_terminal or now - began < QUIET_S or now - printed[0] < LINE_EVERY_S:
                return
            printed[0] = now
            task = progress.tasks[0]
            line = f"{label}: {done}/{total if total is not None else '?'}, elapsed "
            line += f"{_clock(task.elapsed)}, left {_clock(seconds_left(task))}"
            console.print(line, markup=False, highlight=False, soft_wrap=True)

        yield advance
