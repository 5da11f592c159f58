"""The greedy bot: legal choices from the view alone, sensible priorities, beats random."""

from __future__ import annotations

import random

from tests.games.paradice.helpers import d, make, scene

from dicehall.bots import make_bot
from dicehall.engine import Match
from dicehall.games.paradice.actions import EndTurn, Place, SurpriseBag
from dicehall.games.paradice.bots.greedy import GreedyBot
from dicehall.games.paradice.state import Phase, evolve

GAME = make(players=2)


def test_make_bot_finds_the_greedy_level() -> None:
    bot = make_bot("greedy", GAME, 1)
    assert isinstance(bot, GreedyBot) and bot.level == "greedy"


def test_completes_a_stall_rather_than_starting_one() -> None:
    mine = (("balloon-1", (d("P1"), d("B1"), 0)), "cotton-1")
    state = scene(GAME, mine=mine, phase=Phase.PLACE, pending=(d("L2"),))
    legal = GAME.legal_actions(state, 0)
    choice = GreedyBot(GAME, 0).act(GAME.observe(state, 0), legal, random.Random(0))
    assert choice == Place(d("L2"), 0, 2)


def test_uses_the_surprise_bag_when_it_has_one() -> None:
    state = scene(GAME, mine=("cotton-8",), phase=Phase.PLACE)
    player = evolve(state).players[0]
    from dataclasses import replace

    state = evolve(state, players=(replace(player, powers=(0, 0, 0, 0, 1)), state.players[1]))
    legal = GAME.legal_actions(state, 0)
    assert EndTurn() in legal
    choice = GreedyBot(GAME, 0).act(GAME.observe(state, 0), legal, random.Random(0))
    assert choice == SurpriseBag()


def test_greedy_beats_random_over_a_few_games() -> None:
    wins = 0
    for seed in range(6):
        bots = {0: GreedyBot(GAME, 0), 1: make_bot("random", GAME, 1)}
        match = Match(GAME, seed, bots=dict(bots))
        match.run_bots()
        result = match.result()
        assert result is not None
        wins += 0 in result.winners
    assert wins >= 5
