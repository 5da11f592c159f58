"""Greedy bots' worker processes, talked to from the event loop itself.

A greedy decision takes about a millisecond, and a hundred greedy tables ask for hundreds a
second. Through a `ProcessPoolExecutor` each one also wakes the pool's manager and feeder
threads, which pickle and pass it on while holding Python's lock, and the event loop waits
for that lock at every request: under the bot load the loop spent a fifth of its time waiting
in `submit`, as long as the decisions themselves had taken. Here each worker is one process
with one socket pair, which the loop uses as a transport of its own: a request (pickled: what
the bot may see, as in `workers/thinking.py`) is written without the loop giving up Python's lock
(a plain `os.write` does, and then waits to get it back from the store writer), and answers
arrive as the transport reads them, with no thread in between. A worker takes its requests
in order; at most `IN_FLIGHT` are written to it at a time, so the workers share the load. A
worker that dies fails its waiting requests with `BrokenProcessPool` (the table plays a random
legal move, logged, as for the search pool) and is replaced at the next request.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import pickle
import random
import socket
import struct
from collections import deque
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import partial
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from dicehall.core.types import View
from dicehall.web.workers.thinking import think

IN_FLIGHT = 4  # requests written to a worker and not yet answered, at most
STOP_WAIT_S = 5.0
FRAME = struct.Struct("!i")  # multiprocessing's own framing, which the worker's recv_bytes reads


def serve(conn: Connection, start: Any, nice: int) -> None:
    """A worker's life: answer requests in order until the server closes the socket."""
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


class _Socket(asyncio.Protocol):
    """The server's end of a worker's socket: frames as `Connection.send_bytes` writes them
    (a 4-byte big-endian length, then the bytes)."""

    def __init__(self, on_frame: Callable[[bytes], None], on_lost: Callable[[], None]) -> None:
        self.buffer = bytearray()
        self.on_frame, self.on_lost = on_frame, on_lost

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while len(self.buffer) >= FRAME.size:
            (size,) = FRAME.unpack_from(self.buffer)
            end = FRAME.size + size
            if len(self.buffer) < end:
                return
            frame = bytes(self.buffer[FRAME.size : end])
            del self.buffer[:end]
            self.on_frame(frame)

    def connection_lost(self, exc: Exception | None) -> None:
        self.on_lost()


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    transport: asyncio.BaseTransport | None = None
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
        for process, ours in started:
            worker = _Worker(process)
            sock = socket.socket(fileno=os.dup(ours.fileno()))
            ours.close()
            ends = partial(_Socket, partial(self._answered, worker), partial(self._died, worker))
            worker.transport, _ = await loop.create_connection(ends, sock=sock)
            self.workers.append(worker)

    def _spawn(self) -> tuple[BaseProcess, Connection]:
        ours, theirs = multiprocessing.Pipe()  # a socket pair
        process = self.context.Process(
            target=serve, args=(theirs, *self.start_args), daemon=True, name="quick bot"
        )
        process.start()
        theirs.close()
        return process, ours

    async def decide(self, spec: Any, view: View, legal: Any, rng: random.Random | str) -> Any:
        """`think(spec, view, legal, rng)` in a worker (`legal`: actions, or `LegalIds`)."""
        if len(self.workers) < self.size:
            await self.start()
        worker = min(self.workers, key=lambda w: w.load)
        request = pickle.dumps((spec, view, legal, rng), protocol=pickle.HIGHEST_PROTOCOL)
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        worker.outbox.append((request, answer))
        self._write(worker)
        return await answer

    def _write(self, worker: _Worker) -> None:
        transport = worker.transport
        while worker.outbox and len(worker.answers) < IN_FLIGHT and transport is not None:
            request, answer = worker.outbox.popleft()
            transport.write(FRAME.pack(len(request)) + request)  # type: ignore[attr-defined]
            worker.answers.append(answer)

    def _answered(self, worker: _Worker, frame: bytes) -> None:
        """One answer, to the oldest request the worker was given."""
        ok, value = pickle.loads(frame)
        answer = worker.answers.popleft()
        if not answer.done():  # else its table stopped meanwhile
            if ok:
                answer.set_result(value)
            else:
                answer.set_exception(value)
        self._write(worker)

    def _died(self, worker: _Worker) -> None:
        """Its socket closed: fail what it was asked and forget it (the next request starts a
        new one)."""
        if worker in self.workers:
            self.workers.remove(worker)
        waiting = [*worker.answers, *(answer for _, answer in worker.outbox)]
        worker.answers.clear()
        worker.outbox.clear()
        for answer in waiting:
            if not answer.done():
                answer.set_exception(BrokenProcessPool("a quick bot worker died"))
        if worker.transport is not None:
            worker.transport.close()
        worker.process.join(timeout=0)

    async def close(self) -> None:
        """Close every worker's socket (it then exits) and wait for the processes."""
        workers, self.workers = self.workers, []
        for worker in workers:
            for answer in [*worker.answers, *(a for _, a in worker.outbox)]:
                answer.cancel()
            worker.answers.clear()
            worker.outbox.clear()
            if worker.transport is not None:
                worker.transport.close()
        for worker in workers:
            await asyncio.to_thread(_stop, worker.process)


def _stop(process: BaseProcess) -> None:
    """Wait for a worker to exit; one that has not within `STOP_WAIT_S` is killed and waited
    for again (a killed process is gone only once reaped: not waited for, it was still seen
    alive, and left a zombie)."""
    process.join(STOP_WAIT_S)
    if process.is_alive():
        process.kill()
        process.join(STOP_WAIT_S)
