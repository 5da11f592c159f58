"""The batched rules are the rules engine's (docs/batch.md, *Proven identical*).

Short here (a few hundred games per parameter set); 100,000 games each way behind
DICEHALL_FUZZ=nightly.
"""

from __future__ import annotations

from typing import Any

import pytest

from dicehall import batch
from dicehall.batch import differential as diff
from tests.batch.configs import CONFIGS, NIGHTLY, config_id

BATCH_GAMES = 100_000 if NIGHTLY else 300
ENGINE_GAMES = 100_000 if NIGHTLY else 150


def _env(game_id: str, params: dict[str, Any], size: int = 128) -> batch.BatchGame:
    return batch.make(game_id, batch=size, **params)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_batch_games_replay_through_the_rules_engine(config: tuple[str, dict[str, Any]]) -> None:
    env = _env(*config)
    trajectories = diff.record_batch_games(env, BATCH_GAMES, seed=1)
    check = diff.check_batch_games(env, trajectories)
    assert check.games >= BATCH_GAMES and check.actions > check.games
    assert check.ok, check.problems


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_engine_games_replay_through_the_batch(config: tuple[str, dict[str, Any]]) -> None:
    game_id, params = config
    env = _env(game_id, params, 1)
    played = diff.play_engine_games(env, ENGINE_GAMES, seed=2)
    check = diff.check_engine_games(lambda n: _env(game_id, params, n), played)
    assert check.actions == sum(len(g.decisions) for g in played)
    assert check.ok, check.problems


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_games_have_the_same_distributions(config: tuple[str, dict[str, Any]]) -> None:
    """First player's win rate and mean length of random games, batch against engine."""
    env = _env(*config, size=512)
    batch_sample = diff.batch_sample(diff.record_batch_games(env, 4 * BATCH_GAMES, 3), env)
    engine_sample = diff.engine_sample(diff.play_engine_games(env, 2 * ENGINE_GAMES, 4))
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
