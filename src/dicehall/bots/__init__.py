"""Bots by level: `make_bot(level, game, seat)`; per-game heuristics live in `bots.<level>.<game>`.

A game's greedy bot is the class `GreedyBot` in `dicehall.bots.greedy.<game id>`; an exact or
expert bot is `ExpertBot` in `dicehall.bots.expert.<game id>`.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from dicehall.bots.base import Bot, RandomBot
from dicehall.core.errors import DicehallError
from dicehall.core.game import Game

LEVELS = ("random", "greedy", "expert")
_CLASS_NAMES = {"greedy": "GreedyBot", "expert": "ExpertBot"}


def levels_for(game_id: str) -> tuple[str, ...]:
    """The bot levels available for a game."""
    out = ["random"]
    for level in ("greedy", "expert"):
        if importlib.util.find_spec(f"dicehall.bots.{level}.{game_id}") is not None:
            out.append(level)
    return tuple(out)


def make_bot(level: str, game: Game[Any, Any], seat: int, **options: Any) -> Bot:
    """A bot of `level` for `seat` of `game`."""
    if level == "random":
        return RandomBot(game, seat)
    if level not in _CLASS_NAMES or level not in levels_for(game.id):
        known = ", ".join(levels_for(game.id))
        raise DicehallError(f"no bot level {level!r} for {game.id}; available: {known}")
    module = importlib.import_module(f"dicehall.bots.{level}.{game.id}")
    bot: Bot = getattr(module, _CLASS_NAMES[level])(game, seat, **options)
    return bot


__all__ = ["LEVELS", "Bot", "RandomBot", "levels_for", "make_bot"]
