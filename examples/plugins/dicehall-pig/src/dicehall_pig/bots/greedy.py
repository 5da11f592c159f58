"""The `greedy` level: hold at 20 (rules.md, *Strategy*).

Twenty is where one more roll stops paying on average: it risks the turn total with chance 1/6
and adds 4 on average with chance 5/6, so it gains while `turn_total / 6 < 20 / 6`. The bot also
holds as soon as holding wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dicehall.core.types import View

from dicehall_pig.state import HOLD, ROLL

THRESHOLD = 20


class HoldAtTwenty:
    level = "greedy"

    def __init__(self, game: Any = None, seat: int = 0) -> None:
        self.seat = seat

    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        me = view["current"]
        wins = view["scores"][me] + view["turn_total"] >= view["target"]
        if ROLL in legal_actions and view["turn_total"] < THRESHOLD and not wins:
            return ROLL
        return HOLD
