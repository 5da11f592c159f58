"""What MCTS knows of each game: cut-off evaluations, the root prior, the fitted values."""

from __future__ import annotations

import importlib
import math
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicehall import games
from dicehall.bots.mcts import MCTSBot
from dicehall.core import DicehallError
from dicehall.core.search import softmax
from dicehall.games.paradice.bots import value as paradice_value
from dicehall.games.puru.bots import value as puru_value
from tests.bots.playthrough import random_decisions

GAMES = [
    ("puru", {}),
    ("purrramid", {}),
    ("paradice", {}),
    ("jelly", {"players": 3, "mode": "tick"}),
]


@pytest.mark.parametrize(("game_id", "params"), GAMES)
def test_evaluations_are_return_vectors_and_turns_only_grow(
    game_id: str, params: dict[str, Any]
) -> None:
    game = games.make(game_id, **params)
    hooks = importlib.import_module(f"dicehall.games.{game_id}.bots.determinize")
    states = [s for s, _ in random_decisions(game, 3, 400)]
    turns = [hooks.turn_index(s) for s in states]
    assert turns == sorted(turns) and turns[-1] > turns[0]
    for state in states[::20]:
        value = hooks.evaluate(game, state)
        assert len(value) == game.num_players
        assert all(0.0 <= v <= 1.0 for v in value) and sum(value) == pytest.approx(1.0)


def test_a_horizon_cuts_rollouts_and_the_evaluation_decides() -> None:
    game = games.make("puru")
    calls: list[int] = []
    bot = MCTSBot(game, 0, iterations=30)
    assert bot.cutoff is not None and bot.cutoff.horizon == 1
    real = bot.cutoff.evaluate

    def counting(g: Any, s: Any) -> tuple[float, ...]:
        calls.append(s.turns)
        return real(g, s)

    object.__setattr__(bot.cutoff, "evaluate", counting)
    state = next(s for s, seat in random_decisions(game, 1, 50) if seat == 0)
    bot.act(game.observe(state, 0), game.legal_actions(state, 0), random.Random(0))
    assert calls and all(t == state.turns + 1 for t in calls)
    full = MCTSBot(game, 0, iterations=30, horizon=None)
    assert full.cutoff is None


def test_the_prior_leads_the_root_and_unknown_options_are_refused() -> None:
    game = games.make("paradice")
    state = next(s for s, seat in random_decisions(game, 2, 200)
                 if seat == 0 and len(game.legal_actions(s, 0)) > 3)  # fmt: skip
    view, legal = game.observe(state, 0), game.legal_actions(state, 0)
    bot = MCTSBot(game, 0, iterations=1, prior=1.0)
    hint = bot.prior_action(view, legal, random.Random(0))
    assert bot.act(view, legal, random.Random(0)) == hint  # one iteration: the prior's move
    with pytest.raises(DicehallError, match="unknown options"):
        MCTSBot(game, 0, depth=3)


def test_softmax_orders_like_the_scores() -> None:
    out = softmax([3.0, 1.0, 2.0], 1.0)
    assert out[0] > out[2] > out[1] and sum(out) == pytest.approx(1.0)


track = st.tuples(st.integers(0, 19), st.integers(0, 19), st.integers(1, 20))


@given(track, track)
def test_fitted_puru_value_is_a_probability_blind_to_which_track_is_which(
    mover: tuple[int, int, int], other: tuple[int, int, int]
) -> None:
    p = puru_value.win_probability(mover, other)
    assert 0.0 < p < 1.0
    flipped = ((mover[1], mover[0], mover[2]), (other[1], other[0], other[2]))
    assert puru_value.win_probability(*flipped) == pytest.approx(p)


def test_fitted_puru_value_sees_a_clear_lead() -> None:
    assert puru_value.win_probability((18, 12, 15), (3, 2, 4)) > 0.9
    assert puru_value.win_probability((3, 2, 4), (18, 12, 15)) < 0.1


def test_fitted_puru_value_beats_the_constant_model_on_fresh_games() -> None:
    rows = puru_value.self_play(120, seed=77)
    base = sum(r for *_, r in rows) / len(rows)
    constant = -(base * math.log(base) + (1 - base) * math.log(1 - base))
    assert puru_value.log_loss(rows, puru_value.WEIGHTS) < constant - 0.05
    refit = puru_value.fit(rows)
    assert puru_value.log_loss(rows, refit) < constant


def test_fitted_paradice_value_beats_the_even_split_on_fresh_games() -> None:
    rows = paradice_value.self_play(30, seed=77)
    even = math.log(2)  # cross-entropy of calling every 2-player position 50:50
    assert paradice_value.log_loss(rows, paradice_value.WEIGHTS) < even - 0.05
    refit = paradice_value.fit(rows)
    assert paradice_value.log_loss(rows, refit) < even - 0.05


def test_fitted_paradice_value_is_a_share_per_seat_for_any_player_count() -> None:
    for players in (2, 3, 4):
        game = games.make("paradice", players=players)
        for state, _ in random_decisions(game, 1, 150)[::30]:
            shares = paradice_value.win_probabilities(game, state)
            assert len(shares) == players and sum(shares) == pytest.approx(1.0)
            assert all(0.0 < p < 1.0 for p in shares)
