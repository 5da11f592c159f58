"""Bots by level: `make_bot(level, game, seat)`; per-game bots live in the game's package.

Levels, weakest first: `random`; `greedy` (the game's `greedy` part); `mcts` (generic IS-MCTS
over the protocol, `bots.mcts`, for every game with a `search` part); `expert` (the game's
`expert` part where it plays the position, otherwise MCTS with a larger budget). Each is one
record of `bots.levels`, which says everything else about it (its lobby name, its worker pool,
its thinking time at a table, whether `verify` re-runs it). The parts are declared in the
game's package (`dicehall.core.parts.GameParts`).

A level may carry a budget (`mcts:400` iterations, `mcts:1.5s` seconds per move) or its
game's knobs (`greedy:stop=3`, `bots.knobs`). Besides the levels, a bot may come from a
strategy file (`path/to/file.py:ClassName`) or an installed package (`bots.custom`).
"""

from __future__ import annotations

from typing import Any

from dicehall.bots import custom, levels
from dicehall.bots.base import Bot, RandomBot
from dicehall.bots.levels import (
    EXPERT_ITERATIONS,
    Level,
    Seated,
    at_table,
    default_iterations,
    find,
    has_solver,
    labels_for,
    level_named,
    levels_for,
    make_level,
    parse_level,
    stand_in,
)
from dicehall.bots.solvers import cache
from dicehall.core.errors import DicehallError
from dicehall.core.game import Game
from dicehall.core.tables import use_tables

LEVELS = tuple(level.name for level in levels.LEVELS)
"""The names of the levels, weakest first (their records: `bots.levels.LEVELS`)."""
LOBBY = levels.LobbyNames()
"""The web lobby's names for the levels."""


use_tables(cache)  # the games' solvers keep their tables in the disk cache


def make_bot(level: str, game: Game[Any, Any], seat: int, **options: Any) -> Bot:
    """A bot of `level` (with a budget, `mcts:400`, or knobs, `greedy:stop=3`), or the bot a
    strategy file or an installed package offers, for `seat` of `game`."""
    if level_named(level) is None and custom.is_custom(level):  # levels first: no entry-point scan
        return custom.make(level, game, seat)
    return make_level(level, game, seat, **options)


def check_bot(text: str, game_id: str) -> str:
    """`text` if it names a bot for `game_id` (a level with valid options, a strategy file
    or an installed bot), else a `DicehallError` saying what is wrong and what there is."""
    spec = text.strip()
    if level_named(spec) is None and custom.is_custom(spec):
        custom.maker(spec)
        return spec
    name, options = parse_level(spec)
    level = find(name)
    if level is None or not level.available(game_id):
        raise DicehallError(f"no bot level {spec!r} for {game_id}; {bot_choices(game_id)}")
    if options and not level.budgeted:
        from dicehall.bots.knobs import checked

        checked(game_id, name, options)
    return spec


MAX_BOTS_TEXT = 2000
"""The longest `--bots` list read."""


def parse_bot_list(
    text: str | None, game_id: str, seats: int, *, when: str = "name one per seat in seat order"
) -> tuple[str, ...]:
    """`--bots greedy,random,...`: one bot per seat in seat order, or one for every seat, each
    checked (`check_bot`); `when` says how to fix a count that does not fit."""
    if text is not None and len(text) > MAX_BOTS_TEXT:
        raise DicehallError(f"--bots is at most {MAX_BOTS_TEXT} characters")
    names = tuple(n.strip() for n in (text or "random").split(",") if n.strip())
    for name in names:
        check_bot(name, game_id)
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise DicehallError(
            f"--bots names {len(names)} bot(s) for {seats} seat(s); {when}, or one for every seat"
        )
    return names


def bot_choices(game_id: str) -> str:
    """What `--bots` takes for a game, in one line (the levels, knobs, installed bots)."""
    from dicehall.bots.knobs import listing

    extra = sorted(custom.installed())
    out = f"available: {', '.join(levels_for(game_id))}"
    out += f"; installed: {', '.join(extra)}" if extra else ""
    return f"{out}; {listing(game_id)}; or a strategy file, path/to/file.py:ClassName"


__all__ = [
    "EXPERT_ITERATIONS",
    "LEVELS",
    "LOBBY",
    "Bot",
    "Level",
    "RandomBot",
    "Seated",
    "at_table",
    "bot_choices",
    "check_bot",
    "default_iterations",
    "has_solver",
    "labels_for",
    "level_named",
    "levels_for",
    "make_bot",
    "parse_bot_list",
    "parse_level",
    "stand_in",
]
