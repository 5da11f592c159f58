"""Random games from many seeds with every fuzz check (`dicehall.sim.fuzz.fuzz_game`).

Each variant plays `examples(game)` games (in some, half the seats are greedy bots): a few in
the default 'ci' profile, thousands in all under DICEHALL_FUZZ=nightly. A failure names the
seed and the greedy share; `fuzz_game(game, seed, greedy=...)` replays it.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicehall import games
from dicehall.sim import fuzz
from tests.conformance.configs import CONFIGS
from tests.fuzz.cases import CASES, case_id, examples


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_random_games_keep_every_invariant(case: tuple[str, dict[str, Any]]) -> None:
    game_id, params = case
    game = games.make(game_id, **params)
    stats = fuzz.FuzzStats(game_id, params)

    @settings(max_examples=examples(game_id), database=None)
    @given(seed=st.integers(0, 2**32 - 1), greedy=st.sampled_from((0.0, 0.5)))
    def play(seed: int, greedy: float) -> None:
        before = len(stats.violations)
        fuzz.fuzz_game(game, seed, stats, greedy=greedy)
        assert stats.violations[before:] == []

    play()
    assert stats.games >= 1 and stats.actions > 0
    assert stats.illegal_probes > 0 and stats.hidden_probes > 0
    if game.spec.hidden_information:
        assert stats.revealing > 0, "no hidden-information probe touched a secret"


def test_the_fuzzed_variants_include_every_conformance_config() -> None:
    fuzzed = {(g, tuple(sorted(games.make(g, **p).params.items()))) for g, p in CASES}
    for game_id in games.available():
        for params in CONFIGS.get(game_id, []):
            resolved = tuple(sorted(games.make(game_id, **params).params.items()))
            assert (game_id, resolved) in fuzzed, (game_id, params)


def test_the_fuzzed_variants_cover_every_player_count() -> None:
    for game_id in games.available():
        spec = games.spec(game_id)
        counts = {games.make(game_id, **p).num_players for g, p in CASES if g == game_id}
        assert counts == set(range(spec.min_players, spec.max_players + 1)), game_id
