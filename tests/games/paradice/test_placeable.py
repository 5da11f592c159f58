"""The per-stall placement masks agree with the rule they speed up, die by die.

docs/rules/paradice.md (placing dice): a die may go on an empty slot only when the stall can
still be completed afterwards, and a stall holds at most one black (wild) die.
"""

from __future__ import annotations

import itertools
import random

from tests.games.paradice.helpers import make

from dicehall.games.paradice.stalls import _can_place, placeable

GAME = make(players=2)
CARDS = GAME.cfg.content.stalls
CODES = [colour * 10 + value for colour in range(6) for value in range(1, 7)]


def _boards(seed: int) -> list[tuple[int, int, int]]:
    """Empty, one die (every other code on each slot) and a random sample of two dice."""
    out = [(0, 0, 0)]
    for slot, code in itertools.product(range(3), CODES[::2]):
        out.append(tuple(code if k == slot else 0 for k in range(3)))  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(20):
        a, b = rng.sample(CODES, 2)
        out.append(rng.choice([(a, b, 0), (a, 0, b), (0, a, b)]))
    return out


def test_masks_match_the_rule_for_every_card_die_and_slot() -> None:
    for i, card in enumerate(CARDS):
        for dice in _boards(i):
            masks = placeable(card, dice)
            for slot, code in itertools.product(range(3), CODES):
                expected = _can_place(card, dice, slot, code)
                assert bool(masks[slot] >> code & 1) == expected, (card.id, dice, slot, code)
