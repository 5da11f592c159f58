"""Batch simulation: the same games as `engine.Match`, worker-independent, correct summaries."""

from __future__ import annotations

from typing import Any

import pytest

from dicehall import games
from dicehall.bots import RandomBot, make_bot
from dicehall.core import CHANCE, DicehallError
from dicehall.engine import Match
from dicehall.sim import stats
from dicehall.sim.simulate import Outcome, Summary, play_one, play_out, setup, simulate


@pytest.mark.parametrize("params", [{}, {"players": 3, "mode": "tick"}, {"full": True}])
@pytest.mark.parametrize("seed", [0, 1, 7, 123])
def test_play_out_plays_the_game_match_would(params: dict[str, Any], seed: int) -> None:
    game = games.make("clitoy", **params)
    bots = [RandomBot(game, s) for s in range(game.num_players)]
    match = Match(game, seed, bots=dict(enumerate(bots)))
    match.run_bots()
    state, by_seat = play_out(game, bots, seed)
    assert match.is_over
    assert state == match.state
    assert by_seat == [sum(1 for e in match.log if e.seat == s) for s in range(len(bots))]
    assert CHANCE in {e.seat for e in match.log}


def test_outcome_reads_result_and_turns() -> None:
    game, bots = setup("clitoy", {}, ["random", "random"])
    outcome = play_one(game, bots, 5)
    state, _ = play_out(game, bots, 5)
    result = game.result(state)
    assert outcome.winners == result.winners and outcome.reason == result.reason
    assert outcome.turns == state.turn


def test_game_i_uses_seed_plus_i() -> None:
    many = simulate("clitoy", {}, ("random", "random"), 4, seed=10)
    one = simulate("clitoy", {}, ("random", "random"), 1, seed=12)
    assert many.outcomes[2] == one.outcomes[0]
    assert many.outcomes[0] != many.outcomes[1] or many.outcomes[1] != many.outcomes[2]


def test_workers_give_the_serial_results() -> None:
    serial = simulate("clitoy", {"players": 3}, ("random",) * 3, 60, seed=3)
    parallel = simulate("clitoy", {"players": 3}, ("random",) * 3, 60, seed=3, workers=2)
    assert parallel.outcomes == serial.outcomes


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[int] = []
    simulate("clitoy", {}, ("random", "random"), 25, on_progress=seen.append)
    assert seen == sorted(seen) and seen[-1] == 25


def _summary(outcomes: list[Outcome]) -> Summary:
    return Summary("clitoy", {"players": 2}, 0, ("random", "greedy"), outcomes)


def test_summary_counts_shared_wins_for_each_winner() -> None:
    outcomes = [
        Outcome((0,), (5.0, 1.0), "target", 10, 4, (10, 0)),
        Outcome((0, 1), (5.0, 5.0), "target", 12, 6, (12, 0)),
        Outcome((1,), (2.0, 8.0), "limit", 20, None, (20, 0)),
    ]
    data = _summary(outcomes).to_json()
    assert [s["wins"] for s in data["seats"]] == [2, 2]
    assert data["seats"][0]["ci95"] == list(stats.wilson(2, 3))
    assert data["seats"][1]["bot"] == "greedy"
    assert data["seats"][0]["mean_score"] == pytest.approx(4.0)
    assert data["seats"][0]["mean_actions"] == pytest.approx(14.0)
    assert data["seats"][1]["mean_actions"] == 0
    assert data["shared_wins"] == 1
    assert data["length"]["mean"] == pytest.approx(14.0)
    assert data["length"]["median"] == 12
    assert "turns_mean" not in data["length"]  # one game did not tell its turns
    assert data["end_reasons"] == {"target": 2, "limit": 1}


def test_summary_turns_when_every_game_tells() -> None:
    outcomes = [Outcome((0,), (1.0, 0.0), "t", 3, 2), Outcome((1,), (0.0, 1.0), "t", 5, 4)]
    length = _summary(outcomes).length()
    assert length["turns_mean"] == 3.0 and length["turns_median"] == 3.0


def test_bad_setups_are_clear_errors() -> None:
    with pytest.raises(DicehallError, match="1 bot"):
        simulate("clitoy", {}, ("random",), 3)
    with pytest.raises(DicehallError, match="no bot level"):
        simulate("clitoy", {}, ("random", "nosuchbot"), 3)
    with pytest.raises(DicehallError, match="at least one"):
        simulate("clitoy", {}, ("random", "random"), 0)


@pytest.mark.parametrize(
    ("game_id", "level"), [("puru", "mcts:3"), ("purrramid", "expert"), ("paradice", "greedy")]
)
def test_reused_bots_play_the_games_fresh_bots_play_in_a_match(game_id: str, level: str) -> None:
    """A simulation reuses its bots from game to game; each game is still the Match's game."""
    game = games.make(game_id)
    levels = [level, "random"]  # a bot with memory (caches, a search) against random
    reused = [make_bot(level, game, seat) for seat, level in enumerate(levels)]
    for seed in (0, 1):
        fresh = {seat: make_bot(level, game, seat) for seat, level in enumerate(levels)}
        match = Match(game, seed, bots=fresh)
        match.run_bots()
        state, _ = play_out(game, reused, seed)
        assert state == match.state
    outcomes = simulate(game_id, {}, tuple(levels), 2).outcomes
    assert [o.winners for o in outcomes] == [
        game.result(play_out(game, reused, s)[0]).winners for s in (0, 1)
    ]


def test_rounds_are_read_from_the_final_view() -> None:
    outcomes = [
        Outcome((0,), (1.0, 0.0), "t", 3, None, (3, 0), 2),
        Outcome((1,), (0.0, 1.0), "t", 5, None, (5, 0), 3),
    ]
    length = _summary(outcomes).length()
    assert length["rounds_mean"] == 2.5 and "turns_mean" not in length
    summary = simulate("paradice", {}, ("random", "random"), 2)
    assert all(o.rounds is not None and o.turns is not None for o in summary.outcomes)


def test_real_time_games_fall_back_to_tick_mode_without_a_simulator(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from dicehall.sim import simulate as module

    monkeypatch.setattr(module, "realtime_runner", lambda game: None)
    summary = simulate("jelly", {"players": 3}, ("random",) * 3, 2)
    assert summary.params["mode"] == "tick" and summary.speeds == ()
    assert summary.notes == ["real-time simulation unavailable; played in tick mode"]


def test_real_time_games_use_the_engines_simulator_with_speeds() -> None:
    summary = simulate("jelly", {"players": 3}, ("random",) * 3, 2, speeds=("fast",))
    assert summary.params["mode"] == "realtime" and summary.speeds == ("fast",) * 3
    assert all(o.actions > 0 for o in summary.outcomes)


def test_stat_keys_summarise_the_final_view() -> None:
    summary = simulate("clitoy", {}, ("random", "random"), 10, stat_keys=("scores.0", "die", "x"))
    data = summary.to_json()["stats"]
    assert data["scores.0"]["mean"] == pytest.approx(
        sum(o.scores[0] for o in summary.outcomes) / 10
    )
    assert data["die"]["counts"] == {"0": 10}  # the game ends between rolls
    assert data["x"] == {"counts": {"missing": 10}}
    assert "stats" not in simulate("clitoy", {}, ("random", "random"), 2).to_json()
