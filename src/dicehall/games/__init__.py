"""The game registry: `make(game_id, **params)` and `available()`.

Each game lives in `dicehall.games.<id>` and exports `SPEC` (a `GameSpec`) and
`make_game(params) -> Game` taking resolved parameters. Games are imported on first use.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
from types import ModuleType
from typing import Any

from dicehall.core.errors import UnknownGameError
from dicehall.core.game import Game
from dicehall.core.params import resolve_params
from dicehall.core.types import GameSpec

_MODULES = {
    "puru": "dicehall.games.puru",
    "purrramid": "dicehall.games.purrramid",
    "paradice": "dicehall.games.paradice",
    "jelly": "dicehall.games.jelly",
}


def register(game_id: str, module: str) -> None:
    """Register another game module (plug-ins and tests); it must export SPEC and make_game."""
    _MODULES[game_id] = module


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


def _module(game_id: str) -> ModuleType:
    if game_id not in _MODULES or importlib.util.find_spec(_MODULES[game_id]) is None:
        raise UnknownGameError(_unknown(game_id))
    return importlib.import_module(_MODULES[game_id])


def available() -> tuple[str, ...]:
    """Ids of the games that are installed, in a fixed order."""
    return tuple(g for g, m in _MODULES.items() if importlib.util.find_spec(m) is not None)


def spec(game_id: str) -> GameSpec:
    found: GameSpec = _module(game_id).SPEC
    return found


def make(game_id: str, **params: Any) -> Game[Any, Any]:
    """The rules object of `game_id` for `params` (defaults filled in, values checked)."""
    module = _module(game_id)
    resolved = resolve_params(module.SPEC, params)
    game: Game[Any, Any] = module.make_game(resolved)
    return game
