"""`dicehall sweep`: one set of bots over a grid of game params; a tidy Parquet and a report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from dicehall import games
from dicehall.cli import analysis, interrupts, solves
from dicehall.cli import options as opt
from dicehall.cli.common import EXIT_INTERRUPTED, console, error_console, guard
from dicehall.cli.outputs import check_results_path, save_or_fallback
from dicehall.cli.progress import progress_bar
from dicehall.sim import checkpoint, pool

GridOpt = Annotated[
    list[str],
    typer.Option(
        "--grid",
        metavar="NAME=V1,V2",
        help="An axis of the grid: a game param (or speeds) and its values; repeatable.",
    ),
]


def sweep(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `dicehall games`).")],
    grid: GridOpt,
    bots: Annotated[
        str | None,
        typer.Option("--bots", metavar="LEVELS", help="One bot for every seat, or one per seat."),
    ] = None,
    n_games: Annotated[
        int, typer.Option("--games", "-g", metavar="N", min=1, help="Games per cell.")
    ] = 100,
    param: opt.ParamOpt = None,
    speeds: Annotated[
        str | None,
        typer.Option("--speeds", metavar="SPEEDS", help="Real-time: speed per seat (a/b/c)."),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", metavar="S", min=0, help="Game i of a cell uses seed + i.")
    ] = 0,
    out_file: Annotated[
        Path,
        typer.Option("--out", "-o", metavar="FILE", help="Rows of every game (.parquet, .csv)."),
    ] = Path("sweep.parquet"),
    by: Annotated[
        list[str] | None,
        typer.Option(
            "--by",
            metavar="FIELD",
            help="Also win rate by a seat's final field, e.g. players_character; repeatable.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print Markdown tables.")] = False,
    workers: analysis.WorkersOpt = None,
    ray: analysis.RayOpt = False,
    ray_address: analysis.RayAddressOpt = None,
    resume: Annotated[bool, typer.Option("--resume", help=interrupts.ResumeHelp)] = False,
) -> None:
    """Bots over a grid of params: win rates, first-player advantage, length, end reasons.

    Per cell: win rate by seat, first-player advantage and its difference to the first cell
    (95% intervals), mean game length and end reasons. Ctrl-C keeps the finished games (--out
    and a checkpoint beside it) and prints the command that goes on with --resume.

    Example: dicehall sweep GAME --grid players=2,3 --grid OPTION=4,6 --bots greedy
    """
    with guard():
        from dicehall.sim import sweep as sweepmod

        opt.bots_help(bots, game)
        check_results_path(out_file)
        base = opt.game_params(game, {}, param)
        cells = sweepmod.cells(game, base, sweepmod.parse_grid(grid), bots, speeds)
        for cell in cells:
            solves.prepare(games.make(game, **cell.params), enumerate(cell.levels))
        run = {"command": "sweep", "game": game, "seed": seed,
               "cells": [[c.label, c.params, c.levels, c.speeds] for c in cells]}  # fmt: skip
        saved_at = checkpoint.path_for("sweep", game, out_file)
        done = interrupts.load_done(saved_at, run, interrupts.sweep_done) if resume else None
        total = n_games * len(cells)
        count = workers or pool.auto_workers(total - len(done or {}))
        target = analysis.ray_target(ray, ray_address)
        stopped = False
        label = f"sweeping {game} ({len(cells)} cells)"
        try:
            with progress_bar(label, total, len(done or {})) as advance:
                played = sweepmod.sweep(game, cells, n_games, seed, count, advance, target, done)
        except pool.Interrupted as stop:
            played, stopped = stop.partial, True
        if stopped:
            with interrupts.saving():
                kept = interrupts.save_checkpoint(
                    saved_at, run, interrupts.sweep_games(played, cells)
                )
                if played:
                    _show(game, played, out_file, by, as_json, markdown)
                complete = [r.cell for r in played if r.complete]
                unfinished = [c.label for c in cells if c not in complete]
                error_console().print(
                    f"cells not finished: {'; '.join(unfinished)}", markup=False, soft_wrap=True
                )
                finished = sum(r.summary.games for r in played)
                interrupts.tell_stopped(finished, total, kept)
            raise typer.Exit(EXIT_INTERRUPTED)
        _show(game, played, out_file, by, as_json, markdown)
        if resume:
            checkpoint.remove(saved_at)


def _show(
    game: str,
    played: list[Any],
    out_file: Path,
    by: list[str] | None,
    as_json: bool,
    markdown: bool,
) -> None:
    """Save the sweep's rows and print its tables (or JSON)."""
    from dicehall.sim import balance, results
    from dicehall.sim import sweep as sweepmod

    saved = save_or_fallback(lambda p: results.save_frame(sweepmod.rows(played), p), out_file)
    cell_rows = balance.cell_stats(played)
    extra = {key: balance.by_final(played, key) for key in by or ()}
    if as_json:
        data = {"game": game, "out": str(saved) if saved else None,
                "cells": [c.to_json() for c in cell_rows], "by": extra}  # fmt: skip
        typer.echo(json.dumps(data, default=list))
        return
    tables = report_tables(game, cell_rows, extra)
    if markdown:
        typer.echo("\n\n".join(markdown_table(t) for t in tables))
    else:
        for table in for_terminal(tables):
            console().print(table)
    if saved is not None:
        error_console().print(f"rows saved to {saved}", markup=False, soft_wrap=True)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(lo: float, hi: float) -> str:
    return f"{100 * lo:.1f} to {100 * hi:.1f}"


def _pp(x: float) -> str:
    return f"{100 * x:+.1f}"


def report_tables(
    game: str, cells: list[Any], extra: dict[str, list[dict[str, Any]]]
) -> list[Table]:
    """Per cell: seat win rates, FPA with its interval and its difference to the first cell."""
    width = max(c.players for c in cells)
    seats = Table(title=f"{game}: win rate by seat (95% Wilson CI)", title_justify="left")
    seats.add_column("cell")
    seats.add_column("games", justify="right")
    for s in range(width):
        seats.add_column(f"seat {s}", justify="right")
    for c in cells:
        texts = [f"{_pct(r['win_rate'])} ({_ci(*r['ci95'])})" for r in c.seats]
        seats.add_row(c.label, str(c.games), *texts, *[""] * (width - len(texts)))
    fpa = Table(
        title=f"{game}: first-player advantage (points; 95% bootstrap CI)",
        title_justify="left",
        caption="FPA = seat 0's win rate minus the seats' mean; vs first = FPA minus the first "
        "cell's",
        caption_justify="left",
    )
    for name in ("cell", "FPA", "CI", "vs first", "CI ", "mean length", "end reasons"):
        fpa.add_column(name, justify="left" if name in ("cell", "end reasons") else "right")
    for c in cells:
        vs = "" if c.vs_first is None else _pp(c.vs_first)
        vs_ci = "" if c.vs_first_ci95 is None else _ci(*c.vs_first_ci95)
        reasons = ", ".join(f"{k} {v}" for k, v in c.end_reasons.items())
        length = f"{c.length_mean:.0f} actions"
        if c.turns_mean is not None:
            length += f", {c.turns_mean:.1f} turns"
        fpa.add_row(c.label, _pp(c.fpa), _ci(*c.fpa_ci95), vs, vs_ci, length, reasons)
    tables = [seats, fpa]
    for key, rows in extra.items():
        table = Table(title=f"{game}: win rate by {key} (95% Wilson CI)", title_justify="left")
        for name in (key, "seats", "win rate", "CI"):
            table.add_column(name, justify="left" if name == key else "right")
        for r in rows:
            table.add_row(str(r["value"]), str(r["seats"]), _pct(r["win_rate"]), _ci(*r["ci95"]))
        tables.append(table)
    return tables


def _columns(table: Table, names: tuple[str, ...], title: str, caption: str = "") -> Table:
    """Some of a table's columns as a table of their own (the cell column never wraps)."""
    out = Table(title=title, title_justify="left", caption=caption or None, caption_justify="left")
    for column in table.columns:
        if column.header in names:
            out.add_column(column.header, justify=column.justify, no_wrap=column.header == "cell")
    picked = [list(c.cells) for c in table.columns if c.header in names]
    for row in zip(*picked, strict=True):
        out.add_row(*row)
    return out


def for_terminal(tables: list[Table]) -> list[Table]:
    """The report for an 80-column terminal: the FPA table split from length and end reasons."""
    seats, fpa, *rest = tables
    for column in seats.columns[:1]:
        column.no_wrap = True
    return [
        seats,
        _columns(fpa, ("cell", "FPA", "CI", "vs first", "CI "), str(fpa.title), str(fpa.caption)),
        _columns(fpa, ("cell", "mean length", "end reasons"), "game length and end reasons"),
        *rest,
    ]


def markdown_table(table: Table) -> str:
    """A rich table as a Markdown table (title as a bold line, caption under it)."""
    header = [str(c.header) for c in table.columns]
    cells = [[str(x) for x in c.cells] for c in table.columns]
    lines = [f"**{table.title}**", "", "| " + " | ".join(header) + " |"]
    lines.append("|" + "|".join(" --- " for _ in header) + "|")
    for row in zip(*cells, strict=True):
        lines.append("| " + " | ".join(row) + " |")
    if table.caption:
        lines += ["", str(table.caption)]
    return "\n".join(lines)
