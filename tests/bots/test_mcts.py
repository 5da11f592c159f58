"""The MCTS bot and the bot levels: determinisers, budgets, choices, every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dicehall import games
from dicehall.bots import (
    EXPERT_ITERATIONS,
    LEVELS,
    default_iterations,
    levels_for,
    make_bot,
    parse_level,
)
from dicehall.bots.mcts import DEFAULT_ITERATIONS, MCTSBot, determiniser, iterations_per_second
from dicehall.core import CHANCE, DicehallError
from dicehall.core.search import NotDeterminisable
from dicehall.engine import Match
from dicehall.games.puru.actions import RESOLVE
from dicehall.games.puru.state import Phase, PuruState
from tests.bots.playthrough import random_decisions

VARIANTS = [
    ("puru", {}),
    ("puru", {"full": True, "players": 4}),
    ("puru", {"solo": True}),
    ("purrramid", {"players": 3}),
    ("paradice", {}),
    ("jelly", {"players": 3, "mode": "tick"}),
]


@pytest.mark.parametrize("game_id", ["puru", "purrramid", "paradice", "jelly"])
def test_every_game_has_every_level(game_id: str) -> None:
    assert levels_for(game_id) == LEVELS


def test_levels_parse_budgets() -> None:
    assert parse_level("mcts") == ("mcts", {})
    assert parse_level("mcts:400") == ("mcts", {"iterations": 400})
    assert parse_level("mcts:1.5s") == ("mcts", {"seconds": 1.5})
    for bad in ("mcts:0", "mcts:fast", "greedy:10", "mcts:-1s"):
        with pytest.raises(DicehallError):
            parse_level(bad)
    bot = make_bot("mcts:7", games.make("purrramid"), 1)
    assert isinstance(bot, MCTSBot) and bot.iterations == 7 and bot.seat == 1
    own = make_bot("mcts:7", games.make("puru"), 1)  # a game's own search takes any budget
    assert not isinstance(own, MCTSBot) and own.level == "mcts"
    with pytest.raises(DicehallError, match="no bot level"):
        make_bot("genius", games.make("puru"), 0)


def test_a_game_sets_its_own_default_budgets_per_level() -> None:
    jelly, purrramid = games.make("jelly", players=3), games.make("purrramid")
    own = games.search_hooks("jelly").iterations  # Jelly Monster's search needs more
    assert make_bot("mcts", jelly, 0).iterations == own["mcts"] != DEFAULT_ITERATIONS
    assert make_bot("expert", jelly, 0).iterations == own["expert"] > own["mcts"]
    assert make_bot("mcts", purrramid, 0).iterations == DEFAULT_ITERATIONS  # the common ones
    assert default_iterations("purrramid", "expert") == EXPERT_ITERATIONS
    assert make_bot("mcts:7", jelly, 0).iterations == 7  # a given budget wins
    timed = make_bot("expert:2s", jelly, 0)
    assert timed.seconds == 2.0 and timed.iterations is None


@pytest.mark.parametrize(("game_id", "params"), VARIANTS)
def test_determinised_states_agree_with_the_view(game_id: str, params: dict[str, Any]) -> None:
    game = games.make(game_id, **params)
    rebuild = determiniser(game_id)
    rng = random.Random(3)
    checked = 0
    for state, seat in random_decisions(game, 1, 150):
        view = game.observe(state, seat)
        try:
            again = rebuild(game, view, seat, rng)
        except NotDeterminisable:
            continue
        assert game.observe(again, seat) == view
        assert game.legal_actions(again, seat) == game.legal_actions(state, seat)
        checked += 1
    assert checked > 5


def test_jelly_hidden_rolls_are_sampled_and_own_roll_kept() -> None:
    game = games.make("jelly", players=3, mode="tick")
    rebuild = determiniser("jelly")
    state, seat = next(
        (s, p) for s, p in random_decisions(game, 2, 60) if sum(bool(r) for r in s.rolls) >= 2
    )
    view = game.observe(state, seat)
    samples = [rebuild(game, view, seat, random.Random(i)) for i in range(20)]
    assert all(s.rolls[seat] == state.rolls[seat] for s in samples)
    other = next(p for p in range(3) if p != seat and state.rolls[p])
    assert len({s.rolls[other] for s in samples}) > 1  # hidden, so drawn
    assert all(len(s.rolls[other]) == len(state.rolls[other]) for s in samples)


def _sure_win(game: Any, state: PuruState, action: Any) -> bool:
    """Seat 0 wins whatever the dice do after `action`, resolving at the next choice."""
    after = game.apply(state, 0, action)
    if game.is_terminal(after):
        return 0 in game.result(after).winners
    for outcome, _ in game.chance_outcomes(after):
        rolled = game.apply(after, CHANCE, outcome)
        if not game.is_terminal(rolled):
            rolled = game.apply(rolled, 0, RESOLVE)
        if game.is_terminal(rolled) and 0 in game.result(rolled).winners:
            continue
        return False
    return True


def test_mcts_takes_a_certain_win() -> None:
    game = games.make("puru")
    # 1 heart, 2 crying, 3 angry: the angry majority goes away, the heart makes 20 Love
    state = PuruState(Phase.CHOOSE, 0, (19, 0), (0, 0), (10, 10), (1, 0, 2, 3), 6, 0)
    legal = game.legal_actions(state, 0)
    assert _sure_win(game, state, RESOLVE)
    assert not all(_sure_win(game, state, a) for a in legal)  # rerolling the heart may lose
    bot = MCTSBot(game, 0, iterations=300)
    assert _sure_win(game, state, bot.act(game.observe(state, 0), legal, random.Random(0)))


def test_iteration_budget_is_deterministic_and_counted() -> None:
    game = games.make("puru", players=3)
    state, seat = next((s, p) for s, p in random_decisions(game, 4, 30) if s.phase == Phase.CHOOSE)
    view, legal = game.observe(state, seat), game.legal_actions(state, seat)
    a = MCTSBot(game, seat, iterations=40)
    b = MCTSBot(game, seat, iterations=40)
    assert a.act(view, legal, random.Random(9)) == b.act(view, legal, random.Random(9))
    assert a.last_iterations == 40
    timed = MCTSBot(game, seat, seconds=0.01)
    assert timed.act(view, legal, random.Random(1)) in legal and timed.last_iterations >= 1


@pytest.mark.parametrize(("game_id", "params"), [("puru", {}), ("jelly", {"players": 3})])
def test_mcts_finishes_matches(game_id: str, params: dict[str, Any]) -> None:
    game = games.make(game_id, **{**params, "mode": "tick"} if game_id == "jelly" else params)
    bots = {s: make_bot("mcts:3" if s == 0 else "greedy", game, s) for s in range(game.num_players)}
    match = Match(game, 5, bots=bots)
    match.run_bots()
    assert match.is_over


def test_mcts_searches_real_time_jelly_as_ticks_and_falls_back_while_scoring() -> None:
    game = games.make("jelly", players=3)
    bot = MCTSBot(game, 0, iterations=2)
    assert bot.search.params["mode"] == "tick" and game.params["mode"] == "realtime"
    with pytest.raises(NotDeterminisable):
        determiniser("jelly")(game, {"phase": "scoring"}, 0, random.Random(0))
    assert bot.fallback().level == "greedy"


def test_iterations_per_second_counts_searches() -> None:
    iterations, elapsed = iterations_per_second(games.make("puru"), seconds=0.05, budget=5)
    assert iterations >= 5 and iterations % 5 == 0 and elapsed > 0
    assert iterations_per_second(games.make("puru"), seconds=0, budget=5)[0] == 5  # one search
