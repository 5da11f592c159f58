"""`simulate --stat`: the keys of a game's final spectator view, listed and checked.

The keys are read from one quick game between random bots (seed 0), so they are the keys a
finished game really has; a key the view does not have is an error before any work starts.
"""

from __future__ import annotations

from typing import Any

from dicehall.bots import RandomBot
from dicehall.core import DicehallError, Game

MAX_LISTED = 8  # list items shown (players.0 ... players.7) at most


def final_view(game: Game[Any, Any]) -> dict[str, Any]:
    from dicehall.sim.simulate import play_one_with_view

    bots = [RandomBot(game, seat) for seat in range(game.num_players)]
    view: dict[str, Any] = play_one_with_view(game, bots, 0)[1]
    return view


def keys_of(value: Any, prefix: str = "") -> list[str]:
    """Every dotted key of a view, containers and leaves alike."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += keys_of(item, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, list) and value and isinstance(value[0], dict | list):
        for i, item in enumerate(value[:MAX_LISTED]):
            out += keys_of(item, f"{prefix}.{i}")
    return out


def stat_keys_text(game: Game[Any, Any]) -> str:
    keys = keys_of(final_view(game))
    return (
        f"Keys of {game.id}'s final view for --stat (dotted paths; lists by index):\n  "
        + "\n  ".join(keys)
    )


def check_stat_keys(game: Game[Any, Any], keys: tuple[str, ...]) -> None:
    if not keys:
        return
    known = set(keys_of(final_view(game)))
    unknown = [k for k in keys if k not in known]
    if unknown:
        raise DicehallError(
            f"--stat {', '.join(unknown)}: not a key of {game.id}'s final view; "
            "`--stat help` lists them"
        )
