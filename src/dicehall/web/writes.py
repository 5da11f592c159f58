"""Store writes run off the event loop, one at a time, in one thread of their own.

One writer keeps the order of commits (a table's entries are appended in order) and never
makes two of the server's own writes wait for each other's SQLite lock; reads run in the
default thread pool (`asyncio.to_thread`), alongside.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, TypeVar

T = TypeVar("T")
_writer = ThreadPoolExecutor(1, thread_name_prefix="store-writer")


async def run(write: Callable[..., T], *args: Any) -> T:
    """`write(*args)` in the writer thread; its result or its exception."""
    return await asyncio.get_running_loop().run_in_executor(_writer, partial(write, *args))
