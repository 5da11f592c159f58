"""Board files: loading a side (built-in or a user's TOML) and checking every constraint.

A board file lists its rows bottom first, each with an `offset` (half-tile units from the
left edge of the bottom row) and its space `numbers` left to right:

    name = "My board"
    [[rows]]
    offset = 0
    numbers = [3, 5, 1, 7, 10, 4, 2, 6, 9, 11]

Errors name the row and space (both counted from 1, row 1 at the bottom), what was expected
and what was found.
"""

from __future__ import annotations

from typing import Any

from dicehall.core.errors import ContentError
from dicehall.games._content import load_toml
from dicehall.games.purrramid.board import (
    MAX_DICE,
    Board,
    build_board,
    space_cost,
    space_width,
)

GAME_ID = "purrramid"
BOARD_TILES = 72  # regular tiles in the box; the board holds exactly that many
SETUP_TILES = 21  # the 2-player setup covers the two bottom rows with 21 tiles
WOOL_TOKENS = 12  # one per "8" space above the two bottom rows
MIN_ROWS = 3
_TOP_KEYS = {"format", "name", "reconstruction", "notes", "rows"}
_ROW_KEYS = {"offset", "numbers"}

Rows = list[tuple[int, list[int]]]


def load_board(side: str, board: str | None) -> tuple[Board, str, str]:
    """`(board, digest, source)` for a user's board file, or else the built-in `side`."""
    data, digest, source = load_toml(GAME_ID, board if board else f"side_{side}")
    return parse_board(data, source), digest, source


def parse_board(data: dict[str, Any], source: str) -> Board:
    """A checked `Board` from parsed TOML; raises `ContentError` naming the problem."""
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise ContentError(source, "file", f"unknown key(s) {', '.join(unknown)}")
    name = data.get("name", source)
    if not isinstance(name, str):
        raise ContentError(source, "name", f"expected text, found {name!r}")
    rows = _read_rows(data.get("rows"), source)
    _check_geometry(rows, source)
    _check_counts(rows, source)
    return build_board(name, rows)


def _read_rows(raw: Any, source: str) -> Rows:
    if not isinstance(raw, list) or not all(isinstance(r, dict) for r in raw):
        raise ContentError(source, "rows", "expected an array of [[rows]] tables")
    if len(raw) < MIN_ROWS:
        raise ContentError(source, "rows", f"expected at least {MIN_ROWS} rows, found {len(raw)}")
    rows: Rows = []
    for r, row in enumerate(raw, start=1):
        where = f"row {r}"
        unknown = sorted(set(row) - _ROW_KEYS)
        if unknown:
            raise ContentError(source, where, f"unknown key(s) {', '.join(unknown)}")
        offset, numbers = row.get("offset"), row.get("numbers")
        if not _is_int(offset) or offset < 0:
            raise ContentError(source, where, f"expected an offset >= 0, found {offset!r}")
        if not isinstance(numbers, list) or not numbers:
            raise ContentError(source, where, f"expected a list of numbers, found {numbers!r}")
        for i, n in enumerate(numbers, start=1):
            if not _is_int(n) or not 1 <= n <= 6 * MAX_DICE:
                raise ContentError(
                    source,
                    f"{where}, space {i}",
                    f"expected a number 1..{6 * MAX_DICE} (a sum of 1-{MAX_DICE} dice), "
                    f"found {n!r}",
                )
        rows.append((offset, list(numbers)))
    return rows


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _row_span(offset: int, numbers: list[int]) -> tuple[int, int]:
    return offset, offset + sum(space_width(n) for n in numbers)


def _check_geometry(rows: Rows, source: str) -> None:
    """Each row sits half a tile off the row below and rests entirely on it (rules.md,
    *The board*)."""
    for r in range(1, len(rows)):
        (low_off, low_nums), (off, nums) = rows[r - 1], rows[r]
        where = f"row {r + 1}"
        if (off - low_off) % 2 != 1:
            raise ContentError(
                source,
                where,
                f"expected an offset half a tile off row {r}'s offset {low_off} "
                f"(an odd difference), found {off}",
            )
        low_left, low_right = _row_span(low_off, low_nums)
        left, right = _row_span(off, nums)
        if left < low_left:
            raise ContentError(
                source,
                f"{where}, space 1",
                f"overhangs row {r} on the left (expected left edge >= {low_left}, found {left})",
            )
        if right > low_right:
            raise ContentError(
                source,
                f"{where}, space {len(nums)}",
                f"overhangs row {r} on the right "
                f"(expected right edge <= {low_right}, found {right})",
            )


def _check_counts(rows: Rows, source: str) -> None:
    """72 tiles in all, 21 on the two bottom rows, 12 "8" spaces above them and none below."""
    total = sum(space_cost(n) for _, nums in rows for n in nums)
    if total != BOARD_TILES:
        raise ContentError(
            source, "board", f"expected {BOARD_TILES} tiles in all spaces, found {total}"
        )
    bottom = sum(space_cost(n) for _, nums in rows[:2] for n in nums)
    if bottom != SETUP_TILES:
        raise ContentError(
            source,
            "rows 1-2",
            f"expected {SETUP_TILES} tiles (the 2-player setup covers them), found {bottom}",
        )
    for r, (_, nums) in enumerate(rows[:2], start=1):
        for i, n in enumerate(nums, start=1):
            if n == 8:
                raise ContentError(
                    source,
                    f"row {r}, space {i}",
                    'expected no "8" in the two bottom rows (the 12 wool tokens are for the '
                    "spaces above), found 8",
                )
    eights = sum(1 for _, nums in rows[2:] for n in nums if n == 8)
    if eights != WOOL_TOKENS:
        raise ContentError(
            source,
            "rows 3 and up",
            f'expected {WOOL_TOKENS} "8" spaces (one per wool token), found {eights}',
        )
