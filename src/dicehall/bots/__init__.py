"""Bots by level: `make_bot(level, game, seat)`; per-game heuristics live in `bots.<level>.<game>`.

Levels, weakest first: `random`; `greedy` (class `GreedyBot` in `dicehall.bots.greedy.<game>`);
`mcts` (generic IS-MCTS over the protocol, `bots.mcts`, for every game that has a
determiniser in `bots.determinize.<game>`); `expert` (class `ExpertBot` in
`dicehall.bots.expert.<game>` where the game has one, otherwise MCTS with a larger budget).

A level may carry a budget: `mcts:400` (iterations per move) or `mcts:1.5s` (seconds per move).
The web lobby maps easy/medium/hard/expert onto `LOBBY`.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from dicehall import games
from dicehall.bots.base import Bot, RandomBot
from dicehall.core.errors import DicehallError
from dicehall.core.game import Game

LEVELS = ("random", "greedy", "mcts", "expert")
LOBBY = {"easy": "random", "medium": "greedy", "hard": "mcts", "expert": "expert"}
"""The web lobby's names for the levels."""
EXPERT_ITERATIONS = 1000
"""The budget of the `expert` level in games without an exact solver (MCTS with more thinking)."""
_CLASS_NAMES = {"greedy": "GreedyBot", "expert": "ExpertBot"}


_PARTS = {"greedy": "greedy", "determinize": "determinize", "expert": "expert"}


def _part(package: str, game_id: str) -> str:
    """The module of a game's bot part: `<game module>.bots.<part>`."""
    return f"{games.module_name(game_id)}.bots.{_PARTS[package]}"


def _has(package: str, game_id: str) -> bool:
    try:
        return importlib.util.find_spec(_part(package, game_id)) is not None
    except (ModuleNotFoundError, DicehallError):
        return False


def has_solver(game_id: str) -> bool:
    """True when the game's `expert` is its own exact player rather than a bigger MCTS."""
    return _has("expert", game_id)


def levels_for(game_id: str) -> tuple[str, ...]:
    """The bot levels available for a game, weakest first."""
    out = ["random"]
    if _has("greedy", game_id):
        out.append("greedy")
    if _has("determinize", game_id):
        out += ["mcts", "expert"]
    elif _has("expert", game_id):
        out.append("expert")
    return tuple(out)


def parse_level(text: str) -> tuple[str, dict[str, Any]]:
    """`"mcts:400"` -> `("mcts", {"iterations": 400})`; `"mcts:2s"` -> seconds; else no options."""
    level, sep, budget = text.strip().partition(":")
    if not sep:
        return level, {}
    if level not in ("mcts", "expert"):
        raise DicehallError(f"only mcts takes a budget, got {text!r}")
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if seconds <= 0:
                raise ValueError
            return level, {"seconds": seconds}
        iterations = int(budget)
        if iterations < 1:
            raise ValueError
        return level, {"iterations": iterations}
    except ValueError:
        raise DicehallError(
            f"a budget is iterations (mcts:400) or seconds (mcts:1.5s), got {text!r}"
        ) from None


def make_bot(level: str, game: Game[Any, Any], seat: int, **options: Any) -> Bot:
    """A bot of `level` (optionally with a budget, `mcts:400`) for `seat` of `game`."""
    name, parsed = parse_level(level)
    options = {**parsed, **options}
    if name not in levels_for(game.id):
        known = ", ".join(levels_for(game.id))
        raise DicehallError(f"no bot level {name!r} for {game.id}; available: {known}")
    if name == "random":
        return RandomBot(game, seat)
    if name == "mcts" or (name == "expert" and not has_solver(game.id)):
        from dicehall.bots.mcts import MCTSBot

        if name == "expert":
            options.setdefault("iterations", EXPERT_ITERATIONS)
        return MCTSBot(game, seat, level=name, **options)
    module = importlib.import_module(_part(name, game.id))
    bot: Bot = getattr(module, _CLASS_NAMES[name])(game, seat, **options)
    return bot


__all__ = [
    "LEVELS",
    "LOBBY",
    "Bot",
    "RandomBot",
    "has_solver",
    "levels_for",
    "make_bot",
    "parse_level",
]
