"""Random playouts (Hypothesis): tracks stay in bounds, apply never mutates, games end."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from tests.games.puru.helpers import make

from dicehall.core import CHANCE, sample
from dicehall.games.puru.state import Phase

PARAMS = st.sampled_from(
    [
        {"players": 2},
        {"players": 3},
        {"players": 5},
        {"players": 2, "full": True},
        {"players": 5, "full": True},
        {"players": 3, "full": True, "characters": "grass,puru,fish"},
        {"solo": True},
        {"solo": True, "super": True},
    ]
)


@given(params=PARAMS, seed=st.integers(0, 2**32))
def test_random_playouts_keep_the_invariants(params: dict[str, Any], seed: int) -> None:
    game = make(**params)
    rng = random.Random(seed)
    state = game.initial_state()
    steps = 0
    while not game.is_terminal(state):
        (seat, *_) = game.actors(state)
        if seat == CHANCE:
            action = sample(game, state, rng)
        else:
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        before = repr(state)
        nxt = game.apply(state, seat, action)
        assert repr(state) == before
        state = nxt
        steps += 1
        assert steps <= game.max_game_length
        for track in (state.love, state.excite, state.jelly):
            assert all(0 <= v <= 20 for v in track)
        if state.phase != Phase.OVER:
            assert 20 not in state.love and 20 not in state.excite and 0 not in state.jelly
    result = game.result(state)
    if not result.winners:
        # docs/rules/puru.md, *The end* 3: "if one roll leaves every player at 0 Jelly, there
        # is no 'other' player left to compare ... nobody wins"
        assert all(j <= 0 for j in state.jelly) and not any(
            20 in t for t in (state.love, state.excite)
        )
        assert result.ranks == (1,) * len(state.jelly)
    assert all(result.ranks[w] == 1 for w in result.winners)
    view = game.observe(state, None)
    assert view["winners"] == list(result.winners)


@given(seed=st.integers(0, 2**32))
def test_autopuray_never_decides(seed: int) -> None:
    game = make(solo=True)
    rng = random.Random(seed)
    state = game.initial_state()
    while not game.is_terminal(state):
        actors = game.actors(state)
        if state.roller == 1:
            assert actors == (CHANCE,)
        action = (
            sample(game, state, rng)
            if actors == (CHANCE,)
            else rng.choice(game.legal_actions(state, actors[0]))
        )
        state = game.apply(state, actors[0], action)
