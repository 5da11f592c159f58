"""Hypothesis properties over random playouts: dice conserved, views safe, bounded length."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import strategies as st
from tests.games.paradice.helpers import dice_count, make

from dicehall.core import CHANCE, sample
from dicehall.games.paradice.state import ParadiceState

GAMES = {n: make(players=n) for n in (2, 3, 4)}


def playout(players: int, seed: int, steps: int) -> list[ParadiceState]:
    game = GAMES[players]
    rng = random.Random(seed)
    state = game.initial_state()
    seen = [state]
    for _ in range(steps):
        actors = game.actors(state)
        if not actors:
            break
        if actors == (CHANCE,):
            state = game.apply(state, CHANCE, sample(game, state, rng))
        else:
            legal = game.legal_actions(state, actors[0])
            state = game.apply(state, actors[0], legal[rng.randrange(len(legal))])
        seen.append(state)
    return seen


@given(st.integers(2, 4), st.integers(0, 10**6))
def test_fifty_dice_are_always_somewhere(players: int, seed: int) -> None:
    states = playout(players, seed, 3000)
    for state in states[60:]:  # after the machine is filled
        assert dice_count(state) == [9, 9, 9, 9, 9, 5]
        assert all(len(col) <= 10 for col in state.machine)
        assert all(len(p.stalls) <= 5 for p in state.players)
    assert GAMES[players].is_terminal(states[-1])


@given(st.integers(0, 10**6))
def test_every_card_is_somewhere_exactly_once(seed: int) -> None:
    for state in playout(3, seed, 3000)[60:]:
        cards = [*state.deck, *(c for c in state.plaza if c >= 0)]
        for p in state.players:
            cards += [c for c, _ in p.stalls] + list(p.done)
        assert sorted(cards) == list(range(45))


@given(st.integers(0, 10**6))
def test_views_never_name_the_cards_left_in_the_deck(seed: int) -> None:
    game = GAMES[2]
    names = game.cfg.content.stalls
    for state in playout(2, seed, 3000)[::25]:
        text = json.dumps(game.observe(state, 0))
        hidden = [names[c].id for c in state.deck]
        assert not any(f'"{name}"' in text for name in hidden)


def test_playouts_end_well_inside_the_length_bound() -> None:
    for players, game in GAMES.items():
        states = playout(players, 7, game.max_game_length)
        assert game.is_terminal(states[-1]) and len(states) < game.max_game_length
