"""`dicehall bench GAME --batch B`: the batch engine's player actions per CPU-second against
the rules engine's, interleaved (`dicehall.sim.bench_batch`)."""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.table import Table

from dicehall import batch as batchmod
from dicehall import games
from dicehall.cli import options as opt
from dicehall.cli.common import console, error_console, fail
from dicehall.sim import bench_batch


def run(
    ids: list[str], size: int, param: list[str] | None, seconds: float, runs: int, seed: int,
    as_json: bool,
) -> None:  # fmt: skip
    batched = batchmod.available()
    missing = [g for g in ids if g not in batched]
    if missing:
        fail(f"no batched form for {', '.join(missing)}; batched games: {', '.join(batched)}")
    if not 1 <= size <= batchmod.MAX_BATCH:
        fail(f"--batch must be from 1 to {batchmod.MAX_BATCH:,}")
    results = []
    for game_id in ids:
        params: dict[str, Any] = opt.game_params(game_id, {}, param)
        games.make(game_id, **params)  # a bad parameter fails here, with its message
        with error_console().status(f"timing {game_id} (batch of {size:,})…"):
            results.append(bench_batch.bench(game_id, params, size, seconds, runs, seed))
    if as_json:
        out = [r.to_json() for r in results]
        typer.echo(json.dumps(out[0] if len(out) == 1 else out))
        return
    console().print(table(results, seconds, runs))


def table(results: list[bench_batch.BatchBench], seconds: float, runs: int) -> Table:
    out = Table(title=f"player actions per CPU-second: median of {runs} interleaved runs of "
                      f"{seconds:g} s")  # fmt: skip
    for i, name in enumerate(("game", "params", "batch", "rules engine", "batch engine", "ratio")):
        out.add_column(name, justify="left" if i < 2 else "right")
    for r in results:
        params = " ".join(f"{k}={v}" for k, v in r.params.items())
        out.add_row(
            r.game, params, f"{r.batch:,}", f"{r.scalar_rate:,.0f}", f"{r.batch_rate:,.0f}",
            f"{r.ratio:.1f}×",
        )  # fmt: skip
    return out
