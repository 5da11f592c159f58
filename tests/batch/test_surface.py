"""`dicehall.batch.make`'s surface (docs/batch.md): shapes, restarts, seeds, bad input."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from dicehall import batch, games
from dicehall.batch import differential as diff
from dicehall.core import IllegalActionError, UnknownGameError
from dicehall.rl.features import state_featurizer
from tests.batch.configs import CONFIGS, config_id


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_the_arrays_have_the_documented_shapes(config: tuple[str, dict[str, Any]]) -> None:
    game_id, params = config
    env = batch.make(game_id, batch=32, **params)
    game = games.make(game_id, **params)
    mask = env.legal_mask()
    assert mask.shape == (32, game.num_actions) and mask.dtype == bool and mask.any(axis=1).all()
    assert env.current_player.shape == (32,) and env.current_player.dtype.kind == "i"
    ended, step = 0, 0
    while step < 200 or (ended == 0 and step < 20_000):
        env.step(env.random_actions())
        step += 1
        assert env.done.shape == (32,) and env.returns.shape == (32, game.num_players)
        assert env.actions_taken == 32 * step
        # returns only for the games that just ended: 1 shared among the winners
        assert not env.returns[~env.done].any()
        assert np.isin(env.returns[env.done].sum(axis=1), (0.0, 1.0)).all()
        ended += int(env.done.sum())
    assert ended == env.games_ended > 0
    assert env.legal_mask().any(axis=1).all()  # ended games started again, waiting to move


def test_the_same_seed_plays_the_same_games() -> None:
    def play(seed: int) -> list[Any]:
        env = batch.make("puru", batch=16, players=3)
        env.reset(seed)
        rng = np.random.default_rng(9)
        for _ in range(50):
            env.step(env.random_actions(rng))
        return [env.to_state(i) for i in range(16)]

    assert play(5) == play(5)
    assert play(5) != play(6)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_observations_are_the_gymnasium_features(config: tuple[str, dict[str, Any]]) -> None:
    """`observations()` of every game: the features the Gymnasium environment gives the player
    to move (its `state_featurizer`), at the rules engine's own states of replayed games."""
    game_id, params = config
    probe = batch.make(game_id, batch=1, **params)
    features = state_featurizer(probe.game)
    seen: dict[int, np.ndarray] = {}  # the batch's observations, by step

    def observe(env: batch.BatchGame, i: int, state: Any, seat: int) -> str:
        want = np.clip(np.asarray(features(state, seat), dtype=np.float32), -10, 10)
        if env.actions_taken not in seen:
            seen.clear()
            seen[env.actions_taken] = env.observations()
        got = seen[env.actions_taken][i]
        return "" if np.allclose(got, want, atol=1e-6) else f"observation {got} != {want}"

    played = diff.play_engine_games(probe, 2 if game_id == "purrramid" else 12, seed=3)
    check = diff.check_engine_games(
        lambda n: batch.make(game_id, batch=n, **params), played, observe
    )
    assert check.ok, check.problems


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = batch.make("pig", batch=4, target=10)
    while env.legal_mask()[:, 0].all():  # play until a game may only Hold
        env.step(np.zeros(4, dtype=np.int64))
    before = [env.to_state(i) for i in range(4)]
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(np.zeros(4, dtype=np.int64))
    with pytest.raises(IllegalActionError, match="action ids run"):
        env.step(np.full(4, 7))
    with pytest.raises(ValueError, match="shape"):
        env.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match="int array"):
        env.step(np.zeros(4))
    assert [env.to_state(i) for i in range(4)] == before


def test_bad_batches_and_games_are_refused() -> None:
    with pytest.raises(ValueError, match="batch must be"):
        batch.make("pig", batch=0)
    with pytest.raises(ValueError, match="batch must be"):
        batch.make("pig", batch=batch.MAX_BATCH + 1)
    with pytest.raises(UnknownGameError):
        batch.make("no-such-game")
    with pytest.raises(batch.BatchUnsupportedError, match="Full game"):
        batch.make("puru", full=True)
    with pytest.raises(batch.BatchUnsupportedError, match="sides"):
        batch.make("puru", die="HHSSCAHHSSCA")
    with pytest.raises(batch.BatchUnsupportedError, match="connection=adjacent"):
        batch.make("purrramid", connection="adjacent")  # a house rule it does not play


def test_pig_puru_and_purrramid_have_batched_forms() -> None:
    assert {"pig", "puru", "purrramid"} <= set(batch.available())


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_actions_are_uniform_over_the_legal_ones(config: tuple[str, dict[str, Any]]) -> None:
    """Each legal action about equally often, nothing else (8 standard deviations)."""
    game_id, params = config
    env = batch.make(game_id, batch=8, **params)
    rng = np.random.default_rng(0)
    for _ in range(40):  # a few positions into the games
        env.step(env.random_actions(rng))
    mask, draws = env.legal_mask(), 3000
    counts = np.zeros(mask.shape)
    for _ in range(draws):
        counts[np.arange(8), env.random_actions(rng)] += 1
    assert not counts[~mask].any()
    expected = draws / mask.sum(axis=1, keepdims=True)
    spread = 8 * np.sqrt(expected)
    assert (np.abs(counts - expected)[mask] <= np.broadcast_to(spread, mask.shape)[mask]).all()


@pytest.mark.parametrize("config", CONFIGS[:4], ids=config_id)
def test_kept_final_states_are_the_ended_games(config: tuple[str, dict[str, Any]]) -> None:
    """`keep_finals()`: each game that ended in a step leaves its final state, which the rules
    engine finds over, with the batch's scores."""
    game_id, params = config
    env = batch.make(game_id, batch=16, **params)
    env.keep_finals()
    rng, seen = np.random.default_rng(1), 0
    for _ in range(400):
        env.step(env.random_actions(rng))
        assert env.finals is not None and sorted(env.finals) == np.flatnonzero(env.done).tolist()
        for i, state in env.finals.items():
            assert env.game.is_terminal(state)
            assert tuple(env.game.result(state).scores) == tuple(env.scores[i])
            seen += 1
    assert seen > 0
