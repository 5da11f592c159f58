"""A simulation's summary on the screen (tables or JSON) and its rows in `--out`: what
`simulate` prints and saves, with or without `--batch`."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from dicehall.cli.common import console, error_console
from dicehall.cli.outputs import save_or_fallback
from dicehall.cli.tables import summary_tables
from dicehall.sim.simulate import Summary


def show_summary(summary: Summary, as_json: bool, out_file: Path | None) -> None:
    """Print the summary (tables or JSON) and save its rows to `out_file` (none: no games)."""
    if not summary.games:
        return
    if as_json:
        typer.echo(json.dumps(summary.to_json()))
    else:
        out = console()
        for table in summary_tables(summary):
            out.print(table)
        for note in summary.notes:
            out.print(f"[yellow]note:[/] {note}")
    if out_file is not None:
        from dicehall.sim import results

        rows = results.rows(summary)
        saved = save_or_fallback(lambda path: results.save(rows, path), out_file)
        if saved is not None:
            error_console().print(f"rows saved to {saved}", markup=False, soft_wrap=True)
