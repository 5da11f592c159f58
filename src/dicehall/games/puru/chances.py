"""Every chance outcome of Puru Puru Paradice, in a fixed order (the game's `chance_index`).

Rolls of 1..6 dice as sorted face multisets (209), then every deal of characters to the seats
(6!/(6-n)! ordered choices).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement, permutations
from typing import Any

from dicehall.games.puru.actions import Character, Deal, Roll
from dicehall.games.puru.dice import MAX_DICE, Face


def catalogue(num_players: int) -> Iterator[Any]:
    for k in range(1, MAX_DICE + 1):
        yield from (Roll(faces) for faces in combinations_with_replacement(Face, k))
    yield from (Deal(p) for p in permutations(Character, num_players))
