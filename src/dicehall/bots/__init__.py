"""Bots by level: `make_bot(level, game, seat)`; per-game bots live in the game's package.

Levels, weakest first: `random`; `greedy` (the game's `greedy` part); `mcts` (generic IS-MCTS
over the protocol, `bots.mcts`, for every game with a `search` part, its determiniser);
`expert` (the game's `expert` part where it plays the position, otherwise MCTS with a larger
budget). A game's `search` part may instead play these two levels itself with a hook
`bot(game, seat, level, **budget)` (a bot, or None for the generic MCTS). The parts are
declared in the game's package (`dicehall.core.parts.GameParts`).

A level may carry a budget: `mcts:400` (iterations per move) or `mcts:1.5s` (seconds per move).
The web lobby maps easy/medium/hard/expert onto `LOBBY`.
"""

from __future__ import annotations

from typing import Any

from dicehall import games
from dicehall.bots.base import Bot, RandomBot
from dicehall.bots.solvers import cache
from dicehall.core.errors import DicehallError
from dicehall.core.game import Game
from dicehall.core.parts import BotFactory, ExpertFactory
from dicehall.core.tables import use_tables

LEVELS = ("random", "greedy", "mcts", "expert")
LOBBY = {"easy": "random", "medium": "greedy", "hard": "mcts", "expert": "expert"}
"""The web lobby's names for the levels."""
EXPERT_ITERATIONS = 1000
"""The budget of the `expert` level in games without an exact solver (MCTS with more thinking)."""


use_tables(cache)  # the games' solvers keep their tables in the disk cache


def _has(part: str, game_id: str) -> bool:
    return games.has_part(game_id, part)


def has_solver(game_id: str) -> bool:
    """True when the game has its own exact player (where it has none, `expert` searches)."""
    return _has("expert", game_id)


def levels_for(game_id: str) -> tuple[str, ...]:
    """The bot levels available for a game, weakest first."""
    out = ["random"]
    if _has("greedy", game_id):
        out.append("greedy")
    if _has("search", game_id):
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
    if name == "greedy":
        greedy: BotFactory = games.part(game.id, "greedy")
        return greedy(game, seat)
    expert: ExpertFactory | None = games.part(game.id, "expert") if name == "expert" else None
    exact = expert(game, seat, **options) if expert is not None else None
    if exact is not None:
        return exact
    hooks = games.search_hooks(game.id)
    own = hooks.bot if hooks is not None else None
    searcher: Bot | None = own(game, seat, name, **options) if own is not None else None
    if searcher is not None:  # the game's own search for these levels
        return searcher
    from dicehall.bots.mcts import MCTSBot

    if "iterations" not in options and "seconds" not in options:
        options["iterations"] = default_iterations(game.id, name)
    return MCTSBot(game, seat, level=name, **options)


def default_iterations(game_id: str, level: str) -> int:
    """The MCTS budget of `level` (`mcts` or `expert`) when none is given: the game's own
    (`iterations` of its `SearchHooks`, where a game's search needs more to beat the level
    below) or the common one (200 and `EXPERT_ITERATIONS`)."""
    from dicehall.bots.mcts import DEFAULT_ITERATIONS

    hooks = games.search_hooks(game_id)
    own = hooks.iterations if hooks is not None else {}
    common = EXPERT_ITERATIONS if level == "expert" else DEFAULT_ITERATIONS
    return own.get(level, common)


__all__ = [
    "LEVELS",
    "LOBBY",
    "Bot",
    "RandomBot",
    "default_iterations",
    "has_solver",
    "levels_for",
    "make_bot",
    "parse_level",
]
