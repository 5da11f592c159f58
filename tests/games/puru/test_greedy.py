"""The greedy bot: sensible choices from the view alone, and it beats random play."""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any

from tests.games.puru.helpers import make, resolve, rolled, start

from dicehall.bots import make_bot
from dicehall.engine import Match
from dicehall.games.puru import PuruGame
from dicehall.games.puru.actions import (
    GIVE_AWAY,
    KEEP,
    RESOLVE,
    Choose,
    IgnoreDrip,
    Reroll,
    Track,
)
from dicehall.games.puru.state import PuruState


def _act(game: PuruGame, state: PuruState, seat: int) -> Any:
    bot = make_bot("greedy", game, seat)
    legal = game.legal_actions(state, seat)
    action = bot.act(game.observe(state, seat), legal, random.Random(0))
    assert action in legal
    return action


def test_gives_away_six_crying_and_keeps_six_hearts() -> None:
    game = make(players=3)
    crying = game.apply(rolled(game, start(game), "CCCCCC"), 0, RESOLVE)
    assert _act(game, crying, 0) == GIVE_AWAY
    hearts = game.apply(rolled(game, start(game), "HHHHHH"), 0, RESOLVE)
    assert _act(game, hearts, 0) == KEEP


def test_rerolls_drips_it_would_take_itself() -> None:
    game = make(players=2)
    state = rolled(game, start(game), "CCAAHS")  # no majority: 4 drips for itself
    action = _act(game, state, 0)
    assert isinstance(action, Reroll) and action.crying + action.angry >= 2


def test_guards_its_jelly_before_the_paid_reroll() -> None:
    game = make(players=2)
    state = rolled(game, start(game, jelly=(2, 20)), "HHSSCA")
    state = rolled(game, game.apply(state, 0, Reroll(crying=1, angry=1)), "CA")
    assert _act(game, state, 0) == RESOLVE


def test_out_of_turn_choices_favour_the_leading_track() -> None:
    game = make(players=3, full=True, characters="fish,grass,puru")
    state = resolve(game, start(game, excite=(9, 2, 0), love=(1, 6, 0)), "CCCCHS")
    assert _act(game, state, 0) == Choose(Track.EXCITEMENT)
    state = game.apply(state, 0, Choose(Track.EXCITEMENT))
    assert _act(game, state, 1) == IgnoreDrip(Track.LOVE)


def test_beats_random_play() -> None:
    game = make(players=2)
    wins = 0.0
    for g in range(40):
        levels = ("greedy", "random") if g % 2 == 0 else ("random", "greedy")
        bots = {s: make_bot(levels[s], game, s) for s in range(2)}
        match = Match(game, seed=g, bots=dict(bots))
        match.run_bots()
        result = match.result()
        assert result is not None
        wins += sum(1 / len(result.winners) for w in result.winners if levels[w] == "greedy")
    assert wins >= 30


def _decision_views(params: dict[str, Any], seeds: range) -> list[tuple[int, Any, Any]]:
    """(seat, view, legal) at every greedy decision of whole greedy games."""
    game, found = make(**params), []
    for seed in seeds:
        bots = {s: make_bot("greedy", game, s) for s in range(game.num_players)}
        match = Match(game, seed=seed, bots=bots)
        while not match.is_over:
            seat = match.bots_to_act()[0]
            bot, view, legal, _ = match.bot_inputs(seat)
            found.append((seat, view, legal))
            match.submit(seat, bot.act(view, legal, random.Random(0)))
    return found


def test_remembered_final_values_decide_as_a_fresh_bot_would() -> None:
    """A bot reuses a turn's final-roll values while the tracks stand still. Right after a
    position, the same position with one player's track or Jelly moved must be decided as
    a bot that remembers nothing decides it."""
    changed = 0
    for params in ({"players": 4}, {"players": 3, "full": True}):
        game = make(**params)
        for seat, view, legal in _decision_views(params, range(2)):
            bot = make_bot("greedy", game, seat)
            before = bot.act(view, legal, random.Random(0))
            for who, key in itertools.product(
                range(game.num_players), ("love", "excitement", "jelly")
            ):
                moved = copy.deepcopy(view)
                player = moved["players"][who]
                player[key] = max(1, player[key] - 3) if player[key] > 3 else player[key] + 3
                fresh = make_bot("greedy", game, seat).act(moved, legal, random.Random(0))
                assert bot.act(moved, legal, random.Random(0)) == fresh
                changed += fresh != before
    assert changed > 20  # the moves above do change decisions: the check has teeth
