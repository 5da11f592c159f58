"""What every command shares: consoles, the error guard, drawing a view, a result table."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

import typer
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from dicehall import games
from dicehall.core import CHANCE, DicehallError, Game, Result, Seat, View
from dicehall.core.parts import TerminalHooks

EXIT_ERROR = 2
EXIT_INTERRUPTED = 130


def console() -> Console:
    return Console(highlight=False)


def error_console() -> Console:
    return Console(stderr=True, highlight=False)


def console_ask(out: Console) -> Callable[[str], str]:
    """Read a line from the terminal after a prompt printed as plain text (no markup)."""

    def ask(prompt: str) -> str:
        return out.input(Text(prompt))

    return ask


def fail(message: str) -> NoReturn:
    """Print a one-line red error and exit with code 2."""
    line = " ".join(str(message).split())
    error_console().print(
        Text("error: ", style="bold red") + Text(line, style="red"), soft_wrap=True
    )
    raise typer.Exit(EXIT_ERROR)


@contextmanager
def guard() -> Iterator[None]:
    """Turn the errors a user can cause into one red line and exit code 2, never a traceback."""
    try:
        yield
    except DicehallError as exc:
        fail(str(exc))
    except json.JSONDecodeError as exc:
        fail(f"not valid JSON: {exc}")
    except OSError as exc:
        name = f" {exc.filename}" if exc.filename else ""
        fail(f"{exc.strerror or exc}{name and ':' + name}")
    except UnicodeDecodeError as exc:
        fail(f"not a text file: {exc.reason}")


def seat_name(
    seat: Seat, levels: dict[Seat, str] | None = None, names: dict[Seat, str] | None = None
) -> str:
    """A seat as the web names it: `Player 3` (or the game's name for it), a bot `Bot 2
    (greedy)`, chance `Dice`, the engine `Timer`; players count from 1 everywhere."""
    if seat < 0:
        return "Dice" if seat == CHANCE else "Timer"
    level = (levels or {}).get(seat)
    if level is not None:
        return f"Bot {seat + 1} ({level})"
    return (names or {}).get(seat) or f"Player {seat + 1}"


def view_names(view: View) -> dict[Seat, str]:
    """The players' names a view gives in `players[i]["name"]` (none if it gives none)."""
    players = view.get("players")
    if not isinstance(players, list):
        return {}
    return {
        i: p["name"]
        for i, p in enumerate(players)
        if isinstance(p, dict) and isinstance(p.get("name"), str)
    }


def terminal_hooks(game_id: str) -> TerminalHooks | None:
    """The game's terminal drawing and menu hooks (its `terminal` part), or None."""
    return games.terminal_hooks(game_id)


def render_view(game: Game[Any, Any], view: View, seat: Seat | None) -> RenderableType:
    """The game's own terminal drawing, or the raw view when the game has none."""
    module = terminal_hooks(game.id)
    title = "spectator view" if seat is None else f"{seat_name(seat)}'s view"
    if module is not None:
        try:
            drawn: RenderableType = module.render(game, view, seat)
            return drawn
        except Exception as exc:  # a drawing bug must not end a game in progress
            note = Text(f"(the {game.id} renderer failed: {exc!r}; raw view below)", style="dim")
            return Group(note, Panel(Pretty(view), title=title))
    return Panel(Pretty(view), title=f"{game.spec.name} — {title}")


def has_hints(game: Game[Any, Any]) -> bool:
    module = terminal_hooks(game.id)
    return module is not None and module.hint is not None


def render_hint(game: Game[Any, Any], view: View, seat: Seat) -> str | None:
    module = terminal_hooks(game.id)
    hint = module.hint if module is not None else None
    if hint is None:
        return None
    try:
        text = hint(game, view, seat)
    except Exception as exc:  # hints are advice; never fatal
        return f"(hint unavailable: {exc!r})"
    return None if text is None else str(text)


def result_table(
    result: Result, levels: dict[Seat, str] | None = None, names: dict[Seat, str] | None = None
) -> Table:
    table = Table(title=f"Game over — {result.reason}", title_justify="left")
    table.add_column("player")
    table.add_column("score", justify="right")
    table.add_column("rank", justify="right")
    table.add_column("")
    for seat, (score, rank) in enumerate(zip(result.scores, result.ranks, strict=True)):
        won = "winner" if seat in result.winners else ""
        table.add_row(seat_name(seat, levels, names), f"{score:g}", str(rank), won)
    if result.notes:
        table.caption = "; ".join(named_seats(note, levels, names) for note in result.notes)
    return table


SEAT_WORD = re.compile(r"\bseat (\d+)\b")


def named_seats(text: str, levels: dict[Seat, str] | None, names: dict[Seat, str] | None) -> str:
    """A game's result note ("seat 0: 39 points") with the players' names ("Player 1: 39 points");
    the notes stay as the records keep them, only the screen names the players."""
    return SEAT_WORD.sub(lambda m: seat_name(int(m.group(1)), levels, names), text)


def result_line(result: Result, names: dict[Seat, str] | None = None) -> str:
    winners = ", ".join(seat_name(w, None, names) for w in result.winners) or "nobody"
    scores = ", ".join(f"{s:g}" for s in result.scores)
    return f"winner(s): {winners}; scores: {scores}; ended by: {result.reason}"
