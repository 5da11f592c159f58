"""`dicehall fuzz`: random games with invariant, illegal-action and hidden-information checks."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from dicehall import games
from dicehall.cli.common import console, error_console, guard
from dicehall.sim import fuzz as fuzzmod

EXIT_VIOLATIONS = 1
SHOWN = 20
"""Violations listed in the table output (all of them are in --json)."""


def fuzz(
    game: Annotated[str, typer.Argument(help="Game id (see `dicehall games`), or 'all'.")] = "all",
    n_games: Annotated[
        int, typer.Option("--games", "-g", metavar="N", min=1, help="Games per variant.")
    ] = 20,
    seed: Annotated[int, typer.Option("--seed", metavar="S", min=0)] = 0,
    probe_rate: Annotated[
        float,
        typer.Option(
            "--probe-rate",
            metavar="P",
            min=0.0,
            max=1.0,
            help="Share of steps (after the first ones) probed with illegal actions and views.",
        ),
    ] = 0.1,
    greedy: Annotated[
        float,
        typer.Option(
            "--greedy",
            metavar="SHARE",
            min=0.0,
            max=1.0,
            help="Share of seats played by the greedy bot (the others play at random).",
        ),
    ] = 0.25,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    batch: Annotated[
        bool,
        typer.Option(
            "--batch",
            help="Check the batched form against the rules engine instead (both ways, and "
            "the distributions of random games).",
        ),
    ] = False,
) -> None:
    """Fuzz the rules of each variant; exit code 1 when an invariant is violated."""
    if batch:
        from dicehall.cli import fuzz_batch

        fuzz_batch.run(game, n_games, seed, as_json)
        return
    with guard():
        ids = games.available() if game == "all" else (games.spec(game).id,)
        jobs = [(g, params) for g in ids for params in fuzzmod.configs(g)]
        found: list[fuzzmod.FuzzStats] = []
        columns = (TextColumn("fuzzing {task.description}"), BarColumn(), MofNCompleteColumn())
        with Progress(*columns, console=error_console(), transient=True, disable=as_json) as bar:
            task = bar.add_task("", total=len(jobs))
            for game_id, params in jobs:
                bar.update(task, description=f"{game_id} {params}")
                found.append(fuzzmod.fuzz(game_id, params, n_games, seed, probe_rate, greedy))
                bar.advance(task)
    violations = [v for s in found for v in s.violations]
    if as_json:
        out = {"seed": seed, "greedy": greedy, "results": [s.to_json() for s in found]}
        typer.echo(json.dumps(out))
    else:
        console().print(stats_table(found, n_games, seed))
        for v in violations[:SHOWN]:
            console().print(str(v), markup=False, soft_wrap=True)
        if len(violations) > SHOWN:
            console().print(f"... and {len(violations) - SHOWN} more (see --json)")
    if violations:
        raise typer.Exit(EXIT_VIOLATIONS)


def stats_table(found: list[fuzzmod.FuzzStats], n_games: int, seed: int) -> Table:
    table = Table(title=f"rules fuzzing: {n_games} games per variant, seed {seed}")
    heads = ("game", "params", "games", "actions", "illegal probes", "hidden probes", "violations")
    for i, name in enumerate(heads):
        table.add_column(name, justify="left" if i < 2 else "right")
    for s in found:
        params = " ".join(f"{k}={v}" for k, v in s.params.items())
        numbers = (s.games, s.actions, s.illegal_probes, s.hidden_probes, len(s.violations))
        table.add_row(s.game, params, *(f"{x:,}" for x in numbers))
    return table
