"""Where a game's exact solvers keep their solved tables: a cache the front ends provide.

Solvers live in the game's package and only ask `tables().load_or_make(...)`; the disk cache
(`dicehall.bots.solvers.cache`: checked files, one solve per machine) installs itself here when
the bots load. Without it a table is made in memory each time it is asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class TableCache(Protocol):
    def load_or_make(
        self, name: str, shape: tuple[int, ...], dtype: str, make: Callable[[], Any]
    ) -> Any:
        """The table `name` (of `shape` and `dtype`) from the cache, else `make()` kept."""
        ...

    def has(self, name: str) -> bool:
        """Whether the table `name` is already made (loading it solves nothing)."""
        ...


class _InMemory:
    def load_or_make(
        self, name: str, shape: tuple[int, ...], dtype: str, make: Callable[[], Any]
    ) -> Any:
        return make()

    def has(self, name: str) -> bool:
        return False


_CURRENT: list[TableCache] = [_InMemory()]


def use_tables(cache: TableCache) -> None:
    """Make `cache` the one solvers use from now on."""
    _CURRENT[0] = cache


def tables() -> TableCache:
    """The cache solvers use."""
    return _CURRENT[0]
