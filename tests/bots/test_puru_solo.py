"""Puru Puru Solo DP: exact values against a brute-force expectimax over the real rules."""

from __future__ import annotations

import os
import random
from functools import cache
from typing import Any

import pytest

from dicehall import games
from dicehall.bots.solvers.cache import ENV_DIR
from dicehall.core import CHANCE
from dicehall.games.puru.bots.solve_solo import Grid, load_or_solve, player_effects, solve
from dicehall.games.puru.state import Phase, PuruState
from tests.bots.playthrough import expectation

NIGHTLY = os.environ.get("DICEHALL_FUZZ") == "nightly"
USER_CACHE = os.environ.get(ENV_DIR)  # the nightly check reads the real cache (or fills it)


@pytest.fixture(autouse=True)
def _cache_dir(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert caches its tables: in a temporary folder here, never the user's."""
    from dicehall.games.puru.bots.expert import solution

    monkeypatch.setenv("DICEHALL_CACHE_DIR", str(tmp_path))
    solution.cache_clear()


def _brute(game: Any, shared: float = 1.0) -> Any:
    """Optimal win probability of seat 0 by recursion over the rules (a shared win counts
    `shared`; when nobody wins, seat 0 has not won)."""

    @cache
    def value(state: PuruState) -> float:
        actors = game.actors(state)
        if not actors:
            winners = game.result(state).winners
            return 0.0 if 0 not in winners else 1.0 if len(winners) == 1 else shared
        if actors == (CHANCE,):
            return expectation(game, state, value)
        return max(value(game.apply(state, 0, a)) for a in game.legal_actions(state, 0))

    return value


def _position(game: Any, pos: tuple[int, ...], roller: int = 0) -> PuruState:
    a, b, c, d, e, f = pos
    n = 6 if roller == 0 else game.auto_dice
    return PuruState(Phase.ROLL, roller, (a, d), (b, e), (c, f), (0, 0, 0, 0), n, 0)


@pytest.mark.parametrize(("auto_dice", "shared"), [(3, 1.0), (4, 1.0), (3, 0.5), (4, 0.5)])
def test_late_game_values_match_brute_force(auto_dice: int, shared: float) -> None:
    game = games.make("puru", solo=True, **{"super": auto_dice == 4})
    solution = solve(auto_dice, lo=18, shared=shared)
    brute = _brute(game, shared)
    positions = [(18, 18, 2, 18, 18, 2), (19, 18, 1, 18, 19, 2), (18, 19, 2, 19, 18, 1),
                 (19, 19, 2, 19, 19, 2), (18, 18, 1, 19, 19, 1)]  # fmt: skip
    for pos in positions:
        expected = brute(_position(game, pos))
        assert solution.value(*pos) == pytest.approx(expected, abs=1e-5), pos
        auto = solution.auto_value(*pos)
        assert auto == pytest.approx(brute(_position(game, pos, roller=1)), abs=1e-5), pos


def test_values_are_probabilities_and_terminal_positions_are_fixed() -> None:
    solution = solve(3, lo=18)
    assert solution.win.min() >= 0.0 and solution.win.max() <= 1.0
    assert solution.value(20, 18, 5, 18, 18, 2) == 1.0  # you reached 20 Love
    assert solution.value(18, 18, 0, 18, 18, 2) == 0.0  # you dripped out
    assert solution.value(18, 18, 2, 18, 18, 0) == 1.0  # AutoPuray dripped out
    assert solution.value(19, 19, 0, 18, 18, 0) == 0.0  # both dripped in one roll: nobody won
    assert solution.value(20, 18, 2, 18, 20, 2) == 1.0  # both at 20: a shared win counts 1
    assert solve(3, lo=18, shared=0.5).value(20, 18, 2, 18, 20, 2) == 0.5  # or half


def test_six_of_a_kind_offers_keep_and_give() -> None:
    keep, give = player_effects((6, 0, 0, 0))
    assert keep == (6, 0, 0, 0, 0, 0) and give == (0, 0, 0, 6, 0, 0)
    assert player_effects((3, 2, 1, 0)) == [(0, 2, -1, 3, 0, 0)]  # hearts go to AutoPuray
    assert player_effects((0, 1, 3, 2)) == [(0, 1, -2, 0, 0, -3)]  # crying drips AutoPuray
    assert player_effects((2, 2, 1, 1)) == [(2, 2, -2, 0, 0, 0)]  # no majority: all yours
    assert Grid(18).index(18, 18, -7, 18, 18, -7) == 0


@pytest.mark.parametrize("rerolls", [0, 1])
@pytest.mark.parametrize("dice", [(3, 2, 1, 0), (0, 0, 3, 3), (6, 0, 0, 0), (1, 2, 2, 1)])
def test_expert_values_every_choice_exactly(rerolls: int, dice: tuple[int, ...]) -> None:
    from dicehall.games.puru.bots.expert import ExpertBot

    game = games.make("puru", solo=True)
    brute = _brute(game)
    bot = ExpertBot(game, 0, lo=18)
    state = PuruState(Phase.CHOOSE, 0, (18, 19), (18, 18), (2, 2), dice, 6, rerolls)  # type: ignore[arg-type]
    legal = game.legal_actions(state, 0)
    values = bot.values(game.observe(state, 0))
    assert set(values) == set(legal)
    for action in legal:
        assert values[action] == pytest.approx(brute(game.apply(state, 0, action)), abs=1e-5)
    best = bot.act(game.observe(state, 0), legal, random.Random(0))
    assert values[best] == max(values.values())


def _one_turn(game: Any, solution: Any, state: PuruState) -> float:
    """Seat 0's win probability from `state` by the rules, to the end of this roller's turn;
    then the solution's values take over (W when you roll next, Q when AutoPuray does)."""

    @cache
    def value(s: PuruState) -> float:
        if game.is_terminal(s):
            return 1.0 if 0 in game.result(s).winners else 0.0
        pos = (s.love[0], s.excite[0], s.jelly[0], s.love[1], s.excite[1], s.jelly[1])
        if s.roller != state.roller:
            return float(solution.value(*pos) if s.roller == 0 else solution.auto_value(*pos))
        if game.actors(s) == (CHANCE,):
            return expectation(game, s, value)
        return max(value(game.apply(s, 0, a)) for a in game.legal_actions(s, 0))

    return value(state)


def _random_position(rng: random.Random, late: bool) -> tuple[int, ...]:
    """A running position; `late`: tracks 14..19 and Jellies 1..5."""
    low, top = (14, 5) if late else (0, 20)
    a, b, d, e = (rng.randint(low, 19) for _ in range(4))
    return (a, b, rng.randint(1, top), d, e, rng.randint(1, top))


@pytest.mark.skipif(not NIGHTLY, reason="the whole game's tables: DICEHALL_FUZZ=nightly")
@pytest.mark.parametrize("auto_dice", [3, 4])
def test_whole_game_tables_agree_with_the_rules_turn_by_turn(
    auto_dice: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bellman residuals over the whole game: at random positions (half of them near an end)
    each table equals one turn played by the rules, then the tables (minutes to solve when the
    cache is empty)."""
    if USER_CACHE:
        monkeypatch.setenv(ENV_DIR, USER_CACHE)
    else:
        monkeypatch.delenv(ENV_DIR)
    game = games.make("puru", solo=True, **{"super": auto_dice == 4})
    solution = load_or_solve(auto_dice)
    rng = random.Random(auto_dice)
    positions = [(0, 0, 20, 0, 0, 20)] + [_random_position(rng, i % 2 == 1) for i in range(300)]
    for i, pos in enumerate(positions):
        auto = _one_turn(game, solution, _position(game, pos, roller=1))
        assert solution.auto_value(*pos) == pytest.approx(auto, abs=1e-5), pos
        if i % 10 == 0:  # your turn: slower (every reroll)
            assert solution.value(*pos) == pytest.approx(
                _one_turn(game, solution, _position(game, pos)), abs=1e-5
            ), pos


def test_the_expert_uses_the_tables_only_for_the_die_they_were_solved_for() -> None:
    from dicehall.bots import make_bot
    from dicehall.bots.mcts import MCTSBot
    from dicehall.games.puru.bots.expert import ExpertBot, make_expert
    from dicehall.games.puru.bots.turn_search import TurnSearchBot

    assert make_expert(games.make("puru", solo=True, die="SHCSHA"), 0) is not None  # same die
    assert make_expert(games.make("puru", solo=True, die="HHHSCA"), 0) is None
    assert make_expert(games.make("puru", players=3), 0) is None  # no DP: the front end searches
    assert isinstance(make_bot("expert", games.make("puru", players=3), 0), TurnSearchBot)
    other_die = games.make("puru", solo=True, die="HHHSCA")
    assert isinstance(make_bot("expert", other_die, 0), MCTSBot)  # Solo: the generic search
    assert ExpertBot(games.make("puru"), 0).duel  # 2-player Basic: the duel's tables
