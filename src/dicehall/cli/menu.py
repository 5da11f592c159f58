"""The numbered menu of legal choices: laid out to fit the terminal, with a game's shortcuts.

A game's terminal part (`dicehall.core.parts.TerminalHooks`) may add, besides `render`, a
short `label` per action, a `menu_note` under the menu, typed shortcuts (`parse_choice`) and a
`warn`ing to confirm before an action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from dicehall.cli.common import terminal_hooks
from dicehall.core import Game, Seat, View
from dicehall.core.parts import TerminalHooks

GAP = 3  # spaces between menu columns
MAX_COLUMNS = 8


def _hooks(game: Game[Any, Any]) -> TerminalHooks:
    return terminal_hooks(game.id) or TerminalHooks(render=lambda *_: None)


def labels(game: Game[Any, Any], legal: Sequence[Any], viewer: Seat) -> list[str]:
    """Menu texts as `viewer` may read them (the game's describe, or its renderer's short label)."""
    short = _hooks(game).label
    return [str(short(game, a, viewer)) if short else game.describe(a, viewer) for a in legal]


def note(game: Game[Any, Any], view: View, legal: Sequence[Any]) -> str | None:
    hook = _hooks(game).menu_note
    return None if hook is None else hook(game, view, legal)


def shortcut(game: Game[Any, Any], view: View, legal: Sequence[Any], text: str) -> int | None:
    hook = _hooks(game).parse_choice
    return None if hook is None else hook(game, view, legal, text)


def warning(game: Game[Any, Any], view: View, action: Any) -> str | None:
    hook = _hooks(game).warn
    return None if hook is None else hook(game, view, action)


def _columns(items: list[str], count: int) -> list[list[str]]:
    rows = -(-len(items) // count)
    return [items[i : i + rows] for i in range(0, len(items), rows)]


def numbered(texts: Sequence[str], first: int = 1, total: int | None = None) -> list[str]:
    """`texts` numbered from `first`, the numbers right-aligned to the widest of `total`."""
    digits = len(str(total if total is not None else first + len(texts) - 1))
    return [f"{i:>{digits}}. {t}" for i, t in enumerate(texts, first)]


def arrange(items: list[str], width: int) -> list[list[str]]:
    """The items in as many columns (numbered down each) as fit `width`."""
    for count in range(min(MAX_COLUMNS, len(items)), 1, -1):
        columns = _columns(items, count)
        if sum(max(map(len, c)) for c in columns) + GAP * (len(columns) - 1) <= width:
            return columns
    return [items]


def rows(items: list[str], width: int) -> int:
    """The lines `items` take laid out in columns (a line too wide for one column wraps)."""
    columns = arrange(items, width)
    if len(columns) > 1:
        return len(columns[0])
    return sum(max(1, -(-len(item) // max(1, width))) for item in items)


def layout(
    texts: list[str], width: int, first: int = 1, total: int | None = None
) -> RenderableType:
    """Numbered choices, numbered down each column, in as many columns as fit `width`."""
    best = arrange(numbered(texts, first, total), width)
    grid = Table.grid(padding=(0, GAP, 0, 0))
    for _ in best:
        grid.add_column(no_wrap=len(best) > 1)
    for r in range(len(best[0])):
        grid.add_row(*(Text(c[r]) if r < len(c) else Text("") for c in best))
    return grid
