"""`dicehall solve`: solve a game's exact tables ahead and keep them in the disk cache."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Annotated, Any

import typer

from dicehall.cli.common import console, fail, guard

SOLVABLE = ("puru",)


def solve(
    game: Annotated[str, typer.Argument(help="Game id: puru (Solo and the 2-player game).")],
    opponent: Annotated[
        str,
        typer.Option(
            "--opponent",
            help="auto (Solo vs AutoPuray, 3 dice), super (Solo vs SuperAutoPuray, 4 dice), "
            "duel (2-player Basic) or both (all three).",
        ),
    ] = "both",
    force: Annotated[
        bool, typer.Option("--force", help="Solve again even when the cache holds the table.")
    ] = False,
    threads: Annotated[
        int, typer.Option("--threads", metavar="T", min=0, help="Threads (0: one per core).")
    ] = 0,
) -> None:
    """Solve Puru Puru exactly (minutes, 3.4 GB each) into the cache the expert reads."""
    with guard():
        if game not in SOLVABLE:
            fail(f"no exact solver for {game!r}; solvable: {', '.join(SOLVABLE)}")
        choices = {"auto": (3,), "super": (4,), "duel": (), "both": (3, 4)}
        if opponent not in choices:
            fail(f"--opponent must be auto, super, duel or both, not {opponent!r}")
        from dicehall.games.puru.bots import solve_duel as puru_duel
        from dicehall.games.puru.bots import solve_solo as puru_solo

        out = console()
        for auto_dice in choices[opponent]:
            who = "SuperAutoPuray" if auto_dice == 4 else "AutoPuray"
            sol, spent = _timed_solve(
                puru_solo.cache_name(auto_dice),
                partial(puru_solo.load_or_solve, auto_dice, threads=threads),
                force,
            )
            out.print(f"{who}: win probability {sol.start():.6f} from the start; {spent}")
        if opponent in ("duel", "both"):
            duel, spent = _timed_solve(
                puru_duel.cache_name(), partial(puru_duel.load_or_solve, threads=threads), force
            )
            out.print(
                f"2-player Basic: the first player wins {duel.start():.6f} under optimal play; "
                f"{spent}"
            )


def _timed_solve(name: str, run: Callable[[], Any], force: bool) -> tuple[Any, str]:
    """Load or solve one cached table (`force`: drop the cached copy first); returns the
    solution and what it took: seconds, the file and its size."""
    from dicehall.bots.solvers import cache

    path = cache.table_path(name)
    if force:
        path.unlink(missing_ok=True)
    began = time.perf_counter()
    solution = run()
    size = path.stat().st_size / 2**20 if path.exists() else 0.0
    return solution, f"{time.perf_counter() - began:.1f} s; {path} ({size:.0f} MiB)"
