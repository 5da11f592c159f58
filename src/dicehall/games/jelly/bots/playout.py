"""MCTS rollouts through a round in play, tick rules (`bots.mcts`'s `rollout_steps` hook).

The rollout loop asks the rules at each step who acts, the legal moves and then applies the
move, which the rules check against those moves again. While the round is in play under the
tick rules (docs/rules/jelly.md, *Tick mode*) the answers are plain: the pending roll or the
next tick's order is a chance draw, else the first seat of the tick's queue moves. Here those
steps are taken straight from the state: the draws from the same distributions with the same
calls on the generator (`Distribution.sample`), the greedy placements found by
`rollout.place` without the legal list, every move applied by `play.apply` unchecked (the
rollout policy only makes legal moves). Scoring, and anything after the round, is left to
the loop. `tests/games/jelly/test_rollout_policy.py` checks that rollouts end alike, with
the generator in the same state.
"""

from __future__ import annotations

import random
from typing import Any

from dicehall.core.tuples import replace_at
from dicehall.games.jelly import play
from dicehall.games.jelly.bots.greedy import GreedyBot
from dicehall.games.jelly.bots.rollout import place
from dicehall.games.jelly.rules import roll_distribution
from dicehall.games.jelly.state import JellyState, Phase
from dicehall.games.jelly.state import evolve as replace

_PLAY = Phase.PLAY


def rollout_steps(
    game: Any, s: JellyState, rng: random.Random, stop: int | None, budget: int
) -> tuple[JellyState, int]:
    """At most `budget` rollout steps while the round (before turn `stop`) is in play."""
    table = game.table
    if not table.tick:
        return s, 0
    played = 0
    while played < budget and s.phase == _PLAY and (stop is None or s.round < stop):
        played += 1
        if s.to_roll:  # a chance node: the roll of the first seat waiting for one
            seat = s.to_roll[0]
            outcome = roll_distribution(seat, s.unplaced[seat]).sample(rng)
            s = replace(s, rolls=replace_at(s.rolls, seat, outcome.values), to_roll=s.to_roll[1:])
        elif not s.tick_queue:  # a chance node: the next tick's order
            outcome = play.tick_orders(play.tick_order_seats(s)).sample(rng)
            s = replace(s, tick_queue=outcome.seats)
        else:
            seat = s.tick_queue[0]
            if s.unplaced[seat] and s.rolls[seat]:
                action = place(game, s, seat, play.may_roll_again(s, seat))
            else:  # rolling, or out of dice: the greedy bot from the legal moves
                legal = play.actions(table, s, seat)
                action = GreedyBot(game, seat).act_on_state(game, s, legal)
            s = play.apply(table, s, seat, action)
    return s, played
