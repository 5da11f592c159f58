"""Greedy bots' worker processes, talked to from the event loop itself.

A greedy decision takes about a millisecond, and a hundred greedy tables ask for hundreds a
second. Through a `ProcessPoolExecutor` each one also wakes the pool's manager and feeder
threads, which pickle and pass it on while holding Python's lock, and the event loop waits
for that lock at every request: under the bot load the loop spent a fifth of its time waiting
in `submit`, as long as the decisions themselves had taken. Here each worker is one process
with one pipe: the loop writes a request (pickled: what the bot may see, as in
`web/workers.py`) and reads the answer when the pipe is readable (`loop.add_reader`), with
no thread in between. A worker takes its requests in order; at most `IN_FLIGHT` wait in its
pipe, far below the pipe's buffer, so a write never blocks the loop. A worker that dies fails
its waiting requests with `BrokenProcessPool` (the table plays a random legal move, logged,
as for the search pool) and is replaced at the next request.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import pickle
import random
from collections import deque
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from dicehall.core.types import View

IN_FLIGHT = 4  # requests written to a worker's pipe and not yet answered, at most
STOP_WAIT_S = 5.0


def serve(conn: Connection, start: Any, nice: int) -> None:
    """A worker's life: answer requests in order until the server closes the pipe."""
    from dicehall.web.workers import think

    start(nice)
    while True:
        try:
            request = conn.recv_bytes()
        except (EOFError, OSError):
            return
        spec, view, legal, rng = pickle.loads(request)
        try:
            answer: tuple[bool, Any] = (True, think(spec, view, legal, rng))
        except Exception as exc:  # the server raises it for that request alone
            answer = (False, RuntimeError(f"{type(exc).__name__}: {exc}"))
        conn.send_bytes(pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL))


@dataclass
class _Worker:
    process: BaseProcess
    conn: Connection
    answers: deque[asyncio.Future[Any]] = field(default_factory=deque)  # written, in order
    outbox: deque[tuple[bytes, asyncio.Future[Any]]] = field(default_factory=deque)

    @property
    def load(self) -> int:
        return len(self.answers) + len(self.outbox)


class QuickWorkers:
    """`size` worker processes for quick bots, forked from `context`'s preloaded server."""

    def __init__(self, size: int, context: Any, start: Any, nice: int = 0) -> None:
        self.size, self.context, self.start_args = size, context, (start, nice)
        self.workers: list[_Worker] = []
        self._starting: asyncio.Future[None] | None = None

    async def start(self) -> None:
        """Start the missing workers (at server start, and after one died); the processes are
        forked in a thread, so the loop does not wait for the fork server."""
        if self._starting is None:
            self._starting = asyncio.ensure_future(self._start_missing())
        starting = self._starting
        try:
            await asyncio.shield(starting)
        finally:
            if self._starting is starting and starting.done():
                self._starting = None

    async def _start_missing(self) -> None:
        missing = self.size - len(self.workers)
        if missing <= 0:
            return
        started = await asyncio.to_thread(lambda: [self._spawn() for _ in range(missing)])
        loop = asyncio.get_running_loop()
        for process, conn in started:
            worker = _Worker(process, conn)
            loop.add_reader(conn.fileno(), self._answered, worker)
            self.workers.append(worker)

    def _spawn(self) -> tuple[BaseProcess, Connection]:
        ours, theirs = multiprocessing.Pipe()
        process = self.context.Process(
            target=serve, args=(theirs, *self.start_args), daemon=True, name="quick bot"
        )
        process.start()
        theirs.close()
        return process, ours

    async def decide(self, spec: Any, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(self.workers) < self.size:
            await self.start()
        worker = min(self.workers, key=lambda w: w.load)
        request = pickle.dumps((spec, view, tuple(legal), rng), protocol=pickle.HIGHEST_PROTOCOL)
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        worker.outbox.append((request, answer))
        self._write(worker)
        return await answer

    def _write(self, worker: _Worker) -> None:
        while worker.outbox and len(worker.answers) < IN_FLIGHT:
            request, answer = worker.outbox.popleft()
            try:
                worker.conn.send_bytes(request)
            except OSError:
                worker.outbox.appendleft((request, answer))
                self._died(worker)
                return
            worker.answers.append(answer)

    def _answered(self, worker: _Worker) -> None:
        """The worker's pipe is readable: its answers, in the order they were asked."""
        try:
            while worker.answers and worker.conn.poll():
                ok, value = pickle.loads(worker.conn.recv_bytes())
                answer = worker.answers.popleft()
                if answer.done():  # its table stopped meanwhile
                    continue
                if ok:
                    answer.set_result(value)
                else:
                    answer.set_exception(value)
            if not worker.answers and worker.conn.poll():
                raise EOFError  # readable with nothing asked: the pipe was closed
        except (EOFError, OSError):
            self._died(worker)
            return
        self._write(worker)

    def _died(self, worker: _Worker) -> None:
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(worker.conn.fileno())
        if worker in self.workers:
            self.workers.remove(worker)
        waiting = [*worker.answers, *(answer for _, answer in worker.outbox)]
        for answer in waiting:
            if not answer.done():
                answer.set_exception(BrokenProcessPool("a quick bot worker died"))
        worker.conn.close()
        worker.process.join(timeout=0)

    async def close(self) -> None:
        """Close every worker's pipe (it then exits) and wait for the processes."""
        workers, self.workers = self.workers, []
        loop = asyncio.get_running_loop()
        for worker in workers:
            with contextlib.suppress(ValueError, OSError):
                loop.remove_reader(worker.conn.fileno())
            for answer in [*worker.answers, *(a for _, a in worker.outbox)]:
                answer.cancel()
            worker.conn.close()
        for worker in workers:
            await asyncio.to_thread(worker.process.join, STOP_WAIT_S)
            if worker.process.is_alive():
                worker.process.kill()
