"""Broken content files given to the CLI (--content for jelly, --board for purrramid): each is
one `error:` line naming the file and the part that is wrong, exit code 2, no traceback.

test_content_flags.py covers a missing file and broken TOML syntax; these are the files that
read but are not content: binary, empty, wrong shape, wrong types, a folder, a loop.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import run

JELLY_FACE = """
[[face]]
id = "X"
board = 9
name = "X"
beginner = false
zones = {zones}
"""

# file name -> (its bytes, the words of the error: alternatives split by |)
BROKEN: dict[str, tuple[str | bytes, str]] = {
    "binary": (b"\xff\xfe\x00\x01", "not valid TOML"),
    "empty": ("", "expected"),
    "unrelated": ("title = 'my cat'\n", "expected|unknown key(s) title"),
    "jelly_zones_wrong_type": (JELLY_FACE.format(zones='"all"'), "zones"),
    "jelly_two_zones": (JELLY_FACE.format(zones="[[{jelly = 1}], [{jelly = 2}]]"), "zones"),
    "jelly_missing_fields": ('[[face]]\nid = "X"\n', "face[0]"),
    "board_offset_text": (
        'format = 1\nname = "x"\n'
        + "".join('[[rows]]\noffset = "a"\nnumbers = [2, 3]\n' for _ in range(3)),
        "offset",
    ),
    "board_too_short": ('format = 1\nname = "x"\n[[rows]]\noffset = 0\nnumbers = [2]\n', "rows"),
}

COMMANDS = {
    "jelly": ["simulate", "jelly", "-g", "1", "--mode", "tick", "--content"],
    "purrramid": ["simulate", "purrramid", "-g", "1", "--board"],
}


def cases() -> list[tuple[str, str]]:
    out = []
    for name in BROKEN:
        games = [g for g in COMMANDS if not name.startswith(("jelly_", "board_"))]
        games += ["jelly"] if name.startswith("jelly_") else []
        games += ["purrramid"] if name.startswith("board_") else []
        out += [(game, name) for game in games]
    return out


@pytest.mark.parametrize(("game", "name"), cases())
def test_broken_content_is_one_clear_error(tmp_path: Path, game: str, name: str) -> None:
    text, words = BROKEN[name]
    path = tmp_path / f"{name}.toml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    result = run([*COMMANDS[game], str(path)])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and str(path) in result.stderr
    assert any(w in result.stderr for w in words.split("|")), result.stderr
    assert "Traceback" not in result.output and result.stdout == ""


@pytest.mark.parametrize("game", sorted(COMMANDS))
def test_a_folder_or_a_self_reference_is_a_content_error(tmp_path: Path, game: str) -> None:
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    result = run([*COMMANDS[game], str(folder)])
    assert result.exit_code == 2 and "cannot be read" in result.stderr
    loop = tmp_path / "loop.toml"
    loop.write_text(f'extends = "{loop}"\n')
    result = run([*COMMANDS[game], str(loop)])
    assert result.exit_code == 2 and result.stderr.startswith("error: "), result.output
