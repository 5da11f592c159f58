"""One decision's screen at a terminal: the board, the latest moves and the menu in its rows.

The prompt takes the terminal's last row, the menu (or one page of it) with its note sits above
it, and the board takes its most spacious layout that leaves the menu room (`FitRows`); the
rows left show the latest moves and a title. When the whole menu and the most compact board
cannot share the screen, the menu shows one page at a time: `+` turns the page, and every
entry keeps its number, so any number can be typed on any page.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.text import Text

from dicehall.cli import menu
from dicehall.core.terminal import rows_available

RECENT_MIN = 3  # rows kept for the latest moves before the menu is split into pages
MENU_MIN = 4  # rows the board leaves a paged menu at least
NEXT_PAGE = "+"


@dataclass
class Decision:
    """What one decision shows: `recent` is the log since the last one (oldest first)."""

    title: str
    board: RenderableType
    recent: list[str]
    entries: list[str]
    note: str | None = None
    hint: str | None = None


@dataclass
class Screen:
    console: Console
    decision: Decision
    board_rows: int = 0
    pages: list[tuple[int, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._plan()

    def _height(self, renderable: RenderableType, rows: int | None = None) -> int:
        with rows_available(rows):
            return len(self.console.render_lines(renderable, self.console.options, pad=False))

    def _footer(self) -> list[RenderableType]:
        d = self.decision
        return [Text(t, style=s) for t, s in ((d.note, "dim"), (d.hint, "cyan")) if t]

    def _plan(self) -> None:
        """The board's row budget and the menu's pages (one page when everything fits)."""
        d, width, height = self.decision, self.console.width, self.console.height
        fixed = 1 + sum(self._height(part) for part in self._footer())  # + the prompt
        recent = min(RECENT_MIN, len(d.recent))
        whole = menu.rows(menu.numbered(d.entries), width)
        self.board_rows = height - fixed - whole - recent
        if self._height(d.board, self.board_rows) <= self.board_rows:
            self.pages = [(0, len(d.entries))]
            return
        self.board_rows = height - fixed - 1 - recent - MENU_MIN  # 1: the page line
        board = self._height(d.board, self.board_rows)
        # a board taller than its budget still leaves a page of MENU_MIN rows: its top rows
        # scroll away rather than the menu shrinking to one entry a page
        self.pages = self._split(max(MENU_MIN, height - fixed - 1 - recent - board))

    def _split(self, room: int) -> list[tuple[int, int]]:
        entries, width = self.decision.entries, self.console.width
        total, start, pages = len(entries), 0, []
        while start < total:
            end = start + 1
            while end < total:
                page = menu.numbered(entries[start : end + 1], start + 1, total)
                if menu.rows(page, width) > room:
                    break
                end += 1
            pages.append((start, end))
            start = end
        return pages

    def _page_line(self, page: int) -> Text | None:
        if len(self.pages) == 1:
            return None
        start, end = self.pages[page]
        return Text(
            f"entries {start + 1}-{end} of {len(self.decision.entries)}: type {NEXT_PAGE} "
            "for more, or any entry's number",
            style="bold",
        )

    def _below(self, page: int) -> list[RenderableType]:
        """The menu's page `page`, its page line and the footer."""
        d, console = self.decision, self.console
        start, end = self.pages[page]
        below: list[RenderableType] = [
            menu.layout(d.entries[start:end], console.width, start + 1, len(d.entries))
        ]
        line = self._page_line(page)
        if line is not None:
            below.append(line)
        return below + self._footer()

    def _left(self, page: int) -> tuple[int, bool]:
        """Rows left for the latest moves on page `page`, and whether the title is drawn."""
        with rows_available(self.board_rows):
            board = self.console.render_lines(self.decision.board, self.console.options, pad=False)
        below = sum(self._height(part) for part in self._below(page))
        left = self.console.height - 1 - len(board) - below
        return (left - 1, True) if left > RECENT_MIN else (left, False)

    def recent_fits(self, page: int = 0) -> bool:
        """Whether every latest move fits beside the board and the menu (else they are shown
        first, on pages of their own)."""
        if not self.decision.recent:
            return True
        texts = [Text.from_markup(line) for line in self.decision.recent]
        panel = Panel(Text("\n").join(texts), title="recent moves", title_align="left")
        return self._height(panel) <= self._left(page)[0]

    def draw(self, page: int) -> None:
        """Clear the terminal and draw the screen with the menu's page `page`."""
        d, console = self.decision, self.console
        below = self._below(page)
        left, titled = self._left(page)
        console.clear()
        if titled:
            console.rule(d.title)
        with rows_available(self.board_rows):
            console.print(d.board)
        recent = self._recent(left)
        if recent is not None:
            console.print(recent)
        for part in below:
            console.print(part)

    def _recent(self, rows: int) -> RenderableType | None:
        """The latest moves that fit `rows`: in a panel when all fit, else the newest lines."""
        texts = [Text.from_markup(line) for line in self.decision.recent]
        if not texts or rows < 1:
            return None
        panel = Panel(Text("\n").join(texts), title="recent moves", title_align="left")
        if self._height(panel) <= rows:
            return panel
        heights = [self._height(t) for t in texts]
        shown: list[Text] = []
        for text, used in zip(reversed(texts), reversed(heights), strict=True):
            if used > rows:
                break
            rows -= used
            shown.insert(0, text)
        return Text("\n").join(shown) if shown else None

    def turn(self, page: int) -> int:
        """The page after `page` (back to the first after the last)."""
        return (page + 1) % len(self.pages)
