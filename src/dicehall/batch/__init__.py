"""Batched engines: `dicehall.batch.make(game_id, batch=B, **params)`.

A game's batched form is the `batch` subpackage of its module (`dicehall.games.<game>.batch`, a
plug-in's `<its module>.batch`), which exports `make_batch(game, batch) -> BatchGame` for the
game's rules object; `register(game_id, factory)` adds one from elsewhere. The form is found
through the game registry like every other part of a game, so a plug-in ships its own; a
parameter set the batched form does not cover raises `BatchUnsupportedError` with the reason.
See `batch.engine.BatchGame` for the surface and docs/batch.md for the guide.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

from dicehall import games
from dicehall.batch.engine import MAX_BATCH, BatchGame, BatchUnsupportedError
from dicehall.batch.recorder import Recorder, Trajectory
from dicehall.core import Game

Factory = Callable[[Game[Any, Any], int], BatchGame]
_REGISTERED: dict[str, Factory] = {}


def register(game_id: str, factory: Factory) -> None:
    """Give `game_id` a batched form made by `factory(game, batch)` (plug-ins, tests)."""
    _REGISTERED[game_id] = factory


def _factory(game_id: str) -> Factory | None:
    found = _REGISTERED.get(game_id)
    if found is not None:
        return found
    name = f"{games.module_name(game_id)}.batch"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    made: Factory = importlib.import_module(name).make_batch
    return made


def available() -> tuple[str, ...]:
    """The installed games that have a batched form."""
    return tuple(g for g in games.available() if _factory(g) is not None)


def make(game_id: str, batch: int = 1024, **params: Any) -> BatchGame:
    """`batch` games of `game_id` with `params` (as `dicehall.games.make` takes them), reset
    with seed 0; `reset(seed)` starts them again from another seed."""
    if _factory(game_id) is None:
        raise BatchUnsupportedError(f"{game_id} has no batched form; batched: {_names()}")
    return for_game(games.make(game_id, **params), batch)


def for_game(game: Game[Any, Any], batch: int) -> BatchGame:
    """`batch` games of the rules object `game` itself (a search's own game), reset with
    seed 0; `make` is this for `dicehall.games.make(game_id, **params)`."""
    factory = _factory(game.id)
    if factory is None:
        raise BatchUnsupportedError(f"{game.id} has no batched form; batched: {_names()}")
    env = factory(game, batch)
    env.reset(0)
    return env


def _names() -> str:
    return ", ".join(available()) or "none"


__all__ = [
    "MAX_BATCH",
    "BatchGame",
    "BatchUnsupportedError",
    "Recorder",
    "Trajectory",
    "available",
    "for_game",
    "make",
    "register",
]
