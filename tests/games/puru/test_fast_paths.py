"""The rules' shortcuts give the same games as the plain route.

Sampled outcomes and legal actions are found by identity and plain rolls use prepared
effects; an equal action read back from its wire form (a saved record) takes the lookup by
value, and `finish` applies any roll's effects from scratch. Both routes must agree.
"""

from __future__ import annotations

import bisect
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.games.puru.helpers import make

from dicehall.core import CHANCE, sample
from dicehall.core.chance import Distribution
from dicehall.games.puru.dice import parse_die
from dicehall.games.puru.roll_end import finish, finish_plain, plain_roll
from dicehall.games.puru.rolls import roll_tables
from dicehall.games.puru.state import Phase

PARAMS = [{"players": 2}, {"players": 5}, {"players": 3, "full": True}, {"solo": True}]


@pytest.mark.parametrize("params", PARAMS)
@given(seed=st.integers(0, 2**32))
def test_actions_read_back_from_records_give_the_same_states(
    params: dict[str, Any], seed: int
) -> None:
    game, rng = make(**params), random.Random(seed)
    state = game.initial_state()
    while not game.is_terminal(state):
        (seat,) = game.actors(state)
        if seat == CHANCE:
            action = sample(game, state, rng)
        else:
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        copy = game.action_from_json(game.action_to_json(action))
        assert copy is not action
        after = game.apply(state, seat, action)
        assert game.apply(state, seat, copy) == after
        state = after


@given(
    seed=st.integers(0, 2**32),
    love=st.tuples(st.integers(14, 19), st.integers(14, 19)),
    excite=st.tuples(st.integers(14, 19), st.integers(14, 19)),
    jelly=st.tuples(st.integers(1, 6), st.integers(15, 20)),
)
def test_prepared_plain_rolls_end_as_any_roll_does(
    seed: int, love: tuple[int, int], excite: tuple[int, int], jelly: tuple[int, int]
) -> None:
    """Tracks near their ends included: "Everything one roll does — the dice and any powers
    they trigger — happens together; then the game checks whether it is over" (*The end*)."""
    game, rng = make(players=2), random.Random(seed)
    roller = rng.randrange(2)
    start = replace(game.initial_state(), roller=roller, love=love, excite=excite, jelly=jelly)
    rolled = game.apply(start, CHANCE, sample(game, start, rng))
    assert rolled.phase == Phase.CHOOSE
    plain = plain_roll(rolled.dice, roller, game.neighbours[roller], 2)
    if plain is None:  # six of a kind: a choice, not prepared
        return
    fast = finish_plain(rolled, rolled.dice, plain, game._next_roll)
    assert fast == finish(rolled, rolled.dice, plain.res, game._next_roll)


class _SubRandom(random.Random):
    """Not a plain `random.Random`: draws go through `randrange`."""


@pytest.mark.parametrize(
    "params",
    [*PARAMS, {"players": 3, "die": "HHHSCA"}, {"players": 4, "die": "HSCAAAAAAAAAAAAAAAAA"}],
)
@pytest.mark.parametrize("generator", [random.Random, _SubRandom])
@given(seed=st.integers(0, 2**32))
def test_sample_chance_draws_what_the_distribution_draws(
    params: dict[str, Any], generator: type[random.Random], seed: int
) -> None:
    """At every chance node: the same outcome object, the generator left in the same state
    (a 20-sided die has rolls too long to tabulate: those take the distribution's route)."""
    game, rng = make(**params), generator(seed)
    state = game.initial_state()
    while not game.is_terminal(state):
        (seat,) = game.actors(state)
        if seat == CHANCE:
            plain = generator()
            plain.setstate(rng.getstate())
            distribution = game.chance_outcomes(state)
            assert isinstance(distribution, Distribution)
            action = game.sample_chance(state, rng)
            assert action is distribution.sample(plain)
            assert rng.getstate() == plain.getstate()
        else:
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        state = game.apply(state, seat, action)


@pytest.mark.parametrize("die", ["HHSSCA", "HHHSCA", "HSCA", "H", "HSCAA"])
def test_draw_tables_give_the_outcome_of_every_draw(die: str) -> None:
    """Entry i of a roll's table is what `Distribution.sample` picks when it draws i."""
    tables = roll_tables(parse_die(die))
    for distribution, table in zip(tables.rolls, tables.draws, strict=True):
        assert table is not None
        assert distribution.total == len(table)
        cumulative = distribution._cumulative
        for i, outcome in enumerate(table):
            assert outcome is distribution.outcomes[bisect.bisect_right(cumulative, i)]
