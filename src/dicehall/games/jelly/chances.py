"""Every chance outcome of Attack of the Jelly Monster, in a fixed order (`chance_index`).

District faces (one per face of the content), rolls of 1..7 dice per seat, Jelly-pod values per
seat, the promotional Cannes rerolls (district, die index < 7 per seat, value) and tick orders
(every ordering of every non-empty set of seats: 325 with 5 seats).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, combinations_with_replacement, permutations
from typing import Any

from dicehall.games.jelly.actions import DieValue, DrawFace, PodValue, RollDice, TickOrder
from dicehall.games.jelly.state import DICE


def catalogue(num_players: int, districts: int, faces: int) -> Iterator[Any]:
    n = num_players
    yield from (DrawFace(f) for f in range(faces))
    for seat in range(n):
        for k in range(1, DICE + 1):
            yield from (RollDice(seat, v) for v in combinations_with_replacement(range(1, 7), k))
    yield from (PodValue(seat, v) for seat in range(n) for v in range(1, 7))
    for d in range(districts):
        yield from (DieValue(d, i, v) for i in range(DICE * n) for v in range(1, 7))
    for k in range(1, n + 1):
        for seats in combinations(range(n), k):
            yield from (TickOrder(order) for order in permutations(seats))
