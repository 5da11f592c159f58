"""Pig in the terminal: a score table, the turn total at risk and the last roll (Rich)."""

from __future__ import annotations

from typing import Any

from dicehall.core.parts import TerminalHooks
from dicehall.core.types import View
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

PIPS = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


def render(game: Any, view: View, seat: int | None) -> RenderableType:
    table = Table(title=f"Pig: first to {view['target']}", title_justify="left")
    table.add_column("seat", justify="right")
    table.add_column("banked", justify="right")
    table.add_column("")
    for s, score in enumerate(view["scores"]):
        here = s == view["current"]
        mark = f"on turn: {view['turn_total']} at risk" if here else ""
        who = f"{s}" + (" (you)" if s == seat else "")
        table.add_row(who, str(score), mark, style="bold" if here else "")
    return Panel(Group(table, _last_roll(view)), title="Pig", expand=False)


def _last_roll(view: View) -> Text:
    last = view["last_roll"]
    if last is None:
        return Text("No roll yet this turn.", style="dim")
    note = " bust: the turn's points are lost" if view["busted"] else ""
    return Text(f"Last roll: {PIPS[last]} {last}{note}", style="red" if view["busted"] else "")


HOOKS = TerminalHooks(
    render=render,
)
"""This game's `terminal` part (`GameParts.terminal`)."""
