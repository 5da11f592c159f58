"""MCTS rollouts of Jelly Monster take fast paths that must not change what they play:
`rollout.place` finds the greedy bot's placement from remembered per-district bests, and
`playout.rollout_steps` plays the round's steps without the rules' checks. Both are compared
with the slow way at every decision of varied games (several seats, ties between equally
valued placements, Target moves, removals, rolls again)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from tests.games.jelly.walk import walk

from dicehall import games
from dicehall.bots.mcts import MCTSBot
from dicehall.core import CHANCE, sample
from dicehall.games.jelly.actions import PlaceRemove, Reroll
from dicehall.games.jelly.bots import playout, rollout
from dicehall.games.jelly.bots.greedy import GreedyBot
from dicehall.games.jelly.state import JellyState, Phase, evolve


def _holds_a_roll(state: JellyState, seat: int) -> bool:
    return state.phase == Phase.PLAY and bool(state.unplaced[seat]) and bool(state.rolls[seat])


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (4, 12), (5, 13)])
def test_fast_placements_are_the_greedy_bots_moves(players: int, seed: int) -> None:
    game, rng = games.make("jelly", players=players, mode="tick"), random.Random(seed)
    rollout.DISTRICTS.clear()
    compared = rolled = own = 0

    def decide(state: Any, seat: int, legal: Sequence[Any]) -> Any:
        nonlocal compared, rolled, own
        greedy = GreedyBot(game, seat).act_on_state(game, state, legal)
        if _holds_a_roll(state, seat):
            may_roll = isinstance(legal[0], Reroll)
            assert rollout.place(game, state, seat, may_roll) is greedy  # the legal tuple's own
            compared += 1
            # a roll of one value we have everywhere: a 6 always cancels one of ours (the bot
            # rolls again if it may), a 1 may send ours to the centre instead
            for value in (6, 1):
                clash = _everywhere(state, seat, value)
                clash_legal = game.legal_actions(clash, seat)
                clash_greedy = GreedyBot(game, seat).act_on_state(game, clash, clash_legal)
                assert rollout.place(game, clash, seat, may_roll) == clash_greedy
                rolled += clash_greedy == Reroll()
                own += isinstance(clash_greedy, PlaceRemove) and clash_greedy.owner == seat
        return greedy

    walk(game, rng, decide, games=5)
    assert compared > 400
    assert rolled > 20
    assert own > 20  # a 1 sent our own 1 to the centre
    assert len(rollout.DISTRICTS) > 100  # remembered districts were used across decisions


def _everywhere(state: JellyState, seat: int, value: int) -> JellyState:
    """`state` with a die of `seat` showing `value` on every entrance and a roll of those."""
    entrances = tuple((*e, (seat, value)) for e in state.entrances)
    roll = (value,) * len(state.rolls[seat])
    rolls = tuple(roll if p == seat else r for p, r in enumerate(state.rolls))
    return evolve(state, entrances=entrances, rolls=rolls)


def _slow_steps(game: Any, state: JellyState, rng: random.Random, steps: int) -> JellyState:
    """`steps` steps of the MCTS rollout loop, through the rules' own protocol, the greedy bot
    choosing from the legal moves."""
    for _ in range(steps):
        actors = game.actors(state)
        if actors == (CHANCE,):
            state = game.apply(state, CHANCE, sample(game, state, rng))
            continue
        seat = min(actors)
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, GreedyBot(game, seat).act_on_state(game, state, legal))
    return state


@pytest.mark.parametrize(("players", "seed"), [(3, 21), (5, 22)])
def test_rollout_steps_are_the_rollout_loops_steps(players: int, seed: int) -> None:
    game, rng = games.make("jelly", players=players, mode="tick"), random.Random(seed)
    compared = 0

    def decide(state: Any, seat: int, legal: Sequence[Any]) -> Any:
        nonlocal compared
        if state.phase == Phase.PLAY and rng.random() < 0.3:
            stop = state.round + 1
            for budget in (1_000, rng.randrange(1, 8)):
                draws = rng.randrange(1 << 30)
                fast_rng, slow_rng = random.Random(draws), random.Random(draws)
                fast, played = playout.rollout_steps(game, state, fast_rng, stop, budget)
                assert 0 < played <= budget
                assert fast == _slow_steps(game, state, slow_rng, played)
                assert fast_rng.getstate() == slow_rng.getstate()
                if played < budget:  # it stopped where the round in play ends
                    assert fast.phase != Phase.PLAY or fast.round >= stop
                compared += 1
        return GreedyBot(game, seat).act_on_state(game, state, legal)

    walk(game, rng, decide, games=1)
    assert compared > 40


def test_searches_with_and_without_the_fast_rollouts_agree() -> None:
    game, rng = games.make("jelly", players=3, mode="tick"), random.Random(31)
    searched = 0

    def decide(state: Any, seat: int, legal: Sequence[Any]) -> Any:
        nonlocal searched
        if len(legal) > 1 and state.phase == Phase.PLAY and searched < 12:
            view = game.observe(state, seat)
            found = []
            for fast in (True, False):
                bot = MCTSBot(game, seat, iterations=25)
                if not fast:
                    bot.rollout_steps = None
                search_rng = random.Random(searched)
                found.append((bot.act(view, legal, search_rng), search_rng.getstate()))
            assert found[0] == found[1]
            searched += 1
        return GreedyBot(game, seat).act_on_state(game, state, legal)

    walk(game, rng, decide, games=1)
    assert searched == 12
