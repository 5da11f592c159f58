"""`dicehall review RECORD`: every decision of a finished match scored against the best move,
the win-chance graph, and per seat what the dice gave or took (`dicehall.review`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from dicehall.cli.common import console, error_console, guard
from dicehall.cli.narrow import figures, narrow_table, words
from dicehall.engine import Record
from dicehall.review import Review, review_record
from dicehall.review.engine import Progress
from dicehall.review.estimate import MOVES, ROLLOUTS
from dicehall.review.graph import text_graph
from dicehall.review.model import SeatSummary

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


def _value(x: float) -> str:
    """A chance in a cell of words, unpadded so that it never wraps apart."""
    return f"({100 * x:.1f}%)"


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
    """One row per decision: the chance before it, the move made and the best move with their
    values, and the loss (with the exact turn points lost where a turn is solved)."""
    exact_unit = review.exact_unit
    caption = f"pts lost, best for the turn: exact, in {exact_unit}" if exact_unit else None
    table = narrow_table("decisions (values to the mover)", escape(caption) if caption else None)
    figures(table, "step", "seat", "before")
    words(table, "move made (value)", "best move (value)")
    figures(table, "loss")
    if exact_unit:
        figures(table, "pts lost")
        words(table, "best for the turn")
    for step in review.steps:
        if step.kind != "decision" or step.made is None or step.best is None:
            continue
        note = step.exact_note
        if mistakes_only and step.loss <= 1e-6 and not (note and note["loss"] > 1e-9):
            continue
        seat = step.seat
        same = step.best.action == step.made.action
        best = "=" if same else f"{escape(step.best.text)} {_value(step.best.value.mean[seat])}"
        row = [
            str(step.index), str(seat), pct(step.before.mean[seat]),
            f"{escape(step.made.text)} {_value(step.made.value.mean[seat])}", best,
            f"{100 * step.loss:.2f}{_pm(step.loss_se)}",
        ]  # fmt: skip
        if exact_unit:
            row += _exact_cells(note)
        table.add_row(*row)
    return table


def _exact_lost(s: SeatSummary) -> str:
    return f"{s.exact_total['loss']:.2f}" if s.exact_total else ""


def _exact_cells(note: dict[str, Any] | None) -> list[str]:
    if note is None:
        return ["", ""]
    best = "=" if note["loss"] <= 1e-9 else escape(note["best_text"])
    return [f"{note['loss']:.3f}", best]


def shows_drift(review: Review) -> bool:
    """Whether the summary needs its drift row: estimates only (a solved table's drift is
    float32 rounding)."""
    return not review.exact and any(abs(s.drift) >= 5e-4 for s in review.summaries)


def summary_table(review: Review) -> Table:
    """One column per seat (five fit in 80 columns), one row per figure."""
    drifts = shows_drift(review)
    table = narrow_table(
        "per player: start + luck + own decisions + others' decisions"
        + (" + estimate drift" if drifts else "") + " = final",
        "clear mistakes: the three costliest decisions that lost more than twice their standard"
        " error (any loss, where exact)"
        + ("; estimate drift: where a new estimate differs from the last (neither luck nor"
           " skill)" if drifts else ""),
    )  # fmt: skip
    words(table, "")
    words(table, *(escape(s.name) for s in review.summaries), justify="right")
    steps = {s.index: s for s in review.steps}
    rows: list[tuple[str, Callable[[SeatSummary], str]]] = [
        ("decisions", lambda s: str(s.decisions)),
        ("total loss", lambda s: f"{100 * s.total_loss:.2f}"),
        ("start", lambda s: pct(s.start)),
        ("luck (dice)", lambda s: f"{100 * s.luck:+.1f}"),
        ("own decisions", lambda s: f"{100 * s.own:+.1f}"),
        ("others' decisions", lambda s: f"{100 * s.others:+.1f}"),
        *([("estimate drift", lambda s: f"{100 * s.drift:+.1f}")] if drifts else []),
        ("final", lambda s: pct(s.final)),
        ("clear mistakes (step: loss)",
         lambda s: ", ".join(f"{i}: {100 * steps[i].loss:.1f}" for i in s.mistakes) or "none"),
    ]  # fmt: skip
    if review.exact_unit:
        rows.append(("turn pts lost (exact)", _exact_lost))
    for name, cell in rows:
        table.add_row(name, *map(cell, review.summaries))
    return table
