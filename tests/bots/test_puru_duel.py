"""Puru Puru 2-player Basic DP: exact values against a brute-force expectimax over the rules."""

from __future__ import annotations

import os
import random
from functools import cache
from typing import Any

import pytest

from dicehall import games
from dicehall.core import CHANCE
from dicehall.games.puru.bots.solve_duel import best_action, end_value, solve, values
from dicehall.games.puru.state import Phase, PuruState
from tests.bots.playthrough import expectation

LO = 18
NIGHTLY = os.environ.get("DICEHALL_FUZZ") == "nightly"


def _score(game: Any, state: PuruState) -> float:
    """Seat 0's score: 1 shared among the winners; when nobody wins, 1/2 (like a draw)."""
    winners = game.result(state).winners
    if not winners:
        return 0.5
    return (1.0 / len(winners)) if 0 in winners else 0.0


def _expectimax(game: Any, decide: Any) -> Any:
    """Seat 0's exact expected score (a shared win or nobody's counts 1/2) over the rules, the
    players' choices made by `decide(state, seat, value)`."""

    @cache
    def value(state: PuruState) -> float:
        actors = game.actors(state)
        if not actors:
            return _score(game, state)
        if actors == (CHANCE,):
            return expectation(game, state, value)
        return float(decide(state, actors[0], value))

    return value


def _brute(game: Any) -> Any:
    """Seat 0's value under optimal play by both seats."""

    def decide(state: PuruState, seat: int, value: Any) -> float:
        options = [value(game.apply(state, seat, a)) for a in game.legal_actions(state, seat)]
        return max(options) if seat == 0 else min(options)

    return _expectimax(game, decide)


def _state(pos: tuple[int, ...], roller: int = 0) -> PuruState:
    """The start of `roller`'s turn at `pos` = (seat 0's L, E, J, seat 1's L, E, J)."""
    a, b, c, d, e, f = pos
    return PuruState(Phase.ROLL, roller, (a, d), (b, e), (c, f), (0, 0, 0, 0), 6, 0)


@pytest.fixture(scope="module")
def solution() -> Any:
    return solve(lo=LO, threads=1)


@pytest.fixture(scope="module")
def game() -> Any:
    return games.make("puru", players=2)


POSITIONS = [(18, 18, 2, 18, 18, 2), (19, 18, 1, 18, 19, 2), (18, 19, 2, 19, 18, 1),
             (19, 19, 2, 19, 19, 2), (18, 18, 1, 19, 19, 1), (19, 18, 2, 18, 18, 1)]  # fmt: skip


@pytest.mark.parametrize("pos", POSITIONS)
def test_late_game_values_match_brute_force(solution: Any, game: Any, pos: Any) -> None:
    brute = _brute(game)
    assert solution.value(*pos) == pytest.approx(brute(_state(pos)), abs=1e-5)
    # the same position with seat 1 to move: seat 0 gets 1 - V of seat 1's view
    a, b, c, d, e, f = pos
    assert 1 - solution.value(d, e, f, a, b, c) == pytest.approx(
        brute(_state(pos, roller=1)), abs=1e-5
    )


def test_values_are_scores_and_the_game_is_constant_sum(solution: Any) -> None:
    mover = solution.mover
    assert mover.min() >= 0.0 and mover.max() <= 1.0
    assert solution.value(20, 18, 2, 18, 18, 2) == 1.0  # Paradice
    assert solution.value(20, 18, 1, 18, 20, 2) == 0.5  # both at 20: a shared win
    assert solution.value(18, 19, 0, 18, 18, 0) == 0.5  # both dripped: nobody wins, 1/2
    assert solution.value(19, 19, 0, 18, 18, 0) == 0.5  # both dripped: 19 does not beat 18
    assert solution.value(19, 19, 0, 18, 18, 2) == 0.0  # dripped alone: lost
    assert solution.after(19, 19, 2, 18, 18, 0) == 1.0
    for x in [(0, 0, 0, 0, 0, 0), (20, 3, 4, 20, 3, 9), (5, 7, 0, 8, 9, 0), (25, 1, -3, 2, 2, 4)]:
        a, b, c, d, e, f = x
        assert float(end_value(*x)) + float(end_value(d, e, f, a, b, c)) == 1.0


@pytest.mark.parametrize("rerolls", [0, 1])
@pytest.mark.parametrize("dice", [(3, 2, 1, 0), (0, 0, 3, 3), (6, 0, 0, 0), (1, 2, 2, 1)])
def test_policy_values_every_choice_exactly(
    solution: Any, game: Any, rerolls: int, dice: Any
) -> None:
    brute = _brute(game)
    for roller in (0, 1):
        state = PuruState(Phase.CHOOSE, roller, (18, 19), (18, 18), (2, 1), dice, 6, rerolls)
        legal = game.legal_actions(state, roller)
        view = game.observe(state, roller)
        table = values(solution, view)
        assert set(table) == set(legal)
        for action in legal:
            expected = brute(game.apply(state, roller, action))
            expected = expected if roller == 0 else 1 - expected
            assert table[action] == pytest.approx(expected, abs=1e-5), (roller, action)
        assert table[best_action(solution, view, legal)] >= max(table.values()) - 1e-7


def _fixed(game: Any, solution: Any, reply: bool = False) -> Any:
    """Seat 0's expected score when seat 0 plays `best_action` (or, with `reply`, the best
    reply to GreedyBot) and seat 1 GreedyBot."""
    from dicehall.games.puru.bots.greedy import GreedyBot

    greedy, rng = GreedyBot(game, 1), random.Random(0)

    def decide(state: PuruState, seat: int, value: Any) -> float:
        legal, view = game.legal_actions(state, seat), game.observe(state, seat)
        if seat == 0 and reply:
            return max(value(game.apply(state, 0, a)) for a in legal)
        if seat == 0:
            return value(game.apply(state, 0, best_action(solution, view, legal)))
        return value(game.apply(state, 1, greedy.act(view, legal, rng)))

    return _expectimax(game, decide)


def test_policy_evaluation_against_greedy_matches_play_by_the_rules(
    solution: Any, game: Any
) -> None:
    from tests.bots.puru_duel_greedy import Evaluation

    evaluation = Evaluation(solution, best_reply=True)
    evaluation.solve(threads=1)
    fixed, reply = _fixed(game, solution), _fixed(game, solution, reply=True)
    brute = _brute(game)
    for pos in [*POSITIONS, (18, 18, 2, 18, 18, 2), (18, 18, 2, 19, 19, 1)]:
        a, b, c, d, e, f = pos
        expected = fixed(_state(pos))
        assert evaluation.expert_moves(*pos) == pytest.approx(expected, abs=1e-5), pos
        expected = fixed(_state(pos, roller=1))
        assert evaluation.greedy_moves(d, e, f, a, b, c) == pytest.approx(expected, abs=1e-5)
        assert expected >= brute(_state(pos, roller=1)) - 1e-5  # greedy does no better
        first, second = (
            evaluation.reply_values(*pos)[0],
            evaluation.reply_values(d, e, f, a, b, c)[1],
        )
        assert first == pytest.approx(reply(_state(pos)), abs=1e-5)
        assert second == pytest.approx(reply(_state(pos, roller=1)), abs=1e-5)
        assert first >= evaluation.expert_moves(*pos) - 1e-6


def _one_turn(game: Any, solution: Any, state: PuruState) -> float:
    """Seat 0's score from `state` by the rules to the end of seat 0's turn, then V."""

    @cache
    def value(s: PuruState) -> float:
        if game.is_terminal(s):
            return _score(game, s)
        if s.roller != 0:
            other = (s.love[1], s.excite[1], s.jelly[1], s.love[0], s.excite[0], s.jelly[0])
            return 1.0 - float(solution.value(*other))
        if game.actors(s) == (CHANCE,):
            return expectation(game, s, value)
        return max(value(game.apply(s, 0, a)) for a in game.legal_actions(s, 0))

    return value(state)


@pytest.mark.skipif(not NIGHTLY, reason="the whole game's table: DICEHALL_FUZZ=nightly")
def test_whole_game_table_agrees_with_the_rules_turn_by_turn() -> None:
    """Bellman residuals over the whole game (minutes to solve when the cache is empty): at
    random positions, half of them near an end, V equals one turn by the rules, then V."""
    from dicehall.games.puru.bots.solve_duel import load_or_solve

    game, solution = games.make("puru", players=2), load_or_solve()
    rng = random.Random(2)
    positions = [(0, 0, 20, 0, 0, 20)]
    for i in range(40):
        low, top = (14, 5) if i % 2 else (0, 20)
        a, b, d, e = (rng.randint(low, 19) for _ in range(4))
        positions.append((a, b, rng.randint(1, top), d, e, rng.randint(1, top)))
    for pos in positions:
        expected = _one_turn(game, solution, _state(pos))
        assert solution.value(*pos) == pytest.approx(expected, abs=1e-5), pos


def test_the_expert_plays_the_duel_tables_in_two_player_basic_only(
    solution: Any, game: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dicehall.bots import make_bot
    from dicehall.games.puru.bots import expert
    from dicehall.games.puru.bots.turn_search import TurnSearchBot

    monkeypatch.setattr(expert, "duel_solution", lambda: solution)
    state = PuruState(Phase.CHOOSE, 1, (18, 19), (18, 18), (2, 1), (0, 0, 3, 3), 6, 0)
    view, legal = game.observe(state, 1), game.legal_actions(state, 1)
    bot = make_bot("expert", game, 1)
    assert isinstance(bot, expert.ExpertBot)  # the table's player, not a search
    assert bot.act(view, legal, random.Random(0)) == best_action(solution, view, legal)
    for other in ({"players": 3}, {"players": 2, "full": True}, {"players": 2, "die": "HHSSCC"}):
        bot = make_bot("expert", games.make("puru", **other), 0)
        assert isinstance(bot, TurnSearchBot), other  # no table: the turn search
