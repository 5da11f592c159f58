"""`dicehall simulate GAME --batch B`: random games of the batched form, printed and saved as
`simulate` prints and saves its own (`dicehall.sim.simulate_batch`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from dicehall import batch as batchmod
from dicehall.cli.common import (
    EXIT_INTERRUPTED,
    error_console,
    fail,
)
from dicehall.cli.progress import progress_bar
from dicehall.cli.show import show_summary
from dicehall.sim import simulate_batch


def run(
    game: str, params: dict[str, Any], levels: tuple[str, ...], n_games: int, seed: int,
    size: int, as_json: bool, out_file: Path | None, unsupported: dict[str, bool],
) -> None:  # fmt: skip
    """`unsupported`: the options a batched simulation does not take, by name: whether given."""
    given = [name for name, used in unsupported.items() if used]
    if given:
        fail(f"--batch does not go with {', '.join(given)}")
    if not 1 <= size <= batchmod.MAX_BATCH:
        fail(f"--batch must be from 1 to {batchmod.MAX_BATCH:,}")
    try:
        with progress_bar(f"simulating {game} (batched)", n_games) as advance:
            summary = simulate_batch.simulate(game, params, n_games, seed, size, advance, levels)
    except KeyboardInterrupt:
        error_console().print("[yellow]simulation interrupted[/]")
        raise typer.Exit(EXIT_INTERRUPTED) from None
    show_summary(summary, as_json, out_file)
