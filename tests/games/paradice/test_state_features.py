"""Paradice's features read from the state are the view's features even when only what a
score reads changes between two encodings (the seat blocks are remembered per seat while
the player and all a score reads are the same objects; rules.md, *End and scoring*)."""

from __future__ import annotations

import random

from tests.games.paradice.helpers import make

from dicehall.core import CHANCE, sample
from dicehall.games.paradice.state import evolve
from dicehall.rl.features import featurizer, state_featurizer


def _midgame(seed: int) -> object:
    """A state after random play in which some seat has completed a stall."""
    game, rng = make(players=3), random.Random(seed)
    state = game.initial_state()
    while not game.is_terminal(state):
        actors = game.actors(state)
        if actors == (CHANCE,):
            state = game.apply(state, CHANCE, sample(game, state, rng))
            continue
        legal = game.legal_actions(state, actors[0])
        state = game.apply(state, actors[0], legal[rng.randrange(len(legal))])
        if sum(len(p.done) for p in state.players) >= 4:
            return state
    raise AssertionError("no stall completed")  # pragma: no cover


def test_score_inputs_changed_alone_change_every_seat_block() -> None:
    game = make(players=3)
    from_view, from_state = featurizer(game), state_featurizer(game)
    state = _midgame(3)
    done = next(s for s, p in enumerate(state.players) if p.done)
    kind = game.cfg.content.stalls[state.players[done].done[0]].type
    changed = [
        evolve(state, store=tuple(0 if t == kind else 3 for t in range(5))),  # factor 2
        evolve(state, first_out=kind),  # factor 0
        evolve(state, golden=done),
        evolve(state, tickets=(done, done, -1, -1, -1)),
    ]
    for other in changed:
        for before in (state, other):  # encode the original first, then the change
            for seat in range(game.num_players):
                fast = [float(x) for x in from_state(before, seat)]
                assert fast == from_view(game.observe(before, seat))
