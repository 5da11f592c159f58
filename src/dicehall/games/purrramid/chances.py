"""Every chance outcome of Purrramid, in a fixed order (the game's `chance_index`): rolls of
1..5 dice as sorted multisets (461)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement

from dicehall.games.purrramid.actions import Roll


def catalogue() -> Iterator[Roll]:
    for k in range(1, 6):
        yield from (Roll(dice) for dice in combinations_with_replacement(range(1, 7), k))
