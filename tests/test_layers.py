"""Architecture rules: imports point one way, and `core`/`games` stay pure (no IO, no clocks)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import dicehall

ROOT = Path(dicehall.__file__).parent

ALLOWED = {
    "core": {"core"},
    "games": {"core", "games"},
    "bots": {"core", "games", "bots"},
    "engine": {"core", "games", "bots", "engine"},
    "store": {"core", "games", "bots", "engine", "store"},
    "web": {"core", "games", "bots", "engine", "store", "web"},
    "rl": {"core", "games", "bots", "rl"},
    "sim": {"core", "games", "bots", "engine", "sim"},
    "cli": {"core", "games", "bots", "engine", "store", "web", "rl", "sim", "cli"},
}
IO_MODULES = {
    "asyncio", "datetime", "http", "io", "logging", "os", "pathlib", "random", "shutil",
    "socket", "sqlite3", "subprocess", "sys", "tempfile", "threading", "time", "urllib",
}  # fmt: skip
IO_CALLS = {"print", "open", "input", "breakpoint"}
# The sampling function, the seeded streams and the content reader are the documented exceptions.
PURE_EXCEPTIONS = {
    "core/chance.py": {"random"},
    "core/seeding.py": {"random"},
    "games/_content.py": {"pathlib"},
}


def _modules() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if p.relative_to(ROOT).parts[0] in ALLOWED)


def _imports(tree: ast.AST) -> list[str]:
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append(node.module)
    return out


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
            assert parts[1] in ALLOWED[layer], f"{rel}: layer {layer} may not import {name}"
    if layer not in ("core", "games"):
        return
    allowed_io = PURE_EXCEPTIONS.get(rel.as_posix(), set())
    for name in _imports(tree):
        top = name.split(".")[0]
        assert top not in IO_MODULES or top in allowed_io, f"{rel}: IO module {name} in {layer}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in IO_CALLS, f"{rel}: calls {node.func.id}() in {layer}"
