"""Played paths (states and log entries) for review tests."""

from __future__ import annotations

import random
from typing import Any

from dicehall.core import CHANCE, sample
from dicehall.engine.match import LogEntry


def play_path(game: Any, state: Any, seed: int, choose: Any) -> tuple[list[Any], list[LogEntry]]:
    """Play from `state` to the end: chance by its odds, each move `choose(state, seat, legal,
    rng)`; the states passed and the log entries between them."""
    rng = random.Random(seed)
    states, entries = [state], []
    while not game.is_terminal(state):
        actors = game.actors(state)
        if actors == (CHANCE,):
            seat, action = CHANCE, sample(game, state, rng)
        else:
            seat = min(actors)
            action = choose(state, seat, game.legal_actions(state, seat), rng)
        entries.append(LogEntry(seat, game.action_to_json(action)))
        state = game.apply(state, seat, action)
        states.append(state)
    return states, entries


def random_moves(state: Any, seat: int, legal: Any, rng: random.Random) -> Any:
    return legal[rng.randrange(len(legal))]


def identity_gap(review: Any) -> float:
    """The largest |start + luck + own + others + drift - final| over the seats, and of
    |own + total loss| (a decision's swing for its mover is minus its loss)."""
    sums = [abs(s.start + s.luck + s.own + s.others + s.drift - s.final) for s in review.summaries]
    return max(sums + [abs(s.own + s.total_loss) for s in review.summaries])
