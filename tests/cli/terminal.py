"""Driving `dicehall play` in a pseudo-terminal, as a person at an 80x24 terminal would.

`play_in_terminal` starts the real command under a pty (pexpect), answers each prompt with a
scripted choice and keeps every decision's frame: what was drawn since the screen was last
cleared for that decision, with the escape codes removed (`text`) and kept (`raw`).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pexpect

COLUMNS, ROWS = 80, 24
PROMPT = r"choose 1-(\d+)(?: \(Enter = 1\))?, q to stop: "
CONFIRM = r"Go ahead\? y/N: "
PAUSE = r"press Enter for the board, q to stop: "
CLEAR = "\x1b[2J"
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
MENU_LINE = re.compile(r"^\s*\d+\. ")
ENTRY = re.compile(r"(?:^|\s)(\d+)\. ")


@dataclass
class Frame:
    raw: str
    options: int  # the menu's length

    @property
    def text(self) -> str:
        return ESCAPES.sub("", self.raw).replace("\r", "")

    @property
    def screen(self) -> str:
        """What the terminal shows at the prompt: the frame's last ROWS lines (a frame starts
        on a cleared screen and no line is wider than the terminal, so the rest scrolled away)."""
        return "\n".join(self.text.splitlines()[-ROWS:])

    def _split(self) -> tuple[list[str], list[str]]:
        """The screen's lines above the menu, and the menu's block of numbered lines."""
        lines = self.screen.splitlines()[:-1]
        while lines and not MENU_LINE.match(lines[-1]):
            lines.pop()  # the menu's note and page line
        block = []
        while lines and MENU_LINE.match(lines[-1]):
            block.insert(0, lines.pop())
        return lines, block

    @property
    def board(self) -> str:
        """The screen above the menu: the board and the latest moves."""
        return "\n".join(self._split()[0])

    def menu(self) -> dict[int, str]:
        """The numbered entries of the menu on screen: the numbered lines above the prompt."""
        block = self._split()[1]
        found: dict[int, str] = {}
        for line in block:
            marks = list(ENTRY.finditer(line))
            for mark, after in zip(marks, [*marks[1:], None], strict=True):
                end = after.start() if after else len(line)
                found[int(mark.group(1))] = line[mark.end() : end].strip()
        return found


@dataclass
class Played:
    frames: list[Frame] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    tail: str = ""  # everything after the last decision
    exit_code: int | None = None
    pauses: list[str] = field(default_factory=list)  # the pages of events shown before a board
    received: list[str] = field(default_factory=list)  # everything the terminal received

    @property
    def transcript(self) -> str:
        """Everything shown, escape codes removed."""
        return ESCAPES.sub("", "".join(self.received)).replace("\r", "")


Chooser = Callable[[Frame, int], str]


def play_in_terminal(
    args: Sequence[str],
    choose: Chooser,
    cwd: Path,
    no_color: bool = False,
    max_decisions: int = 600,
    confirm: str = "n",
) -> Played:
    """Play `dicehall play ARGS` to the end; `choose(frame, k)` answers decision k."""
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env["TERM"] = "xterm-256color"
    if no_color:
        env["NO_COLOR"] = "1"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "dicehall.cli.main", "play", *args],
        dimensions=(ROWS, COLUMNS),
        env=env,
        cwd=str(cwd),
        timeout=120,
        encoding="utf-8",
        codec_errors="replace",
    )
    # pexpect waits 50 ms before each send, for programs that turn echo off after their
    # prompt; ours reads the line it asked for, and 200 answers were 10 s of waiting
    child.delaybeforesend = None
    played = Played()
    pending = ""
    try:
        while len(played.frames) < max_decisions:
            which = child.expect([PROMPT, CONFIRM, pexpect.EOF, PAUSE])
            pending += child.before or ""
            played.received.append(child.before or "")
            if which == 2:
                played.tail = pending
                break
            pending += child.after
            played.received.append(child.after)
            if which == 3:  # a page of what happened: read it, then go on to the board
                played.pauses.append(ESCAPES.sub("", pending.rsplit(CLEAR, 1)[-1]))
                pending = ""
                child.sendline("")
                continue
            if which == 1:
                played.warnings.append(ESCAPES.sub("", pending.rsplit("\n", 1)[-1]))
                child.sendline(confirm)
                continue
            if CLEAR not in pending and played.frames:  # the same decision, asked again
                pending = played.frames[-1].raw + pending
            frame = Frame(pending.rsplit(CLEAR, 1)[-1], int(child.match.group(1)))
            played.frames.append(frame)
            pending = ""
            child.sendline(choose(frame, len(played.frames)))
        else:
            raise AssertionError(f"no end after {max_decisions} decisions")
    finally:
        child.close(force=True)
    played.exit_code = child.exitstatus
    return played
