"""Every chance outcome of Puru Puru Paradice, in a fixed order (the game's `chance_index`).

Rolls of 1..6 dice as sorted face multisets (209), then every deal of characters to the seats
(6!/(6-n)! ordered choices), then, with the house rule `duplicates`, the deals that give a
character to two seats (at most two: 12 boards, 2 per character).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement, permutations, product
from typing import Any

from dicehall.games.puru.actions import Character, Deal, Roll
from dicehall.games.puru.dice import MAX_DICE, Face
from dicehall.games.puru.spec import BOARDS_PER_CHARACTER


def catalogue(num_players: int, duplicates: bool = False) -> Iterator[Any]:
    for k in range(1, MAX_DICE + 1):
        yield from (Roll(faces) for faces in combinations_with_replacement(Face, k))
    yield from (Deal(p) for p in permutations(Character, num_players))
    if duplicates:
        yield from (Deal(p) for p in repeating_deals(num_players))


def repeating_deals(num_players: int) -> Iterator[tuple[Character, ...]]:
    """Deals in which some character sits at two seats (never three), in a fixed order."""
    for deal in product(Character, repeat=num_players):
        most = max(deal.count(c) for c in deal)
        if most == BOARDS_PER_CHARACTER:
            yield deal
