"""`dicehall review RECORD`: every decision of a finished match scored against the best move,
the win-chance graph, and per seat what the dice gave or took (`dicehall.review`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from dicehall.cli.common import console, error_console, guard
from dicehall.engine import Record
from dicehall.review import Review, review_record
from dicehall.review.engine import Progress
from dicehall.review.estimate import MOVES, ROLLOUTS
from dicehall.review.graph import text_graph

MAX_ROLLOUTS = 4096
MAX_MOVES = 64


def review_command(
    record: Annotated[Path, typer.Argument(metavar="RECORD", help="A finished match record.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    mistakes: Annotated[
        bool, typer.Option("--mistakes", help="List only the decisions that lost value.")
    ] = False,
    rollouts: Annotated[
        int | None,
        typer.Option(
            min=2, max=MAX_ROLLOUTS, help=f"Estimates: playouts per position [default: {ROLLOUTS}]."
        ),
    ] = None,
    moves: Annotated[
        int | None,
        typer.Option(
            min=1, max=MAX_MOVES, help=f"Estimates: moves examined per decision [default: {MOVES}]."
        ),
    ] = None,
) -> None:
    """Review a finished match: each decision against the best move, and luck and skill.

    Exact where the game is solved, else an estimate with its standard error; the chance to
    win over the game as a graph; per seat the luck of the dice and the skill of the decisions.
    """
    with guard():
        loaded = Record.load(record)
        progress = None if as_json else _progress()
        given = {"rollouts": rollouts, "moves": moves}
        estimate = {k: v for k, v in given.items() if v is not None}
        review = review_record(loaded, estimate=estimate, progress=progress)
    if as_json:
        typer.echo(json.dumps(review.to_json(), indent=1))
        return
    show(review, mistakes_only=mistakes)


def _progress() -> Progress:
    err = error_console()
    shown = [-1]

    def report(done: int, total: int) -> None:
        percent = 100 * done // max(total, 1)
        if percent // 10 != shown[0] // 10 and err.is_terminal:
            err.print(f"reviewing: {percent}%", end="\r")
        shown[0] = percent

    return report


def pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def _pm(se: float | None) -> str:
    return f" ±{100 * se:.1f}" if se else ""


def show(review: Review, *, mistakes_only: bool = False) -> None:
    out = console()
    label = "EXACT" if review.exact else "ESTIMATE"
    out.print(f"[bold]{escape(review.game)}[/] review — [bold]{label}[/]: {escape(review.method)}")
    out.print(f"values: {escape(review.unit)}")
    for note in review.notes:
        out.print(f"[yellow]note:[/] {escape(note)}")
    out.print(decision_table(review, mistakes_only))
    out.print(text_graph(review))
    out.print(summary_table(review))


def decision_table(review: Review, mistakes_only: bool) -> Table:
    exact_unit = review.exact_unit
    table = Table(title="decisions (values to the mover)", show_lines=False)
    for name in ("step", "seat", "before", "move made", "made", "best move", "best", "loss"):
        table.add_column(name, justify="right" if name in ("step", "seat") else "left")
    if exact_unit:
        table.add_column("turn pts lost (exact)")
        table.add_column("best for the turn (exact)")
    for step in review.steps:
        if step.kind != "decision" or step.made is None or step.best is None:
            continue
        note = step.exact_note
        if mistakes_only and step.loss <= 1e-6 and not (note and note["loss"] > 1e-9):
            continue
        seat = step.seat
        same = step.best.action == step.made.action
        row = [
            str(step.index), str(seat), pct(step.before.mean[seat]), escape(step.made.text),
            pct(step.made.value.mean[seat]),
            "=" if same else escape(step.best.text), pct(step.best.value.mean[seat]),
            f"{100 * step.loss:.2f}{_pm(step.loss_se)}",
        ]  # fmt: skip
        if exact_unit:
            row += _exact_cells(note)
        table.add_row(*row)
    return table


def _exact_cells(note: dict[str, Any] | None) -> list[str]:
    if note is None:
        return ["", ""]
    best = "=" if note["loss"] <= 1e-9 else escape(note["best_text"])
    return [f"{note['loss']:.3f}", best]


def summary_table(review: Review) -> Table:
    table = Table(title="per player: start + luck + own decisions + others' decisions = final")
    columns = ["seat", "decisions", "total loss", "start", "luck (dice)", "own decisions",
               "others' decisions", "final", "biggest mistakes (step: loss)"]  # fmt: skip
    if review.exact_unit:
        columns.append("turn pts lost (exact)")
    for name in columns:
        table.add_column(name)
    steps = {s.index: s for s in review.steps}
    for s in review.summaries:
        worst = ", ".join(f"{i}: {100 * steps[i].loss:.1f}" for i in s.mistakes) or "none"
        row = [escape(s.name), str(s.decisions), f"{100 * s.total_loss:.2f}", pct(s.start),
               f"{100 * s.luck:+.1f}", f"{100 * s.own:+.1f}", f"{100 * s.others:+.1f}",
               pct(s.final), worst]  # fmt: skip
        if review.exact_unit:
            row.append(f"{s.exact_total['loss']:.2f}" if s.exact_total else "")
        table.add_row(*row)
    return table
