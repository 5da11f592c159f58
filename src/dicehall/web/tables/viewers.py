"""Whose secrets a connection receives: its seat's, a spectator's none.

A device shared by several seats (hot-seat) in a game with secrets shows one seat at a time:
the seat whose player said they sit in front of it (the connection's `focus`, sent when they
confirm the cover screen), and nobody's while the device changes hands. Its views and its log
texts are that seat's alone, so its messages never carry another seat's secrets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehall.core.game import Game
from dicehall.core.types import OMNISCIENT, Seat
from dicehall.engine.match import Match


def viewing(game: Game[Any, Any], seats: Sequence[Seat], focus: Seat | None) -> tuple[Seat, ...]:
    """The seats whose views a connection holding `seats` receives (none: the spectators')."""
    if len(seats) <= 1 or not game.spec.hidden_information:
        return tuple(seats)
    return (focus,) if focus is not None and focus in seats else ()


def log_viewer(match: Match, seats: Sequence[Seat], focus: Seat | None) -> Seat | None:
    """Who reads the log on that connection: everyone may read a finished match's log."""
    if match.is_over:
        return OMNISCIENT
    shown = viewing(match.game, seats, focus)
    return shown[0] if shown else None
