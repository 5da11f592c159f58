"""Where simulation work runs: in this process, a pool of spawned processes, or a Ray cluster.

A job is `(function, args)` with a picklable module-level function; `run_jobs` returns the
results in job order whatever the backend, so results never depend on how the work ran.

Ctrl-C stops a run within seconds: the jobs not started are cancelled, the worker processes (which
ignore SIGINT themselves, so a terminal's Ctrl-C reaches only the parent) are terminated, and
`Interrupted` carries the results of the jobs that had finished, for the caller to keep.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from typing import Any

from dicehall import games
from dicehall.core import DicehallError

Job = tuple[Callable[..., Any], tuple[Any, ...]]
LOCAL_RAY = "local"
"""`--ray` without an address: Ray's default (`$RAY_ADDRESS`, else a runtime on this machine)."""
STOP_WAIT_S = 2.0  # how long a terminated worker may take to exit before it is killed


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped the run; `partial` holds what had finished (its shape is the caller's).

    A `KeyboardInterrupt`, so code that does not keep partial work still stops as before.
    """

    def __init__(self, partial: Any) -> None:
        super().__init__()
        self.partial = partial


def auto_workers(count: int, per_worker: int = 25) -> int:
    """Processes for `count` games: one per core, but no more than one per `per_worker` games."""
    return max(1, min(os.cpu_count() or 1, count // per_worker))


def _register(registry: dict[str, str]) -> None:
    """The parent's game registry (plug-ins and test games included)."""
    for game_id, module in registry.items():
        games.register(game_id, module)


def _start_worker(registry: dict[str, str]) -> None:
    """Worker initialiser: the registry, and Ctrl-C left to the parent (which stops the worker;
    a worker of its own would print a traceback for each job it was running)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _register(registry)


def _call(registry: dict[str, str], function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    _register(registry)
    return function(*args)


def run_jobs(
    jobs: Sequence[Job],
    workers: int = 1,
    ray_address: str | None = None,
    on_done: Callable[[int, Any], None] | None = None,
) -> list[Any]:
    """Every job's result, in job order; `on_done(index, result)` as each one finishes.

    Ctrl-C raises `Interrupted` whose `partial` is `{index: result}` of the finished jobs.
    """
    results: dict[int, Any] = {}

    def done(index: int, result: Any) -> None:
        results[index] = result
        if on_done:
            on_done(index, result)

    try:
        if ray_address is not None:
            _run_ray(jobs, ray_address, done)
        elif workers <= 1:
            for index, (function, args) in enumerate(jobs):
                done(index, function(*args))
        else:
            _run_processes(jobs, workers, done)
    except KeyboardInterrupt:
        raise Interrupted(dict(results)) from None
    return [results[i] for i in range(len(jobs))]


def _run_processes(jobs: Sequence[Job], workers: int, done: Callable[[int, Any], None]) -> None:
    # spawned workers (no fork of a threaded parent) learn the games registered here
    context = multiprocessing.get_context("spawn")
    executor = ProcessPoolExecutor(
        workers, mp_context=context, initializer=_start_worker, initargs=(games.registry(),)
    )
    try:
        with _workers_ignore_ctrl_c():
            futures = {executor.submit(f, *args): i for i, (f, args) in enumerate(jobs)}
        for future in as_completed(futures):
            done(futures[future], future.result())
    except BaseException:
        _stop(executor)  # never wait for the queued jobs (`with` would: minutes of work)
        raise
    executor.shutdown()


@contextmanager
def _workers_ignore_ctrl_c() -> Iterator[None]:
    """Workers start (on submit) with SIGINT ignored, inherited through exec, so a Ctrl-C
    while one is still importing prints no traceback; `_start_worker` keeps it so. Only the
    main thread may change signal handlers: elsewhere this does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _stop(executor: ProcessPoolExecutor) -> None:
    """Cancel the queued jobs and end the workers now, whatever they are running."""
    processes = list((executor._processes or {}).values())  # the executor has no public handle
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(STOP_WAIT_S)
        if process.is_alive():
            process.kill()
            process.join()


def _run_ray(jobs: Sequence[Job], address: str, done: Callable[[int, Any], None]) -> None:
    """Run the jobs as Ray tasks: a local runtime for `local`, else the cluster at `address`."""
    try:
        import ray
    except ImportError as exc:
        raise DicehallError(
            f"--ray needs the sim extra: pip install 'dicehall[sim]' ({exc})"
        ) from exc
    started = not ray.is_initialized()
    if started:
        # Ray runs its workers at nice 15 by default: on a busy machine they would starve
        # behind every other process, so a simulation keeps normal priority unless told.
        os.environ.setdefault("RAY_worker_niceness", "0")
        if address == LOCAL_RAY:
            ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    try:
        remote = ray.remote(_call)
        registry = games.registry()
        refs = {remote.remote(registry, f, args): i for i, (f, args) in enumerate(jobs)}
        pending = list(refs)
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    done(refs[ref], ray.get(ref))
        except KeyboardInterrupt:
            for ref in pending:  # the tasks still queued or running stop with the driver
                ray.cancel(ref, force=True)
            raise
    finally:
        if started:
            ray.shutdown()
