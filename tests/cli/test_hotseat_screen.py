"""Terminal hot-seat keeps each person's roll to themselves, on a real pseudo-terminal.

Rulebook (docs/rules/jelly.md, "A round (real time)"): "Your roll is hidden behind your screen:
other players see that you hold a roll, never its values." At one shared keyboard the screen is
the screen: between two people it is wiped, scrollback included, and the log shown to each
person names other seats' rolls without their values.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

WIPE_SCROLLBACK = "\x1b[3J"
DECISIONS = 12
COMMAND = ["play", "jelly", "--players", "3", "--mode", "tick", "--bot", "2=random", "--seed", "5"]


def _play_in_a_terminal(record_dir: Path) -> str:
    """Run the command on a 120x40 pseudo-terminal: choose 1 at each menu (then q), press Enter
    at each hand-over; return everything the terminal received."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "40"}
    env.pop("NO_COLOR", None)
    args = [sys.executable, "-m", "dicehall", *COMMAND, "--record-dir", str(record_dir)]
    proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    out, answered, decisions = "", 0, 0
    deadline = time.monotonic() + 120
    try:
        while proc.poll() is None and time.monotonic() < deadline:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    out += os.read(master, 65536).decode("utf-8", "replace")
                except OSError:  # the child closed the terminal
                    break
            prompts = re.findall(r"(q to stop: |press Enter: )", out)
            for prompt in prompts[answered:]:
                if prompt == "press Enter: ":
                    os.write(master, b"\n")
                else:
                    decisions += 1
                    os.write(master, b"1\n" if decisions <= DECISIONS else b"q\n")
            answered = len(prompts)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert proc.returncode == 0, out[-2000:]  # stopped with q: the record is saved
    return out


def test_hot_seat_wipes_the_screen_and_shows_only_your_own_roll(tmp_path: Path) -> None:
    out = _play_in_a_terminal(tmp_path)
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.replace(WIPE_SCROLLBACK, "\x00"))
    screens = plain.split("\x00")  # what a person could see, scrolling back included
    people = 0
    for screen in screens:
        seats = set(re.findall(r"─ Player (\d) to play ─", screen))
        assert len(seats) <= 1, f"one screen shows seats {seats}"
        if not seats:
            continue
        (seat,) = seats
        people += 1
        rolls = re.findall(r"Player (\d) rolls((?: [1-6])+)", screen)  # names count from 1
        assert all(s == seat for s, _ in rolls), f"Player {seat}'s screen: {rolls}"
        assert screen.count("Your roll") >= 1
    assert people >= 3, "the game did not change hands"
    handovers = [s for s in screens if "Pass the keyboard to Player" in s]
    assert handovers and all("Your roll" not in s and "rolls" not in s for s in handovers)
    assert "rolls behind their screen" in plain
    assert len(list(tmp_path.glob("*.json"))) == 1
