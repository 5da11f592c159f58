"""Helpers for a game's terminal renderer (its `terminal` part, drawn with Rich).

Rich is the terminal renderers' library and a dependency of dicehall itself; the rules never
import this module.

Layouts that fit the terminal: the widest layout that fits, else a compact one.

`Fit(wide, compact)` measures each layout (a function that builds a renderable) against the
width available and draws the first that fits, the last one otherwise, so a board switches to
its compact layout below the width its full layout needs instead of cutting columns.
`FitRows` does the same for height: at a terminal, the board takes its most spacious layout
that leaves the menu room on the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from rich.console import Console, ConsoleOptions, RenderableType
from rich.measure import Measurement

Layout = Callable[[], RenderableType]
UNBOUNDED = 10_000


class Fit:
    def __init__(self, *layouts: Layout) -> None:
        if not layouts:
            raise ValueError("Fit needs at least one layout")
        self.layouts = layouts

    def _choose(self, console: Console, options: ConsoleOptions) -> RenderableType:
        unbounded = options.update_width(UNBOUNDED)  # a measurement is capped at the width
        for make in self.layouts[:-1]:
            drawn = make()
            if Measurement.get(console, unbounded, drawn).maximum <= options.max_width:
                return drawn
        return self.layouts[-1]()

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        yield self._choose(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._choose(console, options))


_BOARD_ROWS: ContextVar[int | None] = ContextVar("board_rows", default=None)


@contextmanager
def rows_available(rows: int | None) -> Iterator[None]:
    """Within this block, a `FitRows` board may use at most `rows` lines (None: any)."""
    token = _BOARD_ROWS.set(rows)
    try:
        yield
    finally:
        _BOARD_ROWS.reset(token)


class FitRows:
    """The first layout no taller than the rows the screen leaves the board (`rows_available`),
    else the last, most compact one; the first where no limit is set (a pipe, a file)."""

    def __init__(self, *layouts: Layout) -> None:
        if not layouts:
            raise ValueError("FitRows needs at least one layout")
        self.layouts = layouts

    def _choose(self, console: Console, options: ConsoleOptions) -> RenderableType:
        rows = _BOARD_ROWS.get()
        if rows is None:
            return self.layouts[0]()
        for make in self.layouts[:-1]:
            drawn = make()
            if len(console.render_lines(drawn, options, pad=False)) <= rows:
                return drawn
        return self.layouts[-1]()

    def __rich_console__(
        self, console: Console, options: ConsoleOptions
    ) -> Iterator[RenderableType]:
        yield self._choose(console, options)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._choose(console, options))


IRREGULAR = {"die": "dice"}
"""Counted words for the terminal: "1 die", "2 dice", "1 tile"."""


def plural(count: int, word: str) -> str:
    """`count` and `word`, plural unless the count is 1."""
    if count == 1:
        return f"1 {word}"
    return f"{count} {IRREGULAR.get(word, word + 's')}"


def verb(count: int, singular: str, many: str) -> str:
    """`wins` for one subject, `win` for several."""
    return singular if count == 1 else many
