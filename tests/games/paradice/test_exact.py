"""Exact chance: setup drops, black dice last, deals, Plaza draws, returned dice."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.games.paradice.helpers import make, scene

from dicehall.core import CHANCE, IllegalActionError
from dicehall.games.paradice.actions import Draw, Drop
from dicehall.games.paradice.state import Phase, evolve

GAME = make(players=3)


def test_first_setup_drop_is_any_coloured_die_in_column_one() -> None:
    outcomes = dict(GAME.chance_outcomes(GAME.initial_state()))
    assert len(outcomes) == 30 and set(outcomes.values()) == {Fraction(9, 45) / 6}
    assert {o.col for o in outcomes} == {0}
    with pytest.raises(IllegalActionError):
        GAME.apply(GAME.initial_state(), CHANCE, Drop(5, 1, 0))  # black dice go in last


def test_setup_fills_row_by_row_then_black_on_top() -> None:
    state = GAME.initial_state()
    for i in range(45):
        state = GAME.apply(state, CHANCE, Drop(i % 5, 1 + i % 6, i % 5))
    outcomes = dict(GAME.chance_outcomes(state))
    assert set(outcomes) == {Drop(5, v, 0) for v in range(1, 7)}
    for c in range(5):
        state = GAME.apply(state, CHANCE, Drop(5, 6, c))
    deal = dict(GAME.chance_outcomes(state))
    tens = [c.id for c in GAME.cfg.content.stalls if c.points == 10]
    assert set(deal) == {Draw(t) for t in tens} and set(deal.values()) == {Fraction(1, 10)}


def test_plaza_draws_are_uniform_over_the_cards_left() -> None:
    state = scene(GAME, mine=("balloon-1",))
    state = evolve(state, plaza=(-1, *state.plaza[1:]))
    outcomes = dict(GAME.chance_outcomes(state))
    assert len(outcomes) == len(state.deck) and set(outcomes.values()) == {
        Fraction(1, len(state.deck))
    }
    card = next(iter(outcomes))
    after = GAME.apply(state, CHANCE, card)
    assert after.plaza[0] == GAME.cfg.card_index[card.card]
    assert len(after.deck) == len(state.deck) - 1


def test_returning_dice_are_drawn_in_proportion_then_rolled() -> None:
    state = scene(GAME, phase=Phase.PLACE, returns=(2, 0, 0, 1, 0, 0))
    outcomes = dict(GAME.chance_outcomes(state))
    assert outcomes[Drop(0, 4, 0)] == Fraction(2, 3) / 6 / 5
    assert outcomes[Drop(3, 6, 4)] == Fraction(1, 3) / 6 / 5
    assert sum(outcomes.values()) == 1
