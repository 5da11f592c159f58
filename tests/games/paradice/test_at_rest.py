"""A finished game leaves none of its states in the rules object.

The rules remember their last answers per state (actors, legal actions); once a game is over
they let go of its states, so a long run between games holds only what the tables hold
(docs/performance.md, *Memory*: late states kept alive pin memory that is otherwise free).
"""

from __future__ import annotations

import gc
import random

from tests.games.paradice.helpers import make

from dicehall.core import CHANCE, sample


def test_no_state_of_a_finished_game_stays_referenced() -> None:
    game, rng = make(players=2), random.Random(8)
    seen = [game.initial_state()]
    while not game.is_terminal(seen[-1]):
        state = seen[-1]
        actors = game.actors(state)
        if actors == (CHANCE,):
            seat, action = CHANCE, sample(game, state, rng)
        else:
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        seen.append(game.apply(state, seat, action))
    assert len(seen) > 100
    del state
    last = range(len(seen) - 10, len(seen))  # the rules remember the last states asked about
    held = [i for i in last if gc.get_referrers(seen[i]) != [seen]]
    assert held == []
