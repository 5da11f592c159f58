"""Terminal play: hot-seat and vs bots, one `Match`, a numbered menu of legal choices.

Input comes through an `ask(prompt) -> str` function (the console's `input` by default), so
tests script a whole game. Ctrl-C, end of input or `q` save the record and say where.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from dicehall.bots import make_bot
from dicehall.cli.common import (
    EXIT_INTERRUPTED,
    render_hint,
    render_view,
    result_table,
    seat_name,
    view_names,
)
from dicehall.core import OMNISCIENT, DicehallError, Game, GameSpec, ParamError, Seat
from dicehall.engine import Match, Record

Ask = Callable[[str], str]
RECENT = 30  # log lines shown before a prompt at most
SHORT_MENU = 10  # longer menus are shown in columns
WIPE = "\x1b[H\x1b[2J\x1b[3J"  # cursor home, clear the screen, clear the scrollback


class Quit(Exception):
    """The player asked to stop (q)."""


def terminal_params(spec: GameSpec, params: dict[str, Any], strict: bool = True) -> dict[str, Any]:
    """Real-time games are played turn-by-tick in the terminal (it has no sand timer).

    `strict`: reject another mode (play); otherwise only default to tick (bench).
    """
    if not spec.real_time or all(p.name != "mode" for p in spec.params):
        return params
    mode = params.get("mode")
    if mode is None:
        return {**params, "mode": "tick"}
    if mode != "tick" and strict:
        raise ParamError(f"{spec.id}: terminal play needs --mode tick, got {mode!r}")
    return params


def new_seed() -> int:
    return random.SystemRandom().randrange(2**31)


def new_match(game: Game[Any, Any], seed: int, levels: dict[Seat, str]) -> Match:
    bots = {seat: make_bot(level, game, seat) for seat, level in levels.items()}
    return Match(game, seed, bots=bots)


def record_path(record_dir: Path, match: Match) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = record_dir / f"{match.game.id}-{match.seed}-{stamp}.json"
    n = 1
    while path.exists():
        n += 1
        path = record_dir / f"{match.game.id}-{match.seed}-{stamp}-{n}.json"
    return path


def wipe_screen(console: Console) -> None:
    """Clear the screen and its scrollback (a terminal that cannot, TERM=dumb, gets enough blank
    lines to push the old screen out of sight); a pipe or a file has no screen to clear."""
    if not console.is_terminal:
        return
    if console.is_dumb_terminal:
        console.print("\n" * console.height)
        return
    console.file.write(WIPE)
    console.file.flush()


def menu(texts: list[str]) -> RenderableType:
    """The numbered choices; long menus go into columns, numbered down each column."""
    items = [Text.from_markup(f"[bold]{i:>3}[/]. ") + Text(t) for i, t in enumerate(texts, 1)]
    if len(items) <= SHORT_MENU:
        return Group(*items)
    return Columns(items, column_first=True, padding=(0, 3))


@dataclass
class PlaySession:
    match: Match
    levels: dict[Seat, str]
    console: Console
    ask: Ask
    record_dir: Path
    hints: bool = False
    shown: int = 0  # log entries already shown
    last_person: Seat | None = None  # the person who chose last (hot-seat hand-over)

    @property
    def game(self) -> Game[Any, Any]:
        return self.match.game

    def run(self) -> int:
        """Play to the end (exit code 0) or until interrupted (record saved, 130)."""
        self.console.print(
            f"[bold]{self.game.spec.name}[/] — seed {self.match.seed}; "
            f"{self._seats_text()}. Seats count from 0. Type q to stop (the game is saved)."
        )
        try:
            self._loop()
        except (KeyboardInterrupt, EOFError, Quit):
            self.console.print()
            path = self.save()
            self.console.print(f"[yellow]Game stopped.[/] Record saved to [bold]{path}[/]")
            return EXIT_INTERRUPTED
        self._show_end()
        path = self.save()
        self.console.print(f"Record saved to [bold]{path}[/]")
        return 0

    def save(self) -> Path:
        self.record_dir.mkdir(parents=True, exist_ok=True)
        path = record_path(self.record_dir, self.match)
        Record.of(self.match).save(path)
        return path

    # --- the loop -------------------------------------------------------------------
    def _loop(self) -> None:
        match = self.match
        while not match.is_over:
            match.run_bots()
            if match.is_over:
                break
            humans = [s for s in match.actors() if s not in match.bots]
            if not humans:
                raise DicehallError("nobody can act now (real-time games need --mode tick)")
            # several people at once (tick mode) are asked one after another
            seat = humans[0]
            self._hand_over(seat)
            self._show(seat)
            match.submit(seat, self._choose(seat))

    def _hand_over(self, seat: Seat) -> None:
        """Hot-seat with secrets: wipe the last person's screen, wait for the next person."""
        people = self.game.num_players - len(self.levels)
        changed = self.last_person is not None and seat != self.last_person
        self.last_person = seat
        if self.game.spec.hidden_information and people > 1 and changed:
            wipe_screen(self.console)
            answer = self.ask(f"Pass the keyboard to {self._name(seat)} - press Enter: ")
            if answer.strip().lower() in ("q", "quit", "exit"):
                raise Quit
            wipe_screen(self.console)

    def _name(self, seat: Seat) -> str:
        return seat_name(seat, self.levels, view_names(self.match.view(None)))

    def _seats_text(self) -> str:
        people = {s: "you" for s in range(self.game.num_players) if s not in self.levels}
        names = view_names(self.match.view(None))
        return ", ".join(
            seat_name(s, {**self.levels, **people}, names) for s in range(self.game.num_players)
        )

    def _recent(self, viewer: Seat | None) -> Panel | None:
        """What happened since the last screen, as `viewer` (at the keyboard) may read it."""
        events = self.match.events_since(self.shown, viewer)
        self.shown = len(self.match.log)
        if not events:
            return None
        lines = [escape(f"{self._name(e.seat)}: {e.text}") for e in events[-RECENT:]]
        if len(events) > RECENT:
            lines.insert(0, f"… {len(events) - RECENT} earlier")
        return Panel("\n".join(lines), title="recent moves", title_align="left")

    def _show(self, seat: Seat) -> None:
        self.console.rule(escape(f"{self._name(seat)} to play"))
        self.console.print(render_view(self.game, self.match.view(seat), seat))
        recent = self._recent(seat)
        if recent is not None:
            self.console.print(recent)
        if self.hints:
            hint = render_hint(self.game, self.match.view(seat), seat)
            if hint:
                self.console.print(Text(f"hint: {hint}", style="cyan"))

    def _choose(self, seat: Seat) -> Any:
        legal = self.match.legal_actions(seat)
        self.console.print(menu([self.game.describe(a, seat) for a in legal]))
        n = len(legal)
        default = " (Enter = 1)" if n == 1 else ""
        while True:
            raw = self.ask(f"{self._name(seat)}, choose 1-{n}{default}, q to stop: ").strip()
            if raw.lower() in ("q", "quit", "exit"):
                raise Quit
            if raw == "" and n == 1:
                return legal[0]
            if raw.isdigit() and 1 <= int(raw) <= n:
                return legal[int(raw) - 1]
            self.console.print(f"[red]Please enter a number from 1 to {n}.[/]")

    def _show_end(self) -> None:
        self.console.rule("game over")
        self.console.print(render_view(self.game, self.match.view(None), None))
        recent = self._recent(OMNISCIENT)  # the match is over: nothing is secret any more
        if recent is not None:
            self.console.print(recent)
        result = self.match.result()
        if result is not None:
            names = view_names(self.match.view(None))
            self.console.print(result_table(result, self.levels, names))
