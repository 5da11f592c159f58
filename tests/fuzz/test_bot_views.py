"""Bots receive only views: at every decision `Match` hands a bot exactly
`game.observe(state, seat)` (plain JSON, no state object), the seat's legal actions and a
random generator, and nothing else (the `act` signature)."""

from __future__ import annotations

import inspect
import json
import random
from typing import Any

import pytest

from dicehall import games
from dicehall.bots import levels_for, make_bot
from dicehall.engine import ManualClock, Match

GAMES = [
    ("puru", {"players": 3, "full": True}),
    ("puru", {"solo": True}),
    ("purrramid", {"players": 2}),
    ("paradice", {"players": 3}),
    ("jelly", {"players": 4, "mode": "tick"}),
    ("jelly", {"players": 3, "mode": "realtime"}),
]
CASES = [(g, p, level) for g, p in GAMES if g in games.available() for level in levels_for(g)]
SEARCH_STEPS = 12
"""Bot decisions checked for the searching levels (a whole match for the others)."""


class Spy:
    """Wraps a bot and checks what the match gives it."""

    def __init__(self, bot: Any, seat: int) -> None:
        self.bot, self.seat, self.level = bot, seat, bot.level
        self.match: Match | None = None
        self.calls = 0

    def act(self, view: Any, legal_actions: Any, rng: random.Random) -> Any:
        assert self.match is not None
        game, state = self.match.game, self.match.state
        assert view == game.observe(state, self.seat), "the bot got more than its seat's view"
        assert json.loads(json.dumps(view)) == view, "a view is plain JSON"
        assert tuple(legal_actions) == game.legal_actions(state, self.seat)
        assert type(rng) is random.Random
        self.calls += 1
        return self.bot.act(view, legal_actions, rng)


def _bot(game: Any, seat: int, level: str) -> Any:
    if level in ("mcts", "expert") and not (level == "expert" and game.id == "purrramid"):
        return make_bot(level, game, seat, iterations=2)  # MCTS (puru Full: expert is MCTS)
    return make_bot(level, game, seat)


@pytest.mark.parametrize("case", CASES, ids=[f"{g}-{i}-{lv}" for i, (g, _, lv) in enumerate(CASES)])
def test_bots_are_given_only_their_seats_view(case: tuple[str, dict[str, Any], str]) -> None:
    game_id, params, level = case
    game = games.make(game_id, **params)
    if level == "expert" and getattr(game, "solo", False):
        pytest.skip("the Solo expert first solves a large exact DP (tests/bots covers it)")
    seats = range(1 if getattr(game, "solo", False) else game.num_players)  # AutoPuray: no bot
    spies = {s: Spy(_bot(game, s, level), s) for s in seats}
    clock = ManualClock() if game.spec.real_time else None
    match = Match(game, seed=5, bots=dict(spies), clock=clock)
    for spy in spies.values():
        spy.match = match
    searching = level in ("mcts", "expert")
    match.run_bots(max_steps=SEARCH_STEPS if searching else None)
    assert sum(s.calls for s in spies.values()) >= (SEARCH_STEPS if searching else 1)
    assert searching or match.is_over


@pytest.mark.parametrize("game_id", games.available())
def test_bot_act_takes_a_view_legal_actions_and_rng_only(game_id: str) -> None:
    params = {"solo": True} if game_id == "puru" else {}
    game = games.make(game_id, **params)
    for level in levels_for(game_id):
        bot = _bot(game, 0, level)
        names = list(inspect.signature(bot.act).parameters)
        assert names == ["view", "legal_actions", "rng"], (game_id, level, names)
