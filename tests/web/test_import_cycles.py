"""The web layer's modules import each other one way: no cycle, counting every import.

A cycle that Python tolerates (an import inside a function, or one only for type checkers
under `if TYPE_CHECKING:`) still ties the modules in it together: none can be read, tested
or changed alone. So every import of a `dicehall.web` module counts here, wherever it is
written. An import names a module (`from dicehall.web.tables import table`, or
`from dicehall.web.tables.table import Table`); the packages above it are not counted (every
module's import runs `dicehall.web/__init__.py`, which imports the app).
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import dicehall.web

WEB = Path(dicehall.web.__file__).parent
PACKAGE = "dicehall.web"


def module_name(path: Path) -> str:
    parts = path.relative_to(WEB).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


def web_modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(WEB.rglob("*.py"))}


def imported(tree: ast.AST, known: set[str], here: str) -> set[str]:
    """The web modules a module's code names anywhere (module level, functions, type-only)."""
    out: set[str] = set()
    package = here if here in known and (WEB / "/".join(here.split(".")[2:])).is_dir() else ""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolved from this module's package
                anchor = (package or here.rsplit(".", 1)[0]).split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                out.add(submodule if submodule in known else base)
    return {name for name in out if name in known and name != here}


def import_graph() -> dict[str, set[str]]:
    modules = web_modules()
    known = set(modules)
    return {
        name: imported(ast.parse(path.read_text(encoding="utf-8")), known, name)
        for name, path in modules.items()
    }


def test_the_graph_sees_the_imports_it_must() -> None:
    """The graph is real: the app imports the websocket and the hall, the hall its tables."""
    graph = import_graph()
    assert len(graph) > 30
    app = graph[f"{PACKAGE}.app"]
    assert {f"{PACKAGE}.ws", f"{PACKAGE}.hall"} <= app
    assert any(".table" in name for name in graph[f"{PACKAGE}.hall"])


def test_no_import_cycle_in_the_web_layer() -> None:
    graph = import_graph()
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as exc:
        cycle = " -> ".join(name.removeprefix(PACKAGE + ".") for name in exc.args[1])
        raise AssertionError(f"web modules import each other in a cycle: {cycle}") from None


def test_a_cycle_through_a_function_level_or_type_checking_import_is_found() -> None:
    """The check counts the imports Python tolerates in a cycle (seen on two made-up modules)."""
    known = {f"{PACKAGE}.a", f"{PACKAGE}.b"}
    a = ast.parse("def f():\n    from dicehall.web.b import g\n")
    b = ast.parse(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from dicehall.web import a\n"
    )
    graph = {f"{PACKAGE}.a": imported(a, known, f"{PACKAGE}.a"),
             f"{PACKAGE}.b": imported(b, known, f"{PACKAGE}.b")}  # fmt: skip
    assert graph == {f"{PACKAGE}.a": {f"{PACKAGE}.b"}, f"{PACKAGE}.b": {f"{PACKAGE}.a"}}
