"""Jelly Monster's tick mode seen as simultaneous moves (the RL Parallel environment's `ticks`
part): which chance outcomes order a tick's seats, and what replaces a choice that an earlier
seat of the same tick made illegal (docs/rules/jelly.md, *Tick mode*)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehall.games.jelly.actions import Place, TickOrder


def order_seats(outcome: Any) -> tuple[int, ...] | None:
    """The seats a tick-order outcome puts in order, or None for any other chance outcome."""
    return outcome.seats if isinstance(outcome, TickOrder) else None


def substitute(action: Any, legal: Sequence[Any]) -> Any | None:
    """The same die placed without its effect, when that is legal; else None."""
    if hasattr(action, "value") and hasattr(action, "district"):
        plain = Place(action.value, action.district)
        if plain in legal:
            return plain
    return None
