"""The runner's legal actions: ids, masks and chosen ids, remembered without growing."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from dicehall.core import CHANCE, sample
from dicehall.games.jelly.actions import Place
from dicehall.rl._common import encoder, make_game
from dicehall.rl._runner import NOT_LEGAL, LegalIds, Runner


def _legal_tuples(game_id: str, count: int) -> list[tuple[object, ...]]:
    """Legal-action tuples met in seeded random play."""
    game, rng, out = make_game(game_id), random.Random(5), []
    while len(out) < count:
        state = game.initial_state()
        while not game.is_terminal(state) and len(out) < count:
            actors = game.actors(state)
            if actors == (CHANCE,):
                state = game.apply(state, CHANCE, sample(game, state, rng))
                continue
            legal = game.legal_actions(state, actors[0])
            out.append(legal)
            state = game.apply(state, actors[0], rng.choice(legal))
    return out


@pytest.mark.parametrize("game_id", ["puru", "purrramid", "paradice", "jelly"])
def test_legal_ids_mask_and_chosen_actions_match_the_game(game_id: str) -> None:
    game = make_game(game_id)
    ids = LegalIds(game)
    for legal in _legal_tuples(game_id, 300):
        made = ids(legal)
        assert made.ids == [game.encode(a) for a in legal]
        assert sorted(np.flatnonzero(made.mask()).tolist()) == sorted(made.ids)
        assert made.sorted_ids() == sorted(made.ids)
        for action_id, action in zip(made.ids, legal, strict=True):
            assert made.action(action_id) == action
            assert made.action(np.int64(action_id)) == action
        outside = next(i for i in range(game.num_actions) if i not in made.ids)
        assert made.action(outside) is NOT_LEGAL
        assert made.action("x") is NOT_LEGAL
        assert made.action(None) is NOT_LEGAL


def test_legal_ids_keep_at_most_their_size() -> None:
    game = make_game("jelly")  # legal tuples made anew for most states
    ids = LegalIds(game, size=16)
    tuples = _legal_tuples("jelly", 200)
    for legal in tuples:
        ids(legal)
        assert len(ids) <= 16
    assert ids(tuples[-1]) is ids(tuples[-1])  # the last one is still known


def test_the_encoder_knows_equal_actions_made_anew() -> None:
    """Ids are remembered per action object; an equal object made later gets the same id,
    and a new object at the address of a freed one never gets the freed one's id."""
    game = make_game("jelly")
    encode_many = encoder(game, size=8)
    actions = [a for legal in _legal_tuples("jelly", 100) for a in legal]
    assert encode_many(actions) == [game.encode(a) for a in actions]
    copies = [replace(a) for a in actions if hasattr(a, "__dataclass_fields__")]
    assert copies and encode_many(copies) == [game.encode(a) for a in copies]
    for k in range(300):  # short-lived objects: their addresses are reused
        action = Place(1 + k % 6, k % 5)
        assert encode_many([action]) == [game.encode(action)]
        del action


def test_the_runner_asks_the_legal_actions_once_per_state_and_seat() -> None:
    runner = Runner(make_game("puru"), 3)
    seat = runner.actor()
    first = runner.legal(seat)
    assert runner.legal(seat) is first
    assert runner.legal_ids(seat) is first.ids
    runner.act(seat, first.actions[0])
    if not runner.over:
        seat = runner.actor()
        assert runner.legal(seat).actions == runner.game.legal_actions(runner.state, seat)
