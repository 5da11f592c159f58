"""Feature vectors: fixed size, bounded, from the view alone; chance outcome ids cover play."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicehall.core import CHANCE, DicehallError, sample
from dicehall.rl._common import make_game
from dicehall.rl._spaces import BOUND, Observer
from dicehall.rl.features import feature_size, featurizer, state_featurizer
from dicehall.rl.outcomes import ChanceIds
from tests.rl.cases import case_id, cases

STEPS = 400


def _walk(game: Any, seed: int, steps: int = STEPS) -> list[Any]:
    """States of a seeded random playout (at most `steps` of them)."""
    rng, state, out = random.Random(seed), game.initial_state(), []
    while not game.is_terminal(state) and len(out) < steps:
        out.append(state)
        actors = game.actors(state)
        if actors == (CHANCE,):
            state = game.apply(state, CHANCE, sample(game, state, rng))
        else:
            state = game.apply(state, actors[0], rng.choice(game.legal_actions(state, actors[0])))
    return [*out, state]


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_features_have_a_fixed_size_and_stay_in_bounds(case: tuple[str, dict[str, Any]]) -> None:
    game = make_game(case[0], **case[1])
    features, size = featurizer(game), feature_size(game)
    for state in _walk(game, seed=1)[::3]:
        for seat in range(game.num_players):
            vec = features(game.observe(state, seat))
            assert len(vec) == size
            assert all(-BOUND <= x <= BOUND for x in vec)


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_state_features_are_the_view_features(case: tuple[str, dict[str, Any]]) -> None:
    """The environments' fast path (features read from the state) gives exactly the vector
    of the view (features read from `game.observe`), for every seat of random states."""
    game = make_game(case[0], **case[1])
    from_view, from_state = featurizer(game), state_featurizer(game)
    for seed in (3, 4):
        for state in _walk(game, seed)[::2]:
            for seat in range(game.num_players):
                fast = [float(x) for x in from_state(state, seat)]
                assert fast == from_view(game.observe(state, seat))


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_every_chance_outcome_of_play_has_a_stable_id(case: tuple[str, dict[str, Any]]) -> None:
    game = make_game(case[0], **case[1])
    ids = ChanceIds(game)
    assert len(set(ids.outcomes)) == len(ids)
    for state in _walk(game, seed=2):
        if not game.is_terminal(state) and game.actors(state) == (CHANCE,):
            for outcome, _ in game.chance_outcomes(state):
                assert ids.decode(ids.encode(outcome)) == outcome


@given(seed=st.integers(0, 10_000), value=st.integers(1, 6))
def test_jelly_features_do_not_see_other_rolls(seed: int, value: int) -> None:
    game = make_game("jelly", players=3)
    observer = Observer(game)
    state = next(s for s in _walk(game, seed, 60) if any(s.rolls[p] for p in (1, 2)))
    hidden = next(p for p in (1, 2) if state.rolls[p])
    rolls = list(state.rolls)
    rolls[hidden] = (value,) * len(rolls[hidden])
    other = replace(state, rolls=tuple(rolls))
    assert np.array_equal(observer.vector(state, 0), observer.vector(other, 0))
    if other.rolls[hidden] != state.rolls[hidden]:
        assert not np.array_equal(observer.vector(state, hidden), observer.vector(other, hidden))


def test_unknown_games_have_no_features() -> None:
    game = make_game("puru")
    object.__setattr__(game, "spec", replace(game.spec, id="nope"))
    with pytest.raises(DicehallError, match="features"):
        featurizer(game)


def test_a_game_without_a_chance_catalogue_has_no_chance_ids() -> None:
    game = make_game("purrramid", players=3)
    object.__setattr__(game, "chance_catalogue", lambda: ())
    with pytest.raises(DicehallError, match="chance"):
        ChanceIds(game)
