"""Every chance outcome of Paradice, in a fixed order (the game's `chance_index`).

Die drops (colour, value, column: 180), roulette rolls (6), stall draws (one per card of the
content), Surprise Bag draws (one per bag card).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from dicehall.games.paradice.actions import BagDraw, Draw, Drop, Roll
from dicehall.games.paradice.content import Content


def catalogue(content: Content) -> Iterator[Any]:
    yield from (Drop(c, v, col) for c in range(6) for v in range(1, 7) for col in range(5))
    yield from (Roll(v) for v in range(1, 7))
    yield from (Draw(card.id) for card in content.stalls)
    yield from (BagDraw(card.id) for card in content.bag)
