"""The click classes of the `dicehall` app: `--version` anywhere, a game's own flags in `-h`.

`dicehall play --version` (or `-V` after any subcommand) prints the version like `dicehall
--version`. `play` and `simulate` take the game's own flags (`--full`, `--die` ...), which are
not known until the game is: their help screen, given a game (`dicehall play GAME -h`), ends
with a panel of that game's options, each with its help, values and default.
"""

from __future__ import annotations

from typing import Any  # typer's own click types (typer._click) are private: contexts are Any

import typer
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from typer.core import TyperCommand, TyperGroup

from dicehall import __version__, games
from dicehall.cli.options import flag_name
from dicehall.core import DicehallError

VERSION_FLAGS = ("--version", "-V")
RAW_ARGS = "dicehall.raw_args"


class VersionGroup(TyperGroup):
    """The app's group: `--version` (or `-V`) after a subcommand is the app's `--version`."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        words = args[: args.index("--")] if "--" in args else args
        if any(flag in words for flag in VERSION_FLAGS):
            typer.echo(f"dicehall {__version__}")
            ctx.exit()
        return super().parse_args(ctx, args)


def _named_game(args: list[str]) -> str | None:
    """The first word of `args` that is an installed game's id."""
    known = set(games.available())
    return next((word for word in args if word in known), None)


def game_options_panel(game_id: str) -> Panel:
    """The game's own flags, each with its help, its values and its default."""
    spec = games.spec(game_id)
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold cyan", no_wrap=True)
    table.add_column()
    for param in spec.params:
        if param.name == "players":
            continue  # --players is the command's own option
        flag = flag_name(param.name) + ("" if param.kind is bool else " VALUE")
        text = param.help.rstrip(".")
        about = [text[:1].upper() + text[1:] + "." if text else ""]
        if param.choices:
            about.append(f"One of: {', '.join(map(str, param.choices))}.")
        if param.kind is not bool and param.default not in (None, ""):
            about.append(f"[dim][default: {param.default}][/]")
        table.add_row(flag, " ".join(a for a in about if a))
    title = f"Options of {spec.name} ({game_id})"
    return Panel(table, title=title, title_align="left", border_style="dim")


class GameCommand(TyperCommand):
    """A command taking the game's own flags: its help lists them when a game is named."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        ctx.meta[RAW_ARGS] = list(args)  # the help, printed while parsing, reads the game here
        return super().parse_args(ctx, args)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        super().format_help(ctx, formatter)
        game_id = _named_game(ctx.meta.get(RAW_ARGS, []))
        try:
            panel = game_options_panel(game_id) if game_id else None
        except DicehallError:
            panel = None
        console = Console()
        if panel is None:
            console.print(" Name a game (`dicehall play GAME -h`) to see its own options.\n")
            return
        console.print(panel)
