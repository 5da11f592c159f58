"""Pictures of a table for the environments' `render()`: the terminal board of `dicehall play`.

- `board_text(game, state, seat)`: the game's terminal board (its `terminal` part, the one
  `dicehall play` draws) as `seat` sees it (None: a spectator, who sees no secret), as text:
  plain, or with ANSI colours (`colour=True`, Gymnasium's "ansi" mode allows them).
- `board_picture(text)`: that text drawn in a monospace font, an `H x W x 3` uint8 array
  (Gymnasium's "rgb_array"; needs matplotlib).

- `view_text(view)`: a view as short `path: name=value ...` lines, one per nested part (the
  OpenSpiel states' `str`, called at every step by OpenSpiel's checks, where the board would
  cost several milliseconds).

A game without a terminal part is shown as its view in JSON.
"""

from __future__ import annotations

import io
import json
import warnings
from typing import Any

import numpy as np
from rich.console import Console

from dicehall import games
from dicehall.core import DicehallError, Game

RENDER_MODES = ("human", "ansi", "rgb_array")
WIDTH = 100
"""Columns of the board: the full layout of every game fits (the CLI's compact ones start
below 80)."""


def board_text(
    game: Game[Any, Any], state: Any, seat: int | None, colour: bool = False, width: int = WIDTH
) -> str:
    view = game.observe(state, seat)
    terminal = games.part(game.id, "terminal")
    if terminal is None:
        return json.dumps(view, sort_keys=True, indent=1)
    out = io.StringIO()
    console = Console(
        file=out,
        width=width,
        force_terminal=colour,
        color_system="standard" if colour else None,
        no_color=not colour,
        highlight=False,
        legacy_windows=False,
    )
    console.print(terminal.render(game, view, seat))
    return out.getvalue()


def view_text(view: Any, path: str = "") -> str:
    """`view` as lines: each dict's plain entries on one line (`path: a=1 b=[2, 3]`), then its
    nested dicts and lists of dicts, each under its own path."""
    lines: list[str] = []
    _view_lines(view, path, lines)
    return "\n".join(lines)


def _plain(value: Any) -> bool:
    if isinstance(value, list | tuple):
        return all(not isinstance(v, dict | list | tuple) for v in value)
    return not isinstance(value, dict)


def _view_lines(value: Any, path: str, lines: list[str]) -> None:
    if isinstance(value, dict):
        flat = [f"{k}={_short(v)}" for k, v in value.items() if _plain(v)]
        if flat:
            lines.append(f"{path or 'table'}: {' '.join(flat)}")
        for k, v in value.items():
            if not _plain(v):
                _view_lines(v, f"{path}.{k}" if path else str(k), lines)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            _view_lines(item, f"{path}[{i}]", lines)
    else:
        lines.append(f"{path}: {_short(value)}")


def _short(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "[" + ",".join(map(_short, value)) + "]"
    return "-" if value is None else str(value)


def board_picture(text: str, dpi: int = 80) -> np.ndarray:
    """`text` in black on white in a monospace font, as an `H x W x 3` uint8 array."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    lines = text.rstrip("\n").split("\n") or [""]
    columns = max(len(line) for line in lines) or 1
    size = 10  # points
    width_in = columns * size * 0.62 / 72 + 0.2
    height_in = len(lines) * size * 1.25 / 72 + 0.2
    figure = Figure(figsize=(width_in, height_in), dpi=dpi, facecolor="white")
    figure.text(
        0.1 / width_in,
        1 - 0.1 / height_in,
        "\n".join(lines),
        family="monospace",
        fontsize=size,
        va="top",
        ha="left",
        linespacing=1.25,
    )
    canvas = FigureCanvasAgg(figure)
    with warnings.catch_warnings():  # a glyph the font lacks (an emoji) is drawn as a box
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        canvas.draw()  # type: ignore[no-untyped-call]
    rgba = np.asarray(canvas.buffer_rgba())  # type: ignore[no-untyped-call]
    return np.ascontiguousarray(rgba[..., :3])


def check_render_mode(mode: str | None) -> str | None:
    if mode is not None and mode not in RENDER_MODES:
        raise DicehallError(f"render_mode must be one of {', '.join(RENDER_MODES)}, got {mode!r}")
    return mode


def render(game: Game[Any, Any], state: Any, seat: int | None, mode: str | None) -> Any:
    """What `render()` returns in `mode`: None (and the board printed) for "human", the board
    as text with ANSI colours for "ansi", its picture for "rgb_array", None without a mode."""
    if mode == "human":
        print(board_text(game, state, seat, colour=True), end="", flush=True)
        return None
    if mode == "ansi":
        return board_text(game, state, seat, colour=True)
    if mode == "rgb_array":
        return board_picture(board_text(game, state, seat))
    return None
