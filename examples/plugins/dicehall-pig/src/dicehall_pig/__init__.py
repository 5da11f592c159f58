"""Pig (`pig`), the classic push-your-luck dice game, as a dicehall plugin.

Installing this package registers the game (entry point `dicehall.games`: `pig`); dicehall's
front ends find its parts through `PARTS`. The rules as implemented: `rules.md` beside this file.
"""

from __future__ import annotations

from typing import Any

from dicehall.core.parts import GameParts

from dicehall_pig.rules import PigGame
from dicehall_pig.spec import SPEC

PARTS = GameParts(
    greedy="bots.greedy:HoldAtTwenty",
    search="bots.search:HOOKS",
    terminal="ui.terminal:HOOKS",
    checks="invariants:CHECKS",
    features="features:encode",
)


def make_game(params: dict[str, Any]) -> PigGame:
    """The rules object for resolved `params`."""
    return PigGame(params)


__all__ = ["PARTS", "SPEC", "PigGame", "make_game"]
