"""Board content: both built-in sides meet every constraint; user boards load or are rejected
with a message naming the row, the space, what was expected and what was found."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from tests.games.purrramid.helpers import make

from dicehall.core import CHANCE, ContentError, sample
from dicehall.games.purrramid.board import bits, space_cost

SIDE_A_ROWS = [
    (0, [3, 5, 1, 7, 10, 4, 2, 6, 9, 11]),
    (1, [6, 2, 9, 4, 1, 5, 3, 7, 10]),
    (2, [6, 3, 6, 2, 5, 4, 3, 8, 1]),
    (3, [4, 9, 8, 1, 12, 8, 5, 2]),
    (4, [8, 3, 11, 8, 6, 10]),
    (5, [2, 8, 5, 12, 8, 7]),
    (6, [9, 8, 1, 8, 4]),
    (7, [5, 8, 10]),
    (8, [8, 3, 7]),
    (9, [6, 8]),
    (10, [12]),
]


def board_toml(rows: list[tuple[int, list[int]]], extra: str = "") -> str:
    body = "".join(f"[[rows]]\noffset = {o}\nnumbers = {nums}\n\n" for o, nums in rows)
    return f'name = "test board"\n{extra}\n{body}'


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "board.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("side", ["a", "b"])
def test_built_in_sides_meet_every_constraint(side: str) -> None:
    board = make(side=side).board
    assert board.total_tiles == 72 and "reconstruction" in board.name
    assert sum(s.cost for s in board.spaces if s.row < 2) == 21
    assert sum(1 for s in board.spaces if s.number == 8 and s.row >= 2) == 12
    assert not any(s.number == 8 for s in board.spaces if s.row < 2)
    assert {2, 3, 6, 8} <= {s.number for s in board.spaces}
    numbers = {s.id: s.number for s in board.spaces}
    assert any(
        s.number == 8 and 2 in [numbers[t] for t in bits(board.below[s.id])] for s in board.spaces
    )  # the rulebook's "8" resting on a "2"
    for s in board.spaces:  # a space rests on 1-3 spaces (3 only for a "10"), none at the bottom
        assert (s.row == 0) == (board.below[s.id] == 0)
        if s.row:
            assert 1 <= len(bits(board.below[s.id])) <= (3 if s.number == 10 else 2)


def test_the_sides_differ() -> None:
    a, b = make(side="a").board, make(side="b").board
    assert a.num_rows == 11 and b.num_rows == 8
    assert len(b.rows[-1]) > 1 and len(a.rows[-1]) == 1  # flat top vs a single top space
    assert make(side="a").content_hash != make(side="b").content_hash


def test_a_custom_board_file_is_played(tmp_path: Path) -> None:
    rows = [(o, list(reversed(n))) for o, n in SIDE_A_ROWS]  # the mirror image of side A
    path = write(tmp_path, board_toml(rows))
    game = make(players=3, board=path)
    assert game.board.name == "test board" and game.params["board"] == path
    assert game.content_hash != make(players=3).content_hash
    rng, s = random.Random(4), game.initial_state()
    while not game.is_terminal(s):
        seat = game.actors(s)[0]
        if seat == CHANCE:
            s = game.apply(s, seat, sample(game, s, rng))
        else:
            legal = game.legal_actions(s, seat)
            s = game.apply(s, seat, legal[rng.randrange(len(legal))])
    assert game.result(s).winners


def _rows_with(
    row: int,
    numbers: list[int],
    offset: int | None = None,
    base: list[tuple[int, list[int]]] | None = None,
) -> list[tuple[int, list[int]]]:
    rows = [(o, list(n)) for o, n in (base or SIDE_A_ROWS)]
    rows[row] = (rows[row][0] if offset is None else offset, numbers)
    return rows


BIG_BOTTOM = _rows_with(0, [3, 5, 1, 7, 10, 4, 2, 6, 9, 12], base=_rows_with(10, [1]))
TEXT_NUMBER = board_toml(SIDE_A_ROWS).replace("[6, 3, 6, 2", '[6, "3", 6, 2')
BROKEN = [
    (
        "too_few_tiles",
        board_toml(SIDE_A_ROWS[:-1]),
        "board",
        "expected 72 tiles in all spaces, found 69",
    ),
    (
        "bottom_rows",
        board_toml(BIG_BOTTOM),
        "rows 1-2",
        "expected 21 tiles (the 2-player setup covers them), found 23",
    ),
    (
        "eight_below",
        board_toml(_rows_with(1, [6, 2, 9, 4, 8, 5, 3, 7, 10])),
        "row 2, space 5",
        'expected no "8" in the two bottom rows',
    ),
    (
        "eights_above",
        board_toml(_rows_with(9, [6, 7])),
        "rows 3 and up",
        'expected 12 "8" spaces (one per wool token), found 11',
    ),
    (
        "number_too_big",
        board_toml(_rows_with(4, [8, 3, 31, 8, 6, 10])),
        "row 5, space 3",
        "expected a number 1..30 (a sum of 1-5 dice), found 31",
    ),
    (
        "number_zero",
        board_toml(_rows_with(2, [6, 3, 6, 0, 5, 4, 3, 8, 1])),
        "row 3, space 4",
        "found 0",
    ),
    ("number_text", TEXT_NUMBER, "row 3, space 2", "found '3'"),
    (
        "overhang_left",
        board_toml(_rows_with(3, [4, 9, 8, 1, 12, 8, 5, 2], offset=1)),
        "row 4, space 1",
        "overhangs row 3 on the left (expected left edge >= 2, found 1)",
    ),
    (
        "overhang_right",
        board_toml(_rows_with(3, [4, 9, 8, 1, 12, 8, 5, 2, 3])),
        "row 4, space 9",
        "overhangs row 3 on the right (expected right edge <= 20, found 21)",
    ),
    (
        "not_brick_bond",
        board_toml(_rows_with(3, [4, 9, 8, 1, 12, 8, 5], offset=4)),
        "row 4",
        "an odd difference), found 4",
    ),
    ("too_few_rows", board_toml(SIDE_A_ROWS[:2]), "rows", "expected at least 3 rows, found 2"),
    ("unknown_key", board_toml(SIDE_A_ROWS, "colour = 1"), "file", "unknown key(s) colour"),
    (
        "unknown_row_key",
        board_toml(SIDE_A_ROWS).replace("offset = 4\n", "offset = 4\nwidth = 2\n"),
        "row 5",
        "unknown key(s) width",
    ),
    (
        "bad_offset",
        board_toml(SIDE_A_ROWS).replace("offset = 0\n", "offset = -1\n"),
        "row 1",
        "expected an offset >= 0, found -1",
    ),
    ("empty_row", board_toml(_rows_with(10, [])), "row 11", "expected a list of numbers, found []"),
    ("no_rows", 'name = "x"\n', "rows", "expected an array of [[rows]] tables"),
    (
        "bad_name",
        board_toml(SIDE_A_ROWS).replace('name = "test board"', "name = 3"),
        "name",
        "expected text, found 3",
    ),
    ("syntax", "rows = [", "syntax", "not valid TOML"),
]


@pytest.mark.parametrize(
    ("text", "where", "problem"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN]
)
def test_broken_board_files_are_rejected(
    tmp_path: Path, text: str, where: str, problem: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ContentError) as info:
        make(board=path)
    assert info.value.where == where
    assert problem in info.value.problem
    assert path in str(info.value)


def test_a_missing_board_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="cannot be read"):
        make(board=str(tmp_path / "missing.toml"))


def test_space_costs() -> None:
    assert [space_cost(n) for n in (1, 8, 10, 11, 12, 30)] == [1, 1, 2, 1, 3, 1]
