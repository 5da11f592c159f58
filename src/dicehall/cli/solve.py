"""`dicehall solve`: solve a game's exact tables ahead and keep them in the disk cache."""

from __future__ import annotations

import time
from typing import Annotated

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
        from dicehall.bots.solvers import cache
        from dicehall.bots.solvers.puru_solo import cache_name, load_or_solve

        out = console()
        for auto_dice in choices[opponent]:
            path = cache.table_path(cache_name(auto_dice))
            if force:
                path.unlink(missing_ok=True)
            began = time.perf_counter()
            sol = load_or_solve(auto_dice, threads=threads)
            who = "SuperAutoPuray" if auto_dice == 4 else "AutoPuray"
            size = path.stat().st_size / 2**20 if path.exists() else 0.0
            out.print(
                f"{who}: win probability {sol.start():.6f} from the start; "
                f"{time.perf_counter() - began:.1f} s; {path} ({size:.0f} MiB)"
            )
        if opponent in ("duel", "both"):
            from dicehall.bots.solvers import puru_duel

            path = cache.table_path(puru_duel.cache_name())
            if force:
                path.unlink(missing_ok=True)
            began = time.perf_counter()
            duel = puru_duel.load_or_solve(threads=threads)
            size = path.stat().st_size / 2**20 if path.exists() else 0.0
            out.print(
                f"2-player Basic: the first player wins {duel.start():.6f} under optimal play; "
                f"{time.perf_counter() - began:.1f} s; {path} ({size:.0f} MiB)"
            )
