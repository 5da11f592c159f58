"""Log texts of Paradice actions: the same for every viewer.

No player has secrets (docs/rules/paradice.md, "For programs": "every seat and every spectator
gets the same view"); what nobody knows yet (the deck order, returning dice) is chance, decided
only when it happens and then seen by all, so every log line is public. A drawn stall or
Surprise Bag card is named by what it is, never by its content id.
"""

from __future__ import annotations

from dicehall.core import Seat
from dicehall.games.paradice.actions import BagDraw, Draw
from dicehall.games.paradice.config import Config
from dicehall.games.paradice.spec import TYPES


def describe(action: object, viewer: Seat | None, cfg: Config | None = None) -> str:
    if cfg is not None and isinstance(action, Draw) and action.card in cfg.card_index:
        card = cfg.content.stalls[cfg.card_index[action.card]]
        condition = card.condition_text()
        rule = "" if condition == "none" else f", {condition}"
        return f"a {TYPES[card.type]} stall ({card.points} points{rule}) comes to the Plaza"
    if cfg is not None and isinstance(action, BagDraw) and action.card in cfg.bag_index:
        bag = cfg.content.bag[cfg.bag_index[action.card]]
        return f"Surprise Bag card: {bag.text}"
    return str(action)
