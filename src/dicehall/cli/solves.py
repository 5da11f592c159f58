"""Exact tables a bot needs: announced, and solved before any game starts, never silently.

A game's expert may play from solved tables (its `tables` part). Solving one takes minutes and
gigabytes of memory, once per machine; `dicehall solve GAME` does it ahead of time. Commands
call `prepare` before the first game so that the solve is announced with that hint, shows a
spinner, and runs once here rather than inside each worker.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from dicehall import games
from dicehall.bots import level_named
from dicehall.bots.solvers import cache
from dicehall.cli.common import error_console
from dicehall.core import Game, Seat
from dicehall.core.parts import Tables

Needed = tuple[str, str, Callable[[], Any]]  # (what it is, what a solve takes, load-or-solve)


def needed(game: Game[Any, Any], seats: Iterable[tuple[Seat, str]]) -> list[Needed]:
    """The tables the seats' bots will read that the disk cache does not hold yet."""
    tables: Tables | None = games.part(game.id, "tables")
    if tables is None:
        return []
    found: dict[str, Needed] = {}
    for seat, level in seats:
        named = level_named(level)
        if named is None or not named.reads_tables:
            continue
        for table in tables.needed(game, seat):
            if not cache.table_path(table.name).exists():
                found[table.name] = (table.label, table.cost, partial(tables.load, table.key))
    return list(found.values())


def prepare(game: Game[Any, Any], seats: Iterable[tuple[Seat, str]]) -> None:
    """Announce and solve every table the bots need that is not cached yet."""
    out = error_console()
    for what, cost, load in needed(game, seats):
        out.print(
            f"The {game.id} expert plays from {what}, which this machine has not solved yet. "
            f"Solving it now: {cost or 'it may take a while'}, once per machine "
            f"(`dicehall solve {game.id}` does this ahead of time).",
            style="yellow",
            markup=False,
        )
        with out.status(f"solving {what}…"):
            load()
        out.print(f"{what}: solved and cached.", markup=False)
