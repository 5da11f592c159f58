"""A first game's step-by-step hints (`GameParts.guide`): over seeded random games, every kind
of decision a new player meets gets its own hint, read from the seat's view and its legal
moves only."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dicehall import games
from dicehall.core import CHANCE, sample

KINDS = {
    "puru": ({"players": 3}, {"reroll", "majority", "resolve"}),
    "purrramid": ({"players": 2}, {"place", "place-more", "stop", "stop-bust", "bust"}),
    "paradice": ({"players": 2}, {"pick", "place", "stall", "roulette-pick"}),
    "jelly": ({"players": 3}, {"district", "zone", "lock", "roll"}),
    # turn by turn, with hints of its own (issue 34, item 9: a player who knew the real-time
    # game met none in a whole turn-by-turn game)
    "jelly-tick": ({"players": 3, "mode": "tick"}, {"tick-district", "tick-zone", "tick-lock"}),
}


def guide_keys(game_id: str, params: dict[str, Any], seeds: range) -> set[str]:
    game = games.make(game_id, **params)
    guide = games.part(game_id, "guide")
    keys: set[str] = set()
    for seed in seeds:
        rng = random.Random(seed)
        state = game.initial_state()
        while not game.is_terminal(state):
            actors = game.actors(state)
            if actors == (CHANCE,):
                state = game.apply(state, CHANCE, sample(game, state, rng))
                continue
            seat = actors[rng.randrange(len(actors))]
            legal = game.legal_actions(state, seat)
            hint = guide(game, game.observe(state, seat), [game.action_to_json(a) for a in legal])
            if hint is not None:
                assert hint["text"] and "seat" not in hint["text"].lower()
                keys.add(hint["key"])
            state = game.apply(state, seat, legal[rng.randrange(len(legal))])
    return keys


@pytest.mark.parametrize("game_id", sorted(KINDS))
def test_every_kind_of_decision_has_its_hint(game_id: str) -> None:
    params, kinds = KINDS[game_id]
    assert kinds <= guide_keys(game_id.split("-")[0], params, range(3))
