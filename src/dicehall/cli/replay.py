"""`dicehall replay`: step through records as far as they replay, or print them as text."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from dicehall.cli.common import (
    console,
    console_ask,
    error_console,
    fail,
    guard,
    render_view,
    result_line,
    result_table,
    seat_name,
    view_names,
)
from dicehall.core import OMNISCIENT, CorruptRecordError, DicehallError, Game
from dicehall.engine import Record, replay
from dicehall.engine.explain import explain_step
from dicehall.engine.record import game_of

Ask = Callable[[str], str]
RecordsArg = Annotated[
    list[Path], typer.Argument(metavar="RECORD...", help="Match records (JSON), one or more.")
]
HELP = "n/Enter next, p previous, g N go to step N, q quit"


def load(path: Path) -> Record:
    return Record.load(path)


@dataclass
class Replay:
    """The states of a record, as far as it replays, and the error that stopped it if any."""

    record: Record
    game: Game[Any, Any]
    states: list[Any]
    error: CorruptRecordError | None

    @staticmethod
    def of(record: Record) -> Replay:
        game = game_of(record)
        states: list[Any] = []
        try:
            for _, state in replay(record):
                states.append(state)
        except CorruptRecordError as exc:
            return Replay(record, game, states, exc)
        return Replay(record, game, states, None)

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def levels(self) -> dict[int, str]:
        from dicehall.cli.play import record_levels

        return record_levels(self.record)

    def action_text(self, step: int) -> str:
        """What happened on the way to `step` (step 0 is the start)."""
        if step == 0:
            return "start"
        entry = self.record.actions[step - 1]
        try:
            text = self.game.describe(self.game.action_from_json(entry.action), OMNISCIENT)
        except DicehallError:
            text = str(entry.action)
        names = view_names(self.game.observe(self.states[step], None))
        return f"{seat_name(entry.seat, self.levels(), names)}: {text}"

    def explanation(self, step: int) -> list[str]:
        """What the action on the way to `step` changed (`engine.explain`)."""
        if step == 0:
            return []
        entry = self.record.actions[step - 1]
        before, after = self.states[step - 1], self.states[step]
        return explain_step(self.game, before, after, OMNISCIENT, move=entry)

    def show(self, console: Console, step: int) -> None:
        total = len(self.record.actions)
        console.rule(f"step {step}/{total}")
        console.print(f"[bold]{escape(self.action_text(step))}[/]")
        for line in self.explanation(step):
            console.print(escape(f"  → {line}"))
        state = self.states[step]
        console.print(render_view(self.game, self.game.observe(state, None), None))
        if self.game.is_terminal(state):
            names = view_names(self.game.observe(state, None))
            console.print(result_table(self.game.result(state), self.levels(), names))


def browse(view: Replay, console: Console, ask: Ask, start: int = 0) -> None:
    """Interactive stepping: forwards, backwards, jump, quit."""
    step = max(0, min(start, view.last))
    view.show(console, step)
    while True:
        try:
            raw = ask(f"({HELP}) ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return
        if raw in ("q", "quit", "exit"):
            return
        if raw in ("", "n", "next"):
            step = min(step + 1, view.last)
        elif raw in ("p", "prev", "previous", "b"):
            step = max(step - 1, 0)
        elif raw.startswith("g") and raw[1:].strip().isdigit():
            target = int(raw[1:].strip())
            if target > view.last:
                console.print(f"[red]steps go from 0 to {view.last}[/]")
                continue
            step = target
        else:
            console.print(f"[red]keys: {HELP}[/]")
            continue
        view.show(console, step)


def replay_text(view: Replay) -> str:
    """The whole game as text: a header, one line per step with the lines explaining what it
    changed (as the step-by-step replay and `play` show them), and the result."""
    record = view.record
    lines = [
        f"{record.game} seed {record.seed}; {len(record.actions)} steps; params {record.params}"
    ]
    for step in range(1, view.last + 1):  # each step, and what it changed (a round's scoring)
        lines.append(f"{step:>4}  {view.action_text(step)}")
        lines += [f"        → {line}" for line in view.explanation(step)]
    final = view.states[view.last]
    if view.game.is_terminal(final):
        names = view_names(view.game.observe(final, None))
        lines.append(f"result: {result_line(view.game.result(final), names)}")
    elif view.error is None:
        lines.append("result: unfinished")
    return "\n".join(lines)


# --- the commands ------------------------------------------------------------------


def replay_command(
    records: RecordsArg,
    step: Annotated[
        int | None, typer.Option("--step", metavar="N", help="Print step N and exit.")
    ] = None,
    to_end: Annotated[bool, typer.Option("--to-end", help="Print the last step.")] = False,
    as_text: Annotated[
        bool, typer.Option("--text", help="Print the whole game as text: every step's line.")
    ] = False,
) -> None:
    """Step through records (n/Enter next, p previous, g N go to step N, q quit)."""
    with guard():
        broken = False
        for record in records:
            broken |= _replay_one(record, step, to_end, as_text, several=len(records) > 1)
        if broken:
            raise typer.Exit(2)


def _replay_one(record: Path, step: int | None, to_end: bool, as_text: bool, several: bool) -> bool:
    """Show one record; True when it does not replay to its end."""
    view = Replay.of(load(record))
    out = console()
    if several:
        out.rule(str(record))
    if view.error is not None:
        error_console().print(
            f"{record}: {view.error}; steps 0..{view.last} replay, the rest cannot be shown",
            style="red",
            markup=False,
            soft_wrap=True,
        )
    if step is not None and not 0 <= step <= view.last:
        fail(f"--step must be 0..{view.last}, got {step}")
    if as_text:
        out.print(replay_text(view), markup=False, soft_wrap=True)
    elif step is not None or to_end:
        view.show(out, view.last if step is None else step)
    else:
        browse(view, out, console_ask(out))
    return view.error is not None
