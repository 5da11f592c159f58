"""Rich tables that fit an 80-column terminal: a rule under the header only, figures never
cut (`figures`: they do not wrap), words wrapped (`words`)."""

from __future__ import annotations

from rich import box
from rich.console import JustifyMethod
from rich.table import Table


def narrow_table(title: str, caption: str | None = None) -> Table:
    return Table(title=title, caption=caption, box=box.SIMPLE_HEAD, pad_edge=False,
                 collapse_padding=True, title_justify="left",
                 caption_justify="left")  # fmt: skip


def figures(table: Table, *headers: str) -> None:
    """Right-aligned columns that never wrap (give long headers two lines: "a\\nb")."""
    for header in headers:
        table.add_column(header, justify="right", no_wrap=True)


def words(table: Table, *headers: str, justify: JustifyMethod = "left") -> None:
    """Columns that share the width left and wrap their words."""
    for header in headers:
        table.add_column(header, justify=justify, overflow="fold", ratio=1)
