"""Knobs of a game's bots (`greedy:stop=3`): checked against what the game declares
(`dicehall.core.parts.Knob`), and the bot made with them keeps the whole spec as its level,
so records and summaries say which setting played."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dicehall import games
from dicehall.bots.base import Bot
from dicehall.core.errors import DicehallError
from dicehall.core.types import View


def checked(game_id: str, level: str, raw: dict[str, Any]) -> dict[str, int]:
    """The knob values of `raw` (text or ints) as ints, each known and in its range."""
    declared = {k.name: k for k in games.bot_knobs(game_id, level)}
    if not declared:
        raise DicehallError(f"the {level} bot of {game_id} has no knobs; {listing(game_id)}")
    out: dict[str, int] = {}
    for name, value in raw.items():
        knob = declared.get(name)
        if knob is None:
            known = ", ".join(declared)
            raise DicehallError(
                f"the {level} bot of {game_id} has no knob {name!r}; its knobs: {known}"
            )
        try:
            number = int(str(value))
        except ValueError:
            number = None
        if number is None or not knob.low <= number <= knob.high:
            raise DicehallError(
                f"{level}:{name} must be a whole number from {knob.low} to {knob.high}, "
                f"got {value!r} ({knob.help})"
            )
        out[name] = number
    return out


def listing(game_id: str) -> str:
    """One line naming every knob of the game's bots, or saying there are none."""
    from dicehall.bots.levels import levels_for

    found = [
        f"{level}:{k.name}=N ({k.low}-{k.high}, {k.help})"
        for level in levels_for(game_id)
        for k in games.bot_knobs(game_id, level)
    ]
    return "knobs: " + "; ".join(found) if found else f"{game_id}'s bots have no knobs"


class Labelled:
    """A bot under the name it was asked for (`greedy:stop=3`), which records keep."""

    def __init__(self, bot: Bot, level: str) -> None:
        self.bot, self.level = bot, level

    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return self.bot.act(view, legal_actions, rng)


def labelled(bot: Bot, level: str) -> Bot:
    return Labelled(bot, level)
