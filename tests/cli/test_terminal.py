"""Each game played to its end in a real 80x24 pseudo-terminal (bots in the other seats).

At every decision, what the menu on screen refers to (names, district letters, dice letters,
stall, slot, row and column numbers) must be on the 24 rows the terminal shows at the prompt,
and nothing may be cut to "…". Paradice is played with and without colour (NO_COLOR=1): its
dice must still read by letter.
"""

from __future__ import annotations

import io
import itertools
import re
from pathlib import Path

import pytest
from rich.console import Console

from dicehall import games
from dicehall.bots import make_bot
from dicehall.cli.common import render_view
from dicehall.engine import Match, Record, verify
from tests.cli.terminal import Frame, Played, play_in_terminal

SGR_COLOUR = re.compile(r"\x1b\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])[;m]")


def _finished(played: Played, tmp_path: Path) -> Record:
    assert played.exit_code == 0, played.tail[-2000:]
    assert "Game over" in played.tail and "Record saved to" in played.tail
    [path] = tmp_path.glob("*.json")
    record = Record.load(path)
    assert record.result is not None and verify(record) == record.result
    return record


def _uncut(frame: Frame) -> None:
    assert "…" not in frame.text.replace("… ", "").replace("…\n", ""), frame.text
    assert all(len(line) <= 80 for line in frame.text.splitlines())
    assert frame.menu(), f"no menu entry on screen:\n{frame.screen}"


def test_puru_at_80_columns_names_every_player_and_die(tmp_path: Path) -> None:
    """Rulebook: "Roll the 6 dice ... you may reroll any number of dice" - typed as `r 12`."""

    def choose(frame: Frame, k: int) -> str:
        return "r 12" if k == 1 else "1"

    played = play_in_terminal(
        ["puru", "--players", "3", "--seed", "3", "--bot", "rest=greedy"], choose, tmp_path
    )
    record = _finished(played, tmp_path)
    for frame in played.frames:
        _uncut(frame)
        for name in ("Player 1", "Player 2", "Player 3"):
            assert name in frame.board
        if any(entry.startswith("reroll") for entry in frame.menu().values()):
            assert "H heart" in frame.board and "A angry" in frame.board
            assert all(f"{i}[" in frame.board for i in range(1, 7))  # dice by position
    assert "Dice for Player 1: rolled" in played.frames[0].screen
    rerolls = 0
    lines = [line.strip("│ ") for line in played.transcript.splitlines()]
    for line, after in itertools.pairwise(lines):  # a reroll's roll is the rerolling player's
        who = re.match(r"(Player \d|Bot \d \(greedy\)): reroll", line)
        if who and after.startswith("Dice"):
            assert after.startswith(f"Dice for {who.group(1)}: rolled"), after
            rerolls += 1
    assert rerolls
    first = next(e for e in record.actions if e.seat == 0)
    assert "reroll" in str(first.action).lower() or "Reroll" in str(first.action)


def test_purrramid_at_80_columns_shows_rows_spaces_and_a_legend(tmp_path: Path) -> None:
    """Rulebook: a Stop whose tiles break the placement rules busts the turn - asked first.
    A menu longer than the screen shows a page at a time: `+` turns it, numbers stay."""
    offered: list[int] = []
    turned: list[Frame] = []

    def choose(frame: Frame, k: int) -> str:
        menu = frame.menu()
        stop = next((n for n, e in menu.items() if e == "stop"), None)
        if stop is not None and "stop would bust" in frame.screen and not offered:
            offered.append(k)
            return str(stop)  # answered "n" at the warning
        if "type + for more" in frame.screen and len(turned) < 2:
            turned.append(frame)
            return "+"
        return str(min(menu))

    played = play_in_terminal(
        ["purrramid", "--seed", "5", "--bot", "1=greedy"], choose, tmp_path, max_decisions=900
    )
    _finished(played, tmp_path)
    assert offered and played.warnings and "busts" in played.warnings[0]
    assert len(turned) == 2
    following = [played.frames[played.frames.index(f) + 1] for f in turned]
    for before, after in zip(turned, following, strict=True):  # the next page's entries
        assert min(after.menu()) == max(before.menu()) + 1, after.screen
        assert after.options == before.options
    for frame in played.frames:
        _uncut(frame)
        assert "= setup tile" in frame.board and "~ wool" in frame.board
        assert "R Player 1" in frame.board and "B Player 2" in frame.board
        rows = {
            int(m.group(1)): m.group(0)
            for m in re.finditer(r"^(?:│)? *(\d+) .*$", frame.board, re.M)
        }
        for entry in frame.menu().values():
            placed = re.fullmatch(r"[\d+]+ on (\d+) \(r(\d+) s(\d+)\)", entry)
            if placed:
                number, row = placed.group(1), int(placed.group(2))
                assert row in rows and number in rows[row], entry


@pytest.mark.parametrize("no_color", [True, False], ids=["no-colour", "colour"])
def test_paradice_reads_by_letters_and_numbers(tmp_path: Path, no_color: bool) -> None:
    """Rulebook: dice are placed on a stall's slots - each named by colour, numbered on screen."""
    played = play_in_terminal(
        ["paradice", "--seed", "2", "--bot", "1=greedy", "--param", "storehouse=2"],
        lambda frame, k: str(min(frame.menu())),
        tmp_path,
        no_color=no_color,
        max_decisions=900,
    )
    _finished(played, tmp_path)
    for frame in played.frames:
        _uncut(frame)
        assert bool(SGR_COLOUR.search(frame.raw)) != no_color, "colour codes despite NO_COLOR"
        board = frame.board
        assert "P pink" in board and "B blue" in board and "K black" in board
        pending = re.search(r"to place: (.*?)(?:│| · |$)", board, re.M)
        if pending and "—" not in pending.group(1):
            assert re.fullmatch(r"\s*([PLOBGK]\d\s*)+", pending.group(1)), pending.group(1)
        for entry in frame.menu().values():
            for stall, slot in re.findall(r"stall (\d+) slot (\d+)", entry):
                assert f"stall {stall}: " in board and f" {slot}:" in board, entry
            for cols in re.findall(r"column\(?s?\)? ([\d,]+)", entry):
                assert all(f"c{c}" in board for c in cols.split(",")), entry
            for row in re.findall(r"row (\d+)", entry):
                assert re.search(rf"\br{row}\b", board), entry
            for plaza in re.findall(r"Plaza stall (\d+)", entry):
                assert re.search(rf"(?:^|│ |  ){plaza}\. \S", board, re.M), entry


def test_jelly_at_80_columns_keeps_letters_and_entrances(tmp_path: Path) -> None:
    """Rulebook: place a die at a district's entrance - the menu's letter is on the board;
    "the city has players + 2 districts" (5 with 3 players: A to E)."""
    typed = []

    def choose(frame: Frame, k: int) -> str:
        plain = [e for e in frame.menu().values() if re.fullmatch(r"\d on [A-G]", e)]
        if plain and not typed:
            typed.append(plain[0])
            return plain[0].replace(" on ", "").lower()  # "3 on A" typed as "3a"
        return "1"

    played = play_in_terminal(
        ["jelly", "--players", "3", "--seed", "2", "--bot", "rest=greedy"], choose, tmp_path
    )
    record = _finished(played, tmp_path)
    assert typed
    value, district = typed[0].split(" on ")
    placed = next(e.action for e in record.actions if e.seat == 0 and "value" in e.action)
    assert str(placed["value"]) == value and placed["district"] == "ABCDE".index(district)
    for frame in played.frames:
        _uncut(frame)
        letters = set(re.findall(r"^(?:│ )?([A-G]) ", frame.board, re.M))
        assert letters == set("ABCDE"), frame.screen
        for entry in frame.menu().values():
            where = re.match(r"\d on ([A-G])", entry)
            if where:
                assert where.group(1) in letters
            owner = re.search(r"P(\d)'s (\d) out", entry)  # players count from 1 everywhere
            if owner:
                assert re.search(rf"P{owner.group(1)} [^│]*{owner.group(2)}", frame.board), entry
            assert not re.search(r"\bs\d\b", frame.board)  # no seat counted from 0


@pytest.mark.parametrize("width", [64, 80, 100, 120, 160])
@pytest.mark.parametrize("game_id", ["puru", "purrramid", "paradice", "jelly"])
def test_boards_fit_every_width_without_cutting(game_id: str, width: int) -> None:
    """Below the width a layout needs, the compact one takes over: nothing is cut to "…"."""
    game = games.make(game_id, **({"mode": "tick"} if game_id == "jelly" else {}))
    bots = {seat: make_bot("greedy", game, seat) for seat in range(game.num_players)}
    match = Match(game, 2, bots=bots)
    match.run_bots(max_steps=12)
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(render_view(game, match.view(0), 0))
    text = console.export_text()
    assert "…" not in text and all(len(line) <= width for line in text.splitlines())
    if game_id == "jelly":
        letters = {line.strip("│ ")[:2] for line in text.splitlines()}
        assert {"A ", "B ", "C ", "D ", "E ", "F "} <= letters
