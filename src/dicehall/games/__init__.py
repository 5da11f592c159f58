"""The game registry: `make(game_id, **params)`, `available()` and each game's `part(...)`.

Games are found as plugins (entry points of the group `dicehall.games`, see `games.plugins`),
the four that ship here included. A game's module exports `SPEC` (a `GameSpec`),
`make_game(params) -> Game` taking resolved parameters and optionally `PARTS` (a `GameParts`
naming its front-end parts). Games are imported on first use; one that fails to import is in
`failures()` with its reason.

This module is the one place that reads a game's parts (`part`, `has_part` and the typed
readers of the hook bundles, `search_hooks`, `terminal_hooks`, `review_hooks`, `fuzz_checks`);
the front ends never look attributes up by name.
"""

from __future__ import annotations

import difflib
import importlib
from types import ModuleType
from typing import Any, TypeVar

from dicehall.core.errors import DicehallError, UnknownGameError
from dicehall.core.game import Game
from dicehall.core.params import resolve_params
from dicehall.core.parts import (
    HOOK_TYPES,
    FuzzChecks,
    GameParts,
    Knob,
    ReviewHooks,
    SearchHooks,
    TerminalHooks,
)
from dicehall.core.types import GameSpec
from dicehall.games import plugins

Hooks = TypeVar("Hooks")
_MODULES = plugins.discover()
_FAILURES: dict[str, str] = {}  # game id -> why its module did not import


def register(game_id: str, module: str) -> None:
    """Register another game module (plug-ins and tests); it must export SPEC and make_game."""
    _MODULES[game_id] = module
    _FAILURES.pop(game_id, None)


def module_name(game_id: str) -> str:
    """The Python module that holds a game (its rules.md and content live beside it)."""
    if game_id not in _MODULES:
        raise UnknownGameError(_unknown(game_id))
    return _MODULES[game_id]


def _unknown(game_id: str) -> str:
    """The error for an unknown game id, with a "did you mean" when one is close."""
    known = available()
    close = difflib.get_close_matches(game_id, known, n=1) if isinstance(game_id, str) else []
    guess = f" (did you mean {close[0]!r}?)" if close else ""
    return f"unknown game {game_id!r}{guess}; available: {', '.join(known) or 'none'}"


def registry() -> dict[str, str]:
    """A copy of the registry (game id -> module), e.g. for worker processes."""
    return dict(_MODULES)


class GameLoadError(DicehallError):
    """An installed game whose module failed to import."""


def _load(game_id: str) -> ModuleType | None:
    """The game's module, or None when it failed to import (recorded in `failures()`)."""
    name = _MODULES[game_id]
    try:
        return importlib.import_module(name)
    except Exception as exc:  # a broken plug-in must not take the others down
        if _FAILURES.get(game_id) is None:
            _FAILURES[game_id] = plugins.report_failure(game_id, name, exc)
        return None


def _module(game_id: str) -> ModuleType:
    if game_id not in _MODULES:
        raise UnknownGameError(_unknown(game_id))
    module = _load(game_id)
    if module is None:
        raise GameLoadError(
            f"game {game_id!r} is installed but failed to load: {_FAILURES[game_id]}"
        )
    return module


def available() -> tuple[str, ...]:
    """Ids of the installed games that load, in a fixed order (dicehall's own first)."""
    return tuple(g for g in _MODULES if _load(g) is not None)


def failures() -> dict[str, str]:
    """Installed games that failed to load: id -> the reason (also logged)."""
    available()
    return {g: why for g, why in _FAILURES.items() if g in _MODULES}


def spec(game_id: str) -> GameSpec:
    found: GameSpec = _module(game_id).SPEC
    return found


def make(game_id: str, **params: Any) -> Game[Any, Any]:
    """The rules object of `game_id` for `params` (defaults filled in, values checked)."""
    module = _module(game_id)
    resolved = resolve_params(module.SPEC, params)
    game: Game[Any, Any] = module.make_game(resolved)
    return game


def parts(game_id: str) -> GameParts:
    """Where the game's front-end parts live (none declared: an empty `GameParts`)."""
    found = getattr(_module(game_id), "PARTS", None)
    return found if isinstance(found, GameParts) else GameParts()


def part(game_id: str, name: str) -> Any:
    """The game's part `name` (a `GameParts` field), imported now; None where it has none.

    A part the game declares but that fails to import raises: that is a bug to see, not a
    missing feature.
    """
    if name not in GameParts.loadable():
        raise ValueError(f"no game part {name!r}; parts: {', '.join(GameParts.loadable())}")
    where: str = getattr(parts(game_id), name)
    if not where:
        return None
    module_path, _, attribute = where.partition(":")
    module = importlib.import_module(f"{_MODULES[game_id]}.{module_path}")
    found = getattr(module, attribute) if attribute else module
    kind = HOOK_TYPES.get(name)
    if kind is not None and not isinstance(found, kind):
        raise GameLoadError(
            f"the {name} part of {game_id} ({where}) must be a dicehall.core.parts."
            f"{kind.__name__}, got {type(found).__name__}"
        )
    return found


def has_part(game_id: str, name: str) -> bool:
    """Whether the game declares part `name` (False for an unknown or broken game)."""
    try:
        return bool(getattr(parts(game_id), name))
    except DicehallError:
        return False


def _hooks(game_id: str, name: str, kind: type[Hooks]) -> Hooks | None:
    found = part(game_id, name)
    return found if isinstance(found, kind) else None


def search_hooks(game_id: str) -> SearchHooks | None:
    """What search knows of the game beyond the protocol, or None (no search levels)."""
    return _hooks(game_id, "search", SearchHooks)


def terminal_hooks(game_id: str) -> TerminalHooks | None:
    """The game's terminal drawing and menu hooks, or None (drawn as raw data)."""
    return _hooks(game_id, "terminal", TerminalHooks)


def review_hooks(game_id: str) -> ReviewHooks | None:
    """The game's exact review hooks, or None (the review estimates)."""
    return _hooks(game_id, "review", ReviewHooks)


def fuzz_checks(game_id: str) -> FuzzChecks | None:
    """The game's invariants for the rules fuzzer, or None (the protocol's checks only)."""
    return _hooks(game_id, "checks", FuzzChecks)


def bot_knobs(game_id: str, level: str) -> tuple[Knob, ...]:
    """The knobs of the game's bot at `level` (none: it takes no settings)."""
    found = part(game_id, "knobs") if has_part(game_id, "knobs") else None
    knobs: tuple[Knob, ...] = tuple(found.get(level, ())) if found is not None else ()
    return knobs
