"""Terminal play: hot-seat and vs bots, one `Match`, a numbered menu of legal choices.

Input comes through an `ask(prompt) -> str` function (the console's `input` by default), so
tests script a whole game. Ctrl-C, end of input or `q` save the record and say where.

Every event since a person's last decision reaches the screen, in the web's player names
(`Player 1`, `Bot 2 (greedy)`, `Dice`): at a terminal, when they do not all fit beside the
board and the menu, they are shown first, a screenful at a time, each page waiting for Enter.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from dicehall.bots import make_bot
from dicehall.cli import menu
from dicehall.cli.common import (
    EXIT_INTERRUPTED,
    render_hint,
    render_view,
    result_table,
    seat_name,
    view_names,
)
from dicehall.cli.outputs import save_or_fallback
from dicehall.cli.screen import NEXT_PAGE, Decision, Screen
from dicehall.cli.turns import ChanceTurns
from dicehall.core import CHANCE, OMNISCIENT, DicehallError, Game, GameSpec, ParamError, Seat
from dicehall.engine import Match, Record
from dicehall.engine.explain import explain_entries
from dicehall.engine.record import game_of, resume

Ask = Callable[[str], str]
PAUSE_PROMPT = "press Enter for the board, q to stop: "
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


def record_levels(record: Record) -> dict[Seat, str]:
    """The bot seats a record names (`{"seat": 1, "kind": "bot", "bot": "greedy"}`)."""
    return {
        int(s["seat"]): str(s["bot"])
        for s in record.seats
        if isinstance(s, dict) and s.get("kind") == "bot" and "seat" in s and "bot" in s
    }


def resumed_match(record: Record, game_id: str) -> tuple[Match, dict[Seat, str]]:
    """The stopped game of `record`, ready to go on, with its bots; an error when over."""
    if record.game != game_id:
        raise DicehallError(f"--resume: the record is a {record.game} game, not {game_id}")
    levels = record_levels(record)
    game = game_of(record)
    bots = {seat: make_bot(level, game, seat) for seat, level in levels.items()}
    match = resume(record, bots=bots)
    match.release()  # a web table's record may stop in a round's pause: the terminal goes on
    if match.is_over:
        raise DicehallError("--resume: that game is over; `dicehall replay` shows it")
    return match, levels


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


@dataclass
class PlaySession:
    match: Match
    levels: dict[Seat, str]
    console: Console
    ask: Ask
    record_dir: Path
    hints: bool = False
    coach: bool = False
    shown: int = 0  # log entries already shown
    last_person: Seat | None = None  # the person who chose last (hot-seat hand-over)
    turns: ChanceTurns | None = None
    recent_lines: list[str] = field(default_factory=list)
    shown_state: Any = None  # the state after the entries shown (None: replay the log)

    def __post_init__(self) -> None:
        self.turns = ChanceTurns(self.match)

    @property
    def redraw(self) -> bool:
        """Redraw the screen for each decision (a terminal) rather than append to it."""
        return self.console.is_terminal

    @property
    def game(self) -> Game[Any, Any]:
        return self.match.game

    def run(self) -> int:
        """Play to the end or stop with q (exit code 0), or until interrupted (130); the
        record is saved either way."""
        self.console.print(
            f"[bold]{self.game.spec.name}[/] — seed {self.match.seed}; "
            f"{self._seats_text()}. Type q to stop (the game is saved)."
        )
        try:
            self._loop()
        except (KeyboardInterrupt, EOFError, Quit) as stop:
            self.console.print()
            path = self.save()
            if path is not None:
                self.console.print(
                    f"[yellow]Game stopped.[/] Record saved to [bold]{escape(str(path))}[/]; "
                    f"go on with: dicehall play {self.game.id} --resume {escape(str(path))}",
                    soft_wrap=True,
                )
            return 0 if isinstance(stop, Quit) else EXIT_INTERRUPTED
        self._show_end()
        path = self.save()
        if path is not None:
            self.console.print(f"Record saved to [bold]{escape(str(path))}[/]", soft_wrap=True)
        return 0

    def save(self) -> Path | None:
        """Save the record (to a fallback file when the folder refuses); None if both fail."""
        record = Record.of(self.match)

        def write(path: Path) -> None:
            path.parent.mkdir(parents=True, exist_ok=True)
            record.save(path)

        return save_or_fallback(write, record_path(self.record_dir, self.match))

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

    def _player(self, seat: Seat) -> str:
        """The name the board shows for `seat` ("Player 1", or the game's own name for it)."""
        return view_names(self.match.view(None)).get(seat) or f"Player {seat + 1}"

    def _seats_text(self) -> str:
        names = view_names(self.match.view(None))
        return ", ".join(
            seat_name(s, self.levels, names)
            + ("" if s in self.levels or names.get(s) == "You" else " (you)")
            for s in range(self.game.num_players)
        )

    def _recent_lines(self, viewer: Seat | None) -> list[str]:
        """What happened since the last screen, as `viewer` (at the keyboard) may read it."""
        events = self.match.events_since(self.shown, viewer)
        why = self._explained(viewer)
        self.shown = len(self.match.log)
        lines = []
        for e in events:  # every one: what a screen cannot hold is paged (`_log_pages`)
            lines.append(escape(f"{self._actor(e.seat, e.index)}: {e.text}"))
            lines += [escape(f"  → {text}") for text in why.get(e.index, ())]
        return lines

    def _explained(self, viewer: Seat | None) -> dict[int, list[str]]:
        """What the entries not shown yet changed (`engine.explain`), by log index."""
        log, start = self.match.log, self.shown
        if self.shown_state is None:
            why = explain_entries(self.game, self.game.initial_state(), log, viewer, start)
        else:
            later = explain_entries(self.game, self.shown_state, log[start:], viewer)
            why = {start + i: lines for i, lines in later.items()}
        self.shown_state = self.match.state
        return why

    def _recent(self, viewer: Seat | None) -> Panel | None:
        lines = self._recent_lines(viewer)
        if not lines:
            return None
        return Panel("\n".join(lines), title="recent moves", title_align="left")

    def _actor(self, seat: Seat, index: int) -> str:
        """Who a log line is by; a chance line says whose turn it fell on."""
        owner = self.turns.seat_of(index) if seat == CHANCE and self.turns else None
        return self._name(seat) if owner is None else f"Dice for {self._name(owner)}"

    def _show(self, seat: Seat) -> None:
        """Draw the table for `seat` (at a terminal, the screen is drawn with the menu)."""
        self.recent_lines = self._recent_lines(seat)
        if self.redraw:
            return
        self.console.rule(escape(f"{self._name(seat)} to play"))
        self.console.print(render_view(self.game, self.match.view(seat), seat))
        if self.recent_lines:
            recent = "\n".join(self.recent_lines)
            self.console.print(Panel(recent, title="recent moves", title_align="left"))
        hint = self._hint(seat)
        if hint:
            self.console.print(Text(f"hint: {hint}", style="cyan"))

    def _hint(self, seat: Seat) -> str | None:
        return render_hint(self.game, self.match.view(seat), seat) if self.hints else None

    def _screen(self, seat: Seat, texts: list[str], note: str | None) -> Screen:
        hint = self._hint(seat)
        decision = Decision(
            title=escape(f"{self._name(seat)} to play"),
            board=render_view(self.game, self.match.view(seat), seat),
            recent=self.recent_lines,
            entries=texts,
            note=note,
            hint=f"hint: {hint}" if hint else None,
        )
        return Screen(self.console, decision)

    def _choose(self, seat: Seat) -> Any:
        legal = self.match.legal_actions(seat)
        view = self.match.view(seat)
        texts = menu.labels(self.game, legal, seat)
        advice = None
        if self.coach:
            from dicehall.cli.coach import coach_labels

            texts, advice = coach_labels(self.game, view, seat, legal, texts)
        note = "\n".join(n for n in (advice, menu.note(self.game, view, legal)) if n) or None
        screen = self._screen(seat, texts, note) if self.redraw else None
        setup = all(entry.seat < 0 for entry in self.match.log)  # the board shows the setup
        if screen is not None and not setup and not screen.recent_fits():
            self._log_pages(seat)
        if screen is None:
            self.console.print(menu.layout(texts, self.console.width))
            if note:
                self.console.print(Text(note, style="dim"))
        n, page, draw = len(legal), 0, True
        default = " (Enter = 1)" if n == 1 else ""
        while True:
            if screen is not None and draw:
                screen.draw(page)
            draw = False
            raw = self.ask(f"{self._name(seat)}, choose 1-{n}{default}, q to stop: ").strip()
            if raw.lower() in ("q", "quit", "exit"):
                raise Quit
            if raw == NEXT_PAGE and screen is not None:
                page, draw = screen.turn(page), True
                continue
            index = self._index(view, legal, raw)
            if index is None:
                continue
            if self._confirmed(view, legal[index]):
                return legal[index]

    def _log_pages(self, seat: Seat) -> None:
        """The events since the last decision, a screenful at a time, each page waiting for
        Enter (at an 80x24 terminal a bot's whole turn does not fit beside the board)."""
        console = self.console
        texts = [Text.from_markup(line) for line in self.recent_lines]
        room = max(1, console.height - 3)  # a title, the prompt and a spare row
        pages: list[list[Text]] = [[]]
        used = 0
        for text in texts:
            rows = len(console.render_lines(text, console.options, pad=False))
            if pages[-1] and used + rows > room:
                pages.append([])
                used = 0
            pages[-1].append(text)
            used += rows
        for number, page in enumerate(pages, 1):
            console.clear()
            more = f" ({number}/{len(pages)})" if len(pages) > 1 else ""
            console.rule(escape(f"what happened before {self._name(seat)}'s move{more}"))
            console.print(Text("\n").join(page))
            if self.ask(PAUSE_PROMPT).strip().lower() in ("q", "quit", "exit"):
                raise Quit

    def _index(self, view: Any, legal: tuple[Any, ...], raw: str) -> int | None:
        """The menu entry `raw` picks (a number, Enter for a single entry, or a shortcut)."""
        n = len(legal)
        if raw == "" and n == 1:
            return 0
        if raw.isdigit() and 1 <= int(raw) <= n:
            return int(raw) - 1
        try:
            found = menu.shortcut(self.game, view, legal, raw) if raw else None
        except ValueError as exc:
            self.console.print(Text(str(exc), style="red"))
            return None
        if found is None:
            self.console.print(f"[red]Please enter a number from 1 to {n}.[/]")
        return found

    def _confirmed(self, view: Any, action: Any) -> bool:
        """Ask before an action the game warns about (y to go ahead)."""
        warning = menu.warning(self.game, view, action)
        if warning is None:
            return True
        answer = self.ask(f"{warning} Go ahead? y/N: ").strip().lower()
        if answer in ("q", "quit", "exit"):
            raise Quit
        return answer in ("y", "yes")

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
