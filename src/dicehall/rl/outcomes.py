"""Integer ids for chance outcomes, which the game protocol leaves without ids.

OpenSpiel needs every chance outcome as an integer below `max_chance_outcomes`. Each game here
lists every outcome it can ever produce, in a fixed order, so an id means the same outcome in
every state and every process:

- puru: rolls of 1..6 dice as sorted face multisets (209), then every deal of characters
  to the seats (6!/(6-n)! ordered choices).
- purrramid: rolls of 1..5 dice as sorted multisets (461).
- paradice: die drops (colour, value, column: 180), roulette rolls (6), stall draws (one per
  card of the content), Surprise Bag draws (one per bag card).
- jelly: district faces (one per face of the content), rolls of 1..7 dice per seat, Jelly-pod
  values per seat, the promotional Cannes rerolls (district, die index < 7 per seat, value)
  and tick orders (every ordering of every non-empty set of seats: 325 with 5 seats).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations, combinations_with_replacement, permutations
from typing import Any

from dicehall.core import DicehallError, Game


def _puru(game: Any) -> Iterator[Any]:
    from dicehall.games.puru.actions import Character, Deal, Roll
    from dicehall.games.puru.dice import MAX_DICE, Face

    for k in range(1, MAX_DICE + 1):
        yield from (Roll(faces) for faces in combinations_with_replacement(Face, k))
    yield from (Deal(p) for p in permutations(Character, game.num_players))


def _purrramid(game: Any) -> Iterator[Any]:
    from dicehall.games.purrramid.actions import Roll

    for k in range(1, 6):
        yield from (Roll(dice) for dice in combinations_with_replacement(range(1, 7), k))


def _paradice(game: Any) -> Iterator[Any]:
    from dicehall.games.paradice.actions import BagDraw, Draw, Drop, Roll

    yield from (Drop(c, v, col) for c in range(6) for v in range(1, 7) for col in range(5))
    yield from (Roll(v) for v in range(1, 7))
    yield from (Draw(card.id) for card in game.cfg.content.stalls)
    yield from (BagDraw(card.id) for card in game.cfg.content.bag)


def _jelly(game: Any) -> Iterator[Any]:
    from dicehall.games.jelly.actions import DieValue, DrawFace, PodValue, RollDice, TickOrder
    from dicehall.games.jelly.state import DICE

    n, districts = game.num_players, game.table.districts
    yield from (DrawFace(f) for f in range(len(game.table.faces)))
    for seat in range(n):
        for k in range(1, DICE + 1):
            yield from (RollDice(seat, v) for v in combinations_with_replacement(range(1, 7), k))
    yield from (PodValue(seat, v) for seat in range(n) for v in range(1, 7))
    for d in range(districts):
        yield from (DieValue(d, i, v) for i in range(DICE * n) for v in range(1, 7))
    for k in range(1, n + 1):
        for seats in combinations(range(n), k):
            yield from (TickOrder(order) for order in permutations(seats))


CATALOGUES: dict[str, Callable[[Any], Iterator[Any]]] = {
    "puru": _puru,
    "purrramid": _purrramid,
    "paradice": _paradice,
    "jelly": _jelly,
}


class ChanceIds:
    """Stable integer ids over every chance outcome a game can produce."""

    def __init__(self, game: Game[Any, Any]) -> None:
        if game.id not in CATALOGUES:
            raise DicehallError(f"no chance outcome ids for game {game.id!r}")
        self.outcomes: tuple[Any, ...] = tuple(CATALOGUES[game.id](game))
        self._ids = {o: i for i, o in enumerate(self.outcomes)}

    def __len__(self) -> int:
        return len(self.outcomes)

    def encode(self, outcome: Any) -> int:
        try:
            return self._ids[outcome]
        except KeyError:
            raise DicehallError(f"chance outcome without an id: {outcome!r}") from None

    def decode(self, outcome_id: int) -> Any:
        return self.outcomes[outcome_id]
