"""The time left of a long run follows its average pace, even when work finishes in bursts.

A pool of workers hands back its chunks of games at about the same moment; rich's own estimate,
from the last seconds' pace, then showed 2 minutes left for 30 minutes of work.
"""

from __future__ import annotations

from rich.progress import Progress

from dicehall.cli.progress import AverageTimeRemainingColumn, seconds_left


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_of_finished_chunks_does_not_shrink_the_time_left() -> None:
    clock = Clock()
    progress = Progress(AverageTimeRemainingColumn(), get_time=clock, auto_refresh=False)
    task_id = progress.add_task("games", total=30_000, already_done=0)
    progress.start_task(task_id)
    # 16 workers hand back 200 games each, all within one second, after 60 seconds
    clock.now = 60.0
    for chunk in range(1, 17):
        clock.now += 0.05
        progress.update(task_id, completed=200 * chunk)
    task = progress.tasks[0]
    # 3200 games in 60.8 s: 26,800 games left take about 509 s, not a few seconds
    left = seconds_left(task)
    assert left is not None and 500 < left < 520
    assert str(AverageTimeRemainingColumn().render(task)) == "0:08:29"


def test_a_resumed_run_counts_only_its_own_games_in_its_pace() -> None:
    clock = Clock()
    progress = Progress(get_time=clock, auto_refresh=False)
    task_id = progress.add_task("games", total=1000, completed=900, already_done=900)
    progress.start_task(task_id)
    assert seconds_left(progress.tasks[0]) is None  # nothing played yet in this run
    clock.now = 10.0
    progress.update(task_id, completed=950)
    assert seconds_left(progress.tasks[0]) == 10.0  # 50 games in 10 s, 50 left
