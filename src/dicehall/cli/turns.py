"""Whose turn each chance step of a match fell on, so that a log line can say whose roll it was.

The match keeps only its current state, so a shadow copy follows the log: before each chance
step it reads the spectator view's turn key (`roller`, `current` or `turn`).
"""

from __future__ import annotations

from typing import Any

from dicehall.core import CHANCE, DicehallError, Seat, View
from dicehall.engine import Match

TURN_KEYS = ("roller", "current", "turn")


def turn_seat(view: View) -> Seat | None:
    for key in TURN_KEYS:
        value = view.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


class ChanceTurns:
    """`seat_of(index)`: the seat whose turn log entry `index` (a chance step) fell on."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.state: Any = match.game.initial_state()
        self.applied = 0
        self.owners: dict[int, Seat] = {}
        self.broken = False

    def _follow(self) -> None:
        game = self.match.game
        log = self.match.log
        while not self.broken and self.applied < len(log):
            entry = log[self.applied]
            try:
                if entry.seat == CHANCE:
                    seat = turn_seat(game.observe(self.state, None))
                    if seat is not None:
                        self.owners[self.applied] = seat
                action = game.action_from_json(entry.action)
                self.state = game.apply(self.state, entry.seat, action)
            except (DicehallError, KeyError, TypeError, ValueError):
                self.broken = True  # the lines then go without an owner
            self.applied += 1

    def seat_of(self, index: int) -> Seat | None:
        self._follow()
        return self.owners.get(index)
