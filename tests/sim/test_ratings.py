"""Round-robin ratings: lineups, the win-rate matrix, openskill ratings."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicehall.core import DicehallError
from dicehall.sim import stats
from dicehall.sim.ratings import Played, Tournament, interval, lineups, rate
from dicehall.sim.simulate import Outcome


def test_lineups_rotate_every_group_of_bots() -> None:
    assert lineups(["a", "b"], 2) == [("a", "b"), ("b", "a")]
    three = lineups(["a", "b", "c"], 3)
    assert three == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert len(lineups(["a", "b", "c"], 2)) == 6
    with pytest.raises(DicehallError, match="at least 3 bots"):
        lineups(["a", "b"], 3)
    with pytest.raises(DicehallError, match="once"):
        lineups(["a", "a"], 2)


@given(st.integers(0, 40), st.integers(1, 40))
def test_interval_matches_wilson_on_whole_counts(wins: int, n: int) -> None:
    wins = min(wins, n)
    lo, hi = interval(float(wins), n)
    wlo, whi = stats.wilson(wins, n)
    assert lo == pytest.approx(wlo, abs=1e-12) and hi == pytest.approx(whi, abs=1e-12)


def _game(bots: tuple[str, ...], ranks: tuple[int, ...]) -> Played:
    winners = tuple(s for s, r in enumerate(ranks) if r == 1)
    return Played(bots, 0, Outcome(winners, (0.0,) * len(bots), "x", 1, None, ranks=ranks))


def test_matrix_counts_ties_as_half_and_ratings_follow_results() -> None:
    t = Tournament("puru", {}, ("a", "b"))
    t.played = [_game(("a", "b"), (1, 2)), _game(("b", "a"), (2, 1)), _game(("a", "b"), (1, 1))]
    m = t.matrix()
    assert m["a"]["b"]["games"] == 3 and m["a"]["b"]["score"] == 2.5
    assert m["b"]["a"]["rate"] == pytest.approx(0.5 / 3)
    r = t.ratings()
    assert r["a"]["mu"] > r["b"]["mu"]
    assert r["a"]["ordinal"] == pytest.approx(r["a"]["mu"] - 3 * r["a"]["sigma"])


def test_rate_plays_every_lineup_with_seats_rotated() -> None:
    t = rate("puru", {"players": 2}, ["random", "greedy"], 6, seed=3)
    assert len(t.played) == 6
    assert sorted(p.bots for p in t.played).count(("greedy", "random")) == 3
    data = t.to_json()
    assert set(data) >= {"ratings", "matrix", "games", "bots"}
    ab, ba = data["matrix"]["greedy"]["random"], data["matrix"]["random"]["greedy"]
    assert ab["score"] + ba["score"] == ab["games"] == 6
    assert {"mu", "sigma", "ordinal"} == set(data["ratings"]["greedy"])


def test_rate_gives_the_same_games_in_parallel() -> None:
    serial = rate("puru", {"players": 3}, ["random", "greedy", "mcts:2"], 3, seed=1)
    parallel = rate("puru", {"players": 3}, ["random", "greedy", "mcts:2"], 3, seed=1, workers=2)
    assert [p.outcome for p in serial.played] == [p.outcome for p in parallel.played]


def test_rate_plays_exactly_the_games_asked_when_seats_do_not_divide_them() -> None:
    # `rate --games 200` with three seats played 67 games in each rotation: 201
    t = rate("puru", {"players": 3}, ["random", "greedy", "mcts:2"], 7, seed=2)
    assert len(t.played) == 7
    firsts = [p.bots[0] for p in t.played]
    assert sorted(firsts.count(b) for b in ("random", "greedy", "mcts:2")) == [2, 2, 3]
