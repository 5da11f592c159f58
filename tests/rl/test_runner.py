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
    also once the memory has been emptied for its size."""
    game = make_game("jelly")
    encode_many = encoder(game, size=8)
    actions = [a for legal in _legal_tuples("jelly", 100) for a in legal]
    assert encode_many(actions) == [game.encode(a) for a in actions]
    copies = [replace(a) for a in actions if hasattr(a, "__dataclass_fields__")]
    assert copies and encode_many(copies) == [game.encode(a) for a in copies]
    fresh = [Place(1 + k % 6, k % 5) for k in range(30)]
    assert encode_many(fresh) == [game.encode(a) for a in fresh]


@pytest.mark.parametrize("game_id", ["puru", "purrramid", "paradice", "jelly"])
def test_the_runner_asks_the_legal_actions_once_per_state_and_seat(game_id: str) -> None:
    """Asked again at the same state, the runner answers from memory; after a move (the
    same seat often moves again) it answers for the new state."""
    game = make_game(game_id)
    for seed in range(3):
        runner, rng = Runner(game, seed), random.Random(seed)
        while not runner.over:
            seat = runner.actor()
            legal = runner.legal(seat)
            assert runner.legal(seat) is legal
            assert legal.actions == game.legal_actions(runner.state, seat)
            runner.act(seat, rng.choice(legal.actions))


@pytest.mark.parametrize("kind", ["aec", "gym"])
def test_the_environments_keep_their_legal_ids_across_episodes(kind: str) -> None:
    """The ids are remembered per environment, not per episode: an empty `LegalIds` (falsy by
    its length) once made every reset start a new one, so each episode looked its ids up anew."""
    from dicehall.rl.gym import DicehallEnv
    from dicehall.rl.pettingzoo import env

    made = env("puru") if kind == "aec" else DicehallEnv("puru", opponents="random")
    shared = made._legal_ids
    for seed in (1, 2):
        made.reset(seed=seed)
        assert made.runner._ids is shared
