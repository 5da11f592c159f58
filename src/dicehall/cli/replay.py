"""`dicehall replay`: step through a record, as far as it replays."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from dicehall.cli.common import render_view, result_table, seat_name, view_names
from dicehall.core import CorruptRecordError, DicehallError, Game
from dicehall.engine import Record, replay
from dicehall.engine.record import game_of

Ask = Callable[[str], str]
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
        return {
            int(s["seat"]): str(s["bot"])
            for s in self.record.seats
            if isinstance(s, dict) and s.get("kind") == "bot" and "seat" in s and "bot" in s
        }

    def action_text(self, step: int) -> str:
        """What happened on the way to `step` (step 0 is the start)."""
        if step == 0:
            return "start"
        entry = self.record.actions[step - 1]
        try:
            text = self.game.describe(self.game.action_from_json(entry.action))
        except DicehallError:
            text = str(entry.action)
        names = view_names(self.game.observe(self.states[step], None))
        return f"{seat_name(entry.seat, self.levels(), names)}: {text}"

    def show(self, console: Console, step: int) -> None:
        total = len(self.record.actions)
        console.rule(f"step {step}/{total}")
        console.print(f"[bold]{escape(self.action_text(step))}[/]")
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
