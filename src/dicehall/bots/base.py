"""The bot protocol: bots see only a seat's view and its legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dicehall.core.parts import Bot
from dicehall.core.types import View

__all__ = ["Bot", "RandomBot"]


class RandomBot:
    """Uniformly random among the legal actions; works for every game."""

    level = "random"
    reads_view = False
    """It never looks at the view, so callers that play many games may skip building it
    (bots without this attribute read theirs)."""

    def __init__(self, game: Any = None, seat: int = 0) -> None:
        self.seat = seat

    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[rng.randrange(len(legal_actions))]
