"""Store writes run off the event loop, one at a time, in one thread of their own.

One writer keeps the order of commits (a table's entries are appended in order) and never
makes two of the server's own writes wait for each other's SQLite lock; reads run in the
default thread pool (`asyncio.to_thread`), alongside.

- A person's write goes first (`first=True`): with a hundred bot tables saving their moves
  the queue is long, and people do not wait for bots. Order within each kind is kept, and a
  table has at most one write in flight (its lock is held across it), so no table's own
  writes are reordered.
- Appends share commits (`append`): the writer takes every append waiting and saves them in
  one transaction, as databases do with a group commit; if that transaction is refused, each
  is tried alone, so one table's refusal is its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from dicehall.web import metrics

T = TypeVar("T")
FIRST, LATER = 0, 1
BATCH_MAX = 64  # appends saved in one transaction at most


@dataclass(order=True)
class _Job:
    priority: int
    order: int
    run_alone: Callable[[], Any] = field(compare=False)
    settle: Callable[[Any, BaseException | None], None] = field(compare=False)
    together: Callable[[list[Any]], None] | None = field(default=None, compare=False)
    item: Any = field(default=None, compare=False)


_jobs: queue.PriorityQueue[_Job] = queue.PriorityQueue()
_order = itertools.count()
_started = threading.Lock()
_thread: threading.Thread | None = None


def _work() -> None:
    while True:
        job = _jobs.get()
        batch = [job, *_more_like(job)] if job.together is not None else [job]
        if len(batch) > 1 and _saved_together(batch):
            continue
        for each in batch:
            _run_alone(each)


def _saved_together(batch: list[_Job]) -> bool:
    together = batch[0].together
    assert together is not None
    try:
        with metrics.db_write():
            together([job.item for job in batch])
    except Exception:
        return False  # each is tried alone, with its own error
    for job in batch:
        job.settle(None, None)
    return True


def _more_like(first: _Job) -> list[_Job]:
    """Every waiting job that can share `first`'s transaction (the others go back)."""
    alike: list[_Job] = []
    other: list[_Job] = []
    while len(alike) < BATCH_MAX - 1:
        try:
            job = _jobs.get_nowait()
        except queue.Empty:
            break
        # a person's append shares its commit with people's only: a long batch would slow it
        same = job.together == first.together and job.priority <= first.priority
        (alike if same else other).append(job)
    for job in other:
        _jobs.put(job)  # same priority and order as before: nothing overtakes it
    return alike


def _run_alone(job: _Job) -> None:
    try:
        with metrics.db_write():
            result, error = job.run_alone(), None
    except BaseException as exc:  # handed to the caller, whatever it is
        result, error = None, exc
    job.settle(result, error)


def _start() -> None:
    global _thread
    with _started:
        if _thread is None or not _thread.is_alive():
            _thread = threading.Thread(target=_work, name="store-writer", daemon=True)
            _thread.start()


async def _submit(
    first: bool,
    run_alone: Callable[[], T],
    together: Callable[[list[Any]], None] | None = None,
    item: Any = None,
) -> T:
    loop = asyncio.get_running_loop()
    done: asyncio.Future[T] = loop.create_future()

    def resolve(result: T, error: BaseException | None) -> None:
        if done.cancelled():
            return
        if error is not None:
            done.set_exception(error)
        else:
            done.set_result(result)

    def settle(result: Any, error: BaseException | None) -> None:  # in the writer thread
        with contextlib.suppress(RuntimeError):  # the caller's loop closed meanwhile
            loop.call_soon_threadsafe(resolve, result, error)

    _start()
    priority = FIRST if first else LATER
    _jobs.put(_Job(priority, next(_order), run_alone, settle, together, item))
    return await done


async def run(write: Callable[..., T], *args: Any, first: bool = False) -> T:
    """`write(*args)` in the writer thread; its result or its exception."""
    return await _submit(first, lambda: write(*args))


async def append(
    append_one: Callable[..., None],
    append_many: Callable[[list[Any]], None],
    *args: Any,
    first: bool = False,
) -> None:
    """`append_one(*args)`, in one transaction with other appends waiting (`append_many`
    of their argument tuples) where there are some."""
    await _submit(first, lambda: append_one(*args), append_many, args)
