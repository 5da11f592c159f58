"""The numbered menu of legal choices: laid out to fit the terminal, with a game's shortcuts.

A game's terminal renderer (`dicehall.cli.render.<id>`) may add, besides `render`:
- `label(game, action, viewer) -> str`: a shorter menu text than `game.describe`;
- `menu_note(game, view, legal) -> str | None`: a line under the menu (shortcut help);
- `parse_choice(game, view, legal, text) -> int | None`: the index of the legal action a
  typed shortcut means (None: not a shortcut; `ValueError`: a shortcut that is wrong);
- `warn(game, view, action) -> str | None`: a warning to confirm before the action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from dicehall.cli.render import renderer_module
from dicehall.core import Game, Seat, View

GAP = 3  # spaces between menu columns
MAX_COLUMNS = 8


def _hook(game: Game[Any, Any], name: str) -> Any:
    module = renderer_module(game.id)
    return getattr(module, name, None) if module is not None else None


def labels(game: Game[Any, Any], legal: Sequence[Any], viewer: Seat) -> list[str]:
    """Menu texts as `viewer` may read them (the game's describe, or its renderer's short label)."""
    short = _hook(game, "label")
    return [str(short(game, a, viewer)) if short else game.describe(a, viewer) for a in legal]


def note(game: Game[Any, Any], view: View, legal: Sequence[Any]) -> str | None:
    hook = _hook(game, "menu_note")
    return None if hook is None else hook(game, view, legal)


def shortcut(game: Game[Any, Any], view: View, legal: Sequence[Any], text: str) -> int | None:
    hook = _hook(game, "parse_choice")
    return None if hook is None else hook(game, view, legal, text)


def warning(game: Game[Any, Any], view: View, action: Any) -> str | None:
    hook = _hook(game, "warn")
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
