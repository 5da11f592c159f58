"""How long reviews take: `python -m dicehall.review.timing RECORD...` prints, per record, the
seconds to load the solved tables (first use in a process) and to review the whole game, wall
clock and CPU (the review is single-threaded: its CPU time is its time on one idle core).

Run it pinned to one core (`taskset -c 0`) to measure a one-core review.
"""

from __future__ import annotations

import sys
import time

from dicehall.engine.record import Record, game_of
from dicehall.review.engine import pick_evaluator, review_record


def main(paths: list[str]) -> None:
    for path in paths:
        record = Record.load(path)
        start, cpu_start = time.perf_counter(), time.process_time()
        evaluator, _ = pick_evaluator(game_of(record))
        loaded, cpu_loaded = time.perf_counter(), time.process_time()
        review = review_record(record, evaluator=evaluator)
        done, cpu_done = time.perf_counter(), time.process_time()
        decisions = sum(1 for s in review.steps if s.kind == "decision")
        label = "exact" if review.exact else "estimate"
        print(
            f"{path}: {record.game} {label}, {len(review.steps)} steps, {decisions} decisions:"
            f" tables {loaded - start:.2f} s ({cpu_loaded - cpu_start:.2f} s CPU),"
            f" review {done - loaded:.2f} s ({cpu_done - cpu_loaded:.2f} s CPU)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
