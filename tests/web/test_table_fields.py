"""Only a live table changes its own fields: other web modules call its methods.

A module that set `table.claimed`, `table.pause` or `table.row.status` itself had to know
what else the table keeps in step with them (the seats' broadcast, the driver's wake-up, the
other processes' notices). Here every assignment in `web/` whose target starts at a name
`table` is refused, and so is a call that changes a collection of a table's
(`table.x.add(...)`, `table.x[k].update(...)`), except in the table and the parts it owns.
"""

from __future__ import annotations

import ast
from pathlib import Path

import dicehall.web

WEB = Path(dicehall.web.__file__).parent
MUTATORS = {"add", "append", "clear", "discard", "pop", "remove", "setdefault", "update"}
OWN = {"table.py", "driver.py", "presence.py", "pauses.py", "messages.py"}
"""The table and the parts it owns (`tables/`): the driver seats a stand-in bot in its match."""


def _rooted_at_table(node: ast.expr) -> bool:
    """`table.x`, `table.x.y`, `table.x[k]`... (not `table` alone, not a method's result)."""
    seen_attribute = False
    while isinstance(node, ast.Attribute | ast.Subscript):
        seen_attribute = seen_attribute or isinstance(node, ast.Attribute)
        node = node.value
    return seen_attribute and isinstance(node, ast.Name) and node.id == "table"


def table_edits(source: str) -> list[str]:
    """The statements of `source` that change a table's fields from outside the table."""
    found = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            targets = [node.func.value] if node.func.attr in MUTATORS else []
        found += [ast.unparse(node) for t in targets if _rooted_at_table(t)]
    return found


def test_no_web_module_changes_a_tables_fields() -> None:
    edits = {
        str(path.relative_to(WEB)): table_edits(path.read_text(encoding="utf-8"))
        for path in sorted(WEB.rglob("*.py"))
        if path.parent.name != "tables" or path.name not in OWN
    }
    assert {path: found for path, found in edits.items() if found} == {}


def test_the_check_sees_assignments_and_changed_collections() -> None:
    source = (
        "table.row.status = 'expired'\n"
        "table.claimed.add(seat)\n"
        "table.row.seats[seat].update(name=name)\n"
        "table.note('x')\n"
        "other.claimed.add(seat)\n"
    )
    assert table_edits(source) == [
        "table.row.status = 'expired'",
        "table.claimed.add(seat)",
        "table.row.seats[seat].update(name=name)",
    ]
