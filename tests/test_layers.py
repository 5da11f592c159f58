"""Architecture rules: imports point one way, and `core` and the games' rules stay pure (no IO,
no clocks, the standard library only).

A game package holds its rules and its front-end parts (`dicehall.core.parts.GameParts`): the
parts (`bots/`, `ui/`, `features.py`, `hints.py`) may do IO and use their medium's library (Rich,
in `ui/` only), but like the rules they import nothing of dicehall beyond `core` and `games`:
never `bots`, `cli`, `rl`, `sim`, `web`, `engine` or `store`.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import dicehall

ROOT = Path(dicehall.__file__).parent

ALLOWED = {
    "core": {"core"},
    "games": {"core", "games"},
    "bots": {"core", "games", "bots", "batch"},  # batched playouts (bots.mcts_batched)
    "engine": {"core", "games", "bots", "engine"},
    "store": {"core", "games", "bots", "engine", "store"},
    "review": {"core", "games", "bots", "engine", "review"},
    "web": {"core", "games", "bots", "engine", "store", "review", "web"},
    "batch": {"core", "games", "batch"},
    "rl": {"core", "games", "bots", "batch", "rl"},
    "sim": {"core", "games", "bots", "engine", "batch", "sim"},
    "cli": {
        "core", "games", "bots", "engine", "store", "web", "rl", "sim", "review", "batch", "cli",
    },
}  # fmt: skip
IO_MODULES = {
    "asyncio", "datetime", "http", "io", "logging", "os", "pathlib", "random", "shutil",
    "socket", "sqlite3", "subprocess", "sys", "tempfile", "threading", "time", "urllib",
}  # fmt: skip
IO_CALLS = {"print", "open", "input", "breakpoint"}
# The one sampling function, the seeded streams, the one content reader and the plugin finder
# (which logs a game that fails to load) are the documented exceptions.
PURE_EXCEPTIONS = {
    "core/chance.py": {"random"},
    "core/seeding.py": {"random"},
    "games/_content.py": {"pathlib"},
    "games/plugins.py": {"logging"},
}
LIBRARY_EXCEPTIONS = {"core/terminal.py": {"rich"}}
"""Third-party libraries a pure module may import: the terminal renderers' helpers use Rich."""
PART_DIRS = {"bots", "ui", "batch"}
PART_FILES = {"features.py", "hints.py"}
STDLIB = set(sys.stdlib_module_names) | {"dicehall"}


def _modules() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if p.relative_to(ROOT).parts[0] in ALLOWED)


def _imports(tree: ast.AST) -> list[str]:
    """Every absolute import, except those only for type checkers (`if TYPE_CHECKING:`)."""
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for stmt in node.body
        for inner in ast.walk(stmt)
    }
    out: list[str] = []
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
    return out


def is_game_part(rel: Path) -> bool:
    """A front-end part of a game package (`games/<id>/bots/...`, `ui/...`, `features.py`...)."""
    parts = rel.parts
    if len(parts) < 3 or parts[0] != "games":
        return False
    return parts[2] in PART_DIRS or (len(parts) == 3 and parts[2] in PART_FILES)


def is_batch_base(rel: Path, name: str) -> bool:
    """A game's batched form (`games/<id>/batch/`) builds on `dicehall.batch.engine`, the one
    higher module a game's part may import (the batch layer finds the form through games)."""
    return is_game_part(rel) and rel.parts[2] == "batch" and name == "dicehall.batch.engine"


def test_there_are_modules_to_check() -> None:
    assert len(_modules()) > 10


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_point_down_and_core_games_are_pure(path: Path) -> None:
    rel = path.relative_to(ROOT)
    layer = rel.parts[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for name in _imports(tree):
        parts = name.split(".")
        if parts[0] == "dicehall" and len(parts) > 1 and parts[1] in ALLOWED:
            if is_batch_base(rel, name):
                continue
            assert parts[1] in ALLOWED[layer], f"{rel}: layer {layer} may not import {name}"
    if layer not in ("core", "games") or is_game_part(rel):
        return
    allowed_io = PURE_EXCEPTIONS.get(rel.as_posix(), set())
    libraries = LIBRARY_EXCEPTIONS.get(rel.as_posix(), set())
    for name in _imports(tree):
        top = name.split(".")[0]
        assert top not in IO_MODULES or top in allowed_io, f"{rel}: IO module {name} in {layer}"
        assert top in STDLIB or top in libraries, f"{rel}: {name} is not the standard library"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in IO_CALLS, f"{rel}: calls {node.func.id}() in {layer}"


@pytest.mark.parametrize(
    "path", [p for p in _modules() if is_game_part(p.relative_to(ROOT))], ids=str
)
def test_game_parts_use_only_core_and_their_medium(path: Path) -> None:
    """Rich only in a game's `ui/`; nothing of dicehall's front ends anywhere in a game, but
    for a batched form (`batch/`), which builds on `dicehall.batch.engine`."""
    rel = path.relative_to(ROOT)
    for name in _imports(ast.parse(path.read_text(encoding="utf-8"))):
        top = name.split(".")[0]
        assert top != "rich" or rel.parts[2] == "ui", f"{rel}: Rich outside the game's ui/"
        if top == "dicehall" and len(name.split(".")) > 1:
            layer = name.split(".")[1]
            assert layer in ("core", "games") or is_batch_base(rel, name), f"{rel}: imports {name}"


def test_every_game_declares_its_parts_as_modules_that_exist() -> None:
    """Each `PARTS` entry of an installed game names a module (and attribute) that loads."""
    from dicehall import games
    from dicehall.core.parts import GameParts

    for game_id in games.available():
        for name in GameParts.loadable():
            if getattr(games.parts(game_id), name):
                assert games.part(game_id, name) is not None, (game_id, name)
