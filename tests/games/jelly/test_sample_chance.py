"""Jelly Monster's `sample_chance` (`core.sample`'s fast path) draws what `Distribution.sample`
draws from `chance_outcomes`, and `apply` skips checking only the outcome it drew for that very
state: random games played through the fast path and through the plain one (the distribution
sampled, every outcome checked by `apply`) pass through the same states, legal lists and
draws, with the generators left alike."""

from __future__ import annotations

import copy
import random

import pytest

from dicehall import games
from dicehall.core import CHANCE, IllegalActionError, sample
from dicehall.games.jelly.actions import RollDice


@pytest.mark.parametrize(
    ("players", "mode"), [(3, "tick"), (4, "tick"), (5, "tick"), (3, "realtime")]
)
def test_fast_draws_play_the_plain_games(players: int, mode: str) -> None:
    fast = games.make("jelly", players=players, mode=mode)
    plain = games.make("jelly", players=players, mode=mode)
    fast_rng, plain_rng = random.Random(players), random.Random(players)
    draws = 0
    for _ in range(12):
        s = t = fast.initial_state()
        while not fast.is_terminal(s):
            actors = fast.actors(s)
            assert actors == plain.actors(t)
            if actors == (CHANCE,):
                a = sample(fast, s, fast_rng)
                b = plain.chance_outcomes(t).sample(plain_rng)
                assert a == b and type(a) is type(b)
                seat, b = CHANCE, copy.copy(b)  # an equal copy: `plain.apply` checks it
                draws += 1
            else:
                seat = min(actors)
                legal = fast.legal_actions(s, seat)
                assert legal == plain.legal_actions(t, seat)
                a = b = legal[fast_rng.randrange(len(legal))]
                plain_rng.randrange(len(legal))
            s, t = fast.apply(s, seat, a), plain.apply(t, seat, b)
            assert s == t
        assert fast.result(s) == plain.result(t)
        assert fast_rng.getstate() == plain_rng.getstate()
    assert draws > 1000


def test_apply_still_checks_outcomes_not_drawn_for_that_state() -> None:
    game, rng = games.make("jelly", players=3, mode="tick"), random.Random(5)
    s = game.initial_state()
    while not (game.actors(s) == (CHANCE,) and s.to_roll):
        seat = game.actors(s)[0]
        if seat == CHANCE:
            s = game.apply(s, CHANCE, sample(game, s, rng))
        else:
            s = game.apply(s, seat, game.legal_actions(s, seat)[0])
    drawn = sample(game, s, rng)
    assert isinstance(drawn, RollDice)
    wrong = RollDice(drawn.seat, (*drawn.values, 6))  # one die too many
    with pytest.raises(IllegalActionError):
        game.apply(s, CHANCE, wrong)
    later = game.apply(s, CHANCE, drawn)
    with pytest.raises(IllegalActionError):  # drawn for `s`, not for the state after it
        game.apply(later, CHANCE, drawn)
