"""Per roll, the spaces it could fill and their `Place` actions, as bit masks.

Where a roll's dice may go (rules.md, *A turn*) depends on two things: the roll (which numbers
some of its dice add up to) and the state (which spaces are unoccupied and cost no more than
the tiles left). The first is a table made once per roll (a sorted multiset of at most
MAX_DICE dice: a few hundred at most); the second is one mask per state. The legal list is the
table filtered by that mask, in C, with the action index's own objects in id order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress

from dicehall.games.purrramid.actions import Place
from dicehall.games.purrramid.board import Dice, sub_multiset_positions

_BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")  # a mask's binary digits as bytes 0 and 1


@dataclass(frozen=True, slots=True)
class RollPlaces:
    """The placements of one roll on an empty board."""

    mask: int  # spaces whose number some of the dice add up to
    by_space: tuple[tuple[Place, ...], ...]  # per space: its `Place` actions, in id order
    ids: frozenset[int]  # `id` of each of those actions (kept alive by the action index)

    def among(self, free: int) -> tuple[Place, ...]:
        """The placements on the spaces of `free` (not 0), in id order."""
        out: list[Place] = []
        # the spaces in `free` select their lists (binary digits, lowest space first), in C
        for places in compress(self.by_space, bin(free)[:1:-1].encode().translate(_BIT_BYTES)):
            out += places
        return tuple(out)


def roll_places(
    roll: Dice, numbers: Sequence[int], first_place: Sequence[int], actions: Sequence[object]
) -> RollPlaces:
    """The table of `roll`: space `s` (number `numbers[s]`) takes the multisets of
    `multisets_with_sum(numbers[s])`, whose `Place` actions start at `actions[first_place[s]]`."""
    positions = dict(sub_multiset_positions(roll))
    mask, by_space = 0, []
    for s, number in enumerate(numbers):
        at = positions.get(number, ())
        if at:
            mask |= 1 << s
        by_space.append(tuple(actions[first_place[s] + i] for i in at))
    ids = frozenset(id(a) for places in by_space for a in places)
    return RollPlaces(mask, tuple(by_space), ids)  # type: ignore[arg-type]
