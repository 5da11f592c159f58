"""`dicehall fuzz GAME --batch`: the batched form against the rules engine (`batch.fuzz`)."""

from __future__ import annotations

import json

import typer
from rich.table import Table

from dicehall import batch as batchmod
from dicehall import games
from dicehall.batch import fuzz as fuzzmod
from dicehall.cli.common import console, error_console, fail, guard
from dicehall.sim.fuzz import configs

EXIT_VIOLATIONS = 1
SHOWN = 20


def run(game: str, n_games: int, seed: int, as_json: bool) -> None:
    with guard():
        batched = batchmod.available()
        ids = batched if game == "all" else (games.spec(game).id,)
        if any(g not in batched for g in ids):
            fail(f"{game} has no batched form; batched games: {', '.join(batched)}")
        found = []
        for game_id in ids:
            for params in configs(game_id):
                with error_console().status(f"checking {game_id} {params}…"):
                    found.append(fuzzmod.fuzz(game_id, dict(params), n_games, seed))
    failed = sum(f.failed for f in found)
    if as_json:
        typer.echo(json.dumps({"seed": seed, "results": [f.to_json() for f in found]}))
    else:
        console().print(table(found, n_games, seed))
        problems = [p for f in found for c in f.checks for p in c.problems]
        for line in problems[:SHOWN]:
            console().print(line, markup=False, soft_wrap=True)
    if failed:
        raise typer.Exit(EXIT_VIOLATIONS)


def table(found: list[fuzzmod.BatchFuzz], n_games: int, seed: int) -> Table:
    out = Table(title=f"batch against rules engine: {n_games} games per check, seed {seed}")
    for i, name in enumerate(("game", "params", "check", "games", "actions", "chance", "failed")):
        out.add_column(name, justify="left" if i < 3 else "right")
    for f in found:
        params = " ".join(f"{k}={v}" for k, v in f.params.items())
        if f.skipped:
            out.add_row(f.game, params, f"skipped: {f.skipped}", "", "", "", "")
        for c in f.checks:
            numbers = (c.games, c.actions, c.chance, c.failed)
            out.add_row(f.game, params, c.name, *(f"{x:,}" for x in numbers))
    return out
