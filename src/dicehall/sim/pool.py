"""Where simulation work runs: in this process, a pool of spawned processes, or a Ray cluster.

A job is `(function, args)` with a picklable module-level function; `run_jobs` returns the
results in job order whatever the backend, so results never depend on how the work ran.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from dicehall import games
from dicehall.core import DicehallError

Job = tuple[Callable[..., Any], tuple[Any, ...]]
LOCAL_RAY = "local"
"""`--ray` without an address: Ray's default (`$RAY_ADDRESS`, else a runtime on this machine)."""


def auto_workers(count: int, per_worker: int = 25) -> int:
    """Processes for `count` games: one per core, but no more than one per `per_worker` games."""
    return max(1, min(os.cpu_count() or 1, count // per_worker))


def _register(registry: dict[str, str]) -> None:
    """Worker initialiser: the parent's game registry (plug-ins and test games included)."""
    for game_id, module in registry.items():
        games.register(game_id, module)


def _call(registry: dict[str, str], function: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    _register(registry)
    return function(*args)


def run_jobs(
    jobs: Sequence[Job],
    workers: int = 1,
    ray_address: str | None = None,
    on_done: Callable[[int, Any], None] | None = None,
) -> list[Any]:
    """Every job's result, in job order; `on_done(index, result)` as each one finishes."""
    results: dict[int, Any] = {}

    def done(index: int, result: Any) -> None:
        results[index] = result
        if on_done:
            on_done(index, result)

    if ray_address is not None:
        _run_ray(jobs, ray_address, done)
    elif workers <= 1:
        for index, (function, args) in enumerate(jobs):
            done(index, function(*args))
    else:
        # spawned workers (no fork of a threaded parent) learn the games registered here
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(
            workers, mp_context=context, initializer=_register, initargs=(games.registry(),)
        ) as pool:
            futures = {pool.submit(f, *args): i for i, (f, args) in enumerate(jobs)}
            for future in as_completed(futures):
                done(futures[future], future.result())
    return [results[i] for i in range(len(jobs))]


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
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                done(refs[ref], ray.get(ref))
    finally:
        if started:
            ray.shutdown()
