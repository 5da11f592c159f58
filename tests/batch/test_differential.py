"""The batched rules are the rules engine's (docs/batch.md, *Proven identical*).

Short here (`configs.REPLAYED` and `SAMPLED` games per parameter set); 100,000 games
behind DICEHALL_FUZZ=nightly (1,000 replayed Purrramid games: each is about 1,500 actions).
"""

from __future__ import annotations

from typing import Any

import pytest

from dicehall import batch
from dicehall.batch import differential as diff
from tests.batch.configs import CONFIGS, REPLAYED, SAMPLED, config_id


def _env(game_id: str, params: dict[str, Any], size: int = 128) -> batch.BatchGame:
    return batch.make(game_id, batch=size, **params)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_batch_games_replay_through_the_rules_engine(config: tuple[str, dict[str, Any]]) -> None:
    game_id, params = config
    env = _env(game_id, params, min(128, REPLAYED[game_id]))
    trajectories = diff.record_batch_games(env, REPLAYED[game_id], seed=1)
    check = diff.check_batch_games(env, trajectories)
    assert check.games >= REPLAYED[game_id] and check.actions > check.games
    assert check.ok, check.problems


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_engine_games_replay_through_the_batch(config: tuple[str, dict[str, Any]]) -> None:
    game_id, params = config
    env = _env(game_id, params, 1)
    played = diff.play_engine_games(env, REPLAYED[game_id], seed=2)
    check = diff.check_engine_games(lambda n: _env(game_id, params, n), played)
    assert check.actions == sum(len(g.decisions) for g in played)
    assert check.ok, check.problems


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_games_have_the_same_distributions(config: tuple[str, dict[str, Any]]) -> None:
    """First player's win rate and mean length of random games, batch against engine."""
    game_id, params = config
    games = SAMPLED[game_id]
    env = _env(game_id, params, min(1024, games))
    batch_sample = diff.batch_sample(env, games, seed=3)
    engine_sample = diff.engine_sample(env.game, games, seed=4)
    assert batch_sample.games >= games and engine_sample.games == games
    check = diff.compare_distributions(engine_sample, batch_sample)
    assert check.ok, check.problems


def test_a_changed_rule_is_caught() -> None:
    """The checks can fail: a batch whose second reroll costs nothing differs from the rules
    ("the second reroll costs **1 Jelly**, paid before you roll", docs/rules/puru.md)."""
    from dicehall.games.puru.batch import engine

    class Free(engine.PuruBatch):
        def _reroll(self, idx: Any, actions: Any) -> None:
            self.dice[idx] -= self.t.reroll_pack[actions]
            self.phase[idx] = engine.ROLL
            self.rerolls[idx] += 1

    env = Free(batch.make("puru", batch=1).game, 64)  # type: ignore[arg-type]
    trajectories = diff.record_batch_games(env, 100, seed=1)
    assert not diff.check_batch_games(env, trajectories).ok
