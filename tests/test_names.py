"""What the code names is there: every module a docstring names exists (so a move updates the
docstrings that point at the moved module), and outside `games/` no code names a game (the
front ends are generic: a game reaches them through its entry point and its parts)."""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import dicehall
from dicehall import games

ROOT = Path(dicehall.__file__).parent
LAYERS = "core|games|bots|engine|store|review|web|rl|sim|cli"
DOTTED = re.compile(rf"(?<![\w./-])(?:dicehall\.)?(?:{LAYERS})(?:\.[A-Za-z_]\w*)+(?![\w:])")
"""`bots.mcts`, `dicehall.core.parts.Knob`: a module path, maybe ending in an attribute (a
part's `"module:attribute"` is relative to its game and left out)."""
PATHS = re.compile(rf"(?<![\w.<>/-])(?:src/dicehall/|dicehall/)?(?:{LAYERS})/[\w/]*\w+\.py")
"""`web/pauses.py`: a file of the package (`games/<id>/...` patterns are left out)."""


def _sources() -> list[Path]:
    return sorted(ROOT.rglob("*.py"))


def _docstrings(path: Path) -> Iterator[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            found = ast.get_docstring(node, clean=False)
            if found:
                yield found


def names_something(ref: str, base: Path = ROOT, module: str = "dicehall") -> bool:
    """Whether `ref` (`bots.mcts.MCTSBot`) is a package, a module or a module's attribute."""
    if ref.endswith(".js"):
        return True  # a renderer file, `ui/web.js`
    parts = ref.removeprefix("dicehall.").split(".")
    for i, part in enumerate(parts):
        if (base / part / "__init__.py").exists():
            base, module = base / part, f"{module}.{part}"
            continue
        if (base / f"{part}.py").exists():
            rest = parts[i + 1 :]
            return not rest or hasattr(importlib.import_module(f"{module}.{part}"), rest[0])
        return hasattr(importlib.import_module(module), part)
    return True


def _missing(path: Path) -> list[str]:
    rel = path.relative_to(ROOT)
    in_game = rel.parts[0] == "games" and len(rel.parts) > 2
    own = (ROOT / "games" / rel.parts[1], f"dicehall.games.{rel.parts[1]}") if in_game else None
    out = []
    for text in _docstrings(path):
        for ref in DOTTED.findall(text):
            if not names_something(ref) and not (own and names_something(ref, *own)):
                out.append(ref)
        for ref in PATHS.findall(text):
            if not (ROOT / ref.removeprefix("src/dicehall/").removeprefix("dicehall/")).exists():
                out.append(ref)
    return out


def test_the_check_sees_a_moved_module() -> None:
    assert names_something("bots.mcts.MCTSBot") and names_something("core.parts")
    assert not names_something("bots.determinize") and not names_something("bots.mcts.Nothing")
    assert DOTTED.findall("read by `bots.solvers.puru_duel` here") == ["bots.solvers.puru_duel"]


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_module_a_docstring_names_exists(path: Path) -> None:
    assert not _missing(path), f"{path.relative_to(ROOT)} names what is not there"


def _game_names() -> re.Pattern[str]:
    ours = [g for g in games.available() if games.module_name(g).startswith("dicehall.games.")]
    words = {w for g in ours for w in (g, games.spec(g).name)}
    return re.compile(r"\b(" + "|".join(sorted(map(re.escape, words))) + r")\b", re.IGNORECASE)


@pytest.mark.parametrize(
    "path",
    [p for p in _sources() if p.relative_to(ROOT).parts[0] != "games"],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_outside_the_games_no_code_names_a_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = [line.strip() for line in text.splitlines() if _game_names().search(line)]
    assert not found, f"{path.relative_to(ROOT)} names a game: {found[:3]}"
