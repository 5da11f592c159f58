"""The plug-in surface is typed and read in one place: `dicehall.games` reads a game's parts
(`core.parts.GameParts`) and the hook bundles they name (`SearchHooks`, `TerminalHooks`,
`ReviewHooks`, `FuzzChecks`); nothing else looks a part or a hook up by name with `getattr`
or `hasattr`, which no type checker sees and no plugin author can discover."""

from __future__ import annotations

import ast
from dataclasses import fields, is_dataclass
from pathlib import Path

import pytest

import dicehall
from dicehall import games
from dicehall.core.parts import HOOK_TYPES, GameParts

ROOT = Path(dicehall.__file__).parent
PIG = Path(__file__).parents[1] / "examples" / "plugins" / "dicehall-pig" / "src"
READER = ROOT / "games" / "__init__.py"
"""The one module that reads parts and hooks."""
OLD_NAMES = {"PARTS", "SEARCH", "ITERATIONS", "PRIOR", "ESTIMATE", "FUZZ_CONFIGS", "SEAT_KEYS"}
"""Module constants that hooks were once read from by name."""
HOOK_NAMES = (
    {f.name for kind in HOOK_TYPES.values() if is_dataclass(kind) for f in fields(kind)}
    | {f.name for f in fields(GameParts)}
    | OLD_NAMES
)


def lookups_by_name(tree: ast.AST) -> list[str]:
    """`getattr`/`hasattr` calls that name a part or hook, or look into `games.part(...)`."""
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id not in ("getattr", "hasattr") or len(node.args) < 2:
            continue
        target, name = node.args[0], node.args[1]
        names_a_hook = isinstance(name, ast.Constant) and name.value in HOOK_NAMES
        into_parts = "games.part" in ast.unparse(target) or "parts(" in ast.unparse(target)
        if names_a_hook or into_parts:
            out.append(f"line {node.lineno}: {ast.unparse(node)}")
    return out


def _sources() -> list[Path]:
    return sorted([*ROOT.rglob("*.py"), *PIG.rglob("*.py")])


def test_the_check_sees_a_lookup_by_name() -> None:
    found = lookups_by_name(ast.parse('hook = getattr(module, "rollout_action", None)'))
    assert found and "rollout_action" in found[0]
    assert lookups_by_name(ast.parse("getattr(games.parts(g), name)"))
    assert not lookups_by_name(ast.parse('getattr(result, "scores")'))


@pytest.mark.parametrize("path", _sources(), ids=lambda p: p.name)
def test_only_the_registry_looks_up_parts_and_hooks_by_name(path: Path) -> None:
    if path == READER:
        return
    found = lookups_by_name(ast.parse(path.read_text(encoding="utf-8")))
    assert not found, f"{path}: read a part or hook through dicehall.games instead: {found}"


@pytest.mark.parametrize("game_id", games.available())
def test_every_hook_bundle_a_game_declares_is_its_typed_record(game_id: str) -> None:
    for name, kind in HOOK_TYPES.items():
        if games.has_part(game_id, name):
            assert isinstance(games.part(game_id, name), kind), (game_id, name)


def test_a_part_of_the_wrong_kind_is_refused_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin whose `search` part is still a bare module gets an error naming the record."""
    declared = GameParts(search="bots.greedy")  # a module, not a SearchHooks
    monkeypatch.setattr(games, "parts", lambda game_id: declared)
    with pytest.raises(games.GameLoadError, match=r"must be a dicehall\.core\.parts\.SearchHooks"):
        games.search_hooks("puru")
