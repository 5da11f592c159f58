"""`dicehall solve`: solve a game's exact tables ahead and keep them in the disk cache.

The tables are the game's `tables` part (`dicehall.core.parts.Tables`); games without one have
nothing to solve.
"""

from __future__ import annotations

import time
from typing import Annotated

import typer

from dicehall import games
from dicehall.cli.common import console, fail, guard
from dicehall.core.parts import SolvedTable, Tables

ALL = ("all", "both")  # "both" (Solo and duel) is what this option used to call every table


def solvable() -> tuple[str, ...]:
    """The installed games that have solved tables."""
    return tuple(g for g in games.available() if games.parts(g).tables)


def solve(
    game: Annotated[str, typer.Argument(help="Game id (one whose expert reads solved tables).")],
    table: Annotated[
        str,
        typer.Option(
            "--table",
            "--opponent",
            help="Which table, as the game names them (an unknown name lists them), or all.",
        ),
    ] = "all",
    force: Annotated[
        bool, typer.Option("--force", help="Solve again even when the cache holds the table.")
    ] = False,
    threads: Annotated[
        int, typer.Option("--threads", metavar="T", min=0, help="Threads (0: one per core).")
    ] = 0,
) -> None:
    """Solve a game exactly (minutes, gigabytes of memory each) into the cache its expert reads."""
    with guard():
        if game not in solvable():
            fail(f"no exact solver for {game!r}; solvable: {', '.join(solvable()) or 'none'}")
        tables: Tables | None = games.part(game, "tables")
        assert tables is not None  # `solvable` checked it
        every = list(tables.all())
        chosen = every if table in ALL else [t for t in every if t.key == table]
        if not chosen:
            keys = ", ".join([t.key for t in every] + ["all"])
            fail(f"--table must be one of {keys}, not {table!r}")
        out = console()
        for one in chosen:
            out.print(_timed_solve(tables, one, force, threads))


def _timed_solve(tables: Tables, table: SolvedTable, force: bool, threads: int) -> str:
    """Load or solve one cached table (`force`: drop the cached copy first); what it says
    about the solution, and what it took: seconds, the file and its size."""
    from dicehall.bots.solvers import cache

    path = cache.table_path(table.name)
    if force:
        path.unlink(missing_ok=True)
    began = time.perf_counter()
    summary = tables.summary(table.key, tables.load(table.key, threads=threads))
    size = path.stat().st_size / 2**20 if path.exists() else 0.0
    return f"{summary}; {time.perf_counter() - began:.1f} s; {path} ({size:.0f} MiB)"
