"""The MaskablePPO script (`make train`): its curve bookkeeping, and a short run when the
`train` extra (sb3-contrib, torch, matplotlib) is installed."""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from pathlib import Path

import numpy as np
import pytest
from scripts.train_ppo import Curve, FinalReward, Settings, make_env, plot, progress, train


def test_the_curve_says_when_the_policy_first_beat_greedy() -> None:
    curve = Curve(games=100, greedy=0.30)
    curve.steps += [0, 1000, 2000, 3000]
    curve.cpu_seconds += [0.0, 5.0, 10.0, 15.0]
    curve.win_rate += [0.0, 0.30, 0.31, 0.29]
    assert curve.passed_greedy() == (2000, 10.0)
    curve.win_rate[2] = 0.2
    assert curve.passed_greedy() is None


def test_a_short_training_run_records_a_curve_and_a_plot(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    out = tmp_path / "curve.json"
    small = Settings(envs=2, n_steps=32, batch_size=32, n_epochs=1)  # one short update
    curve = train(steps=1, every=1, games=3, log=lambda _: None, out=out, settings=small)
    assert curve.steps[0] == 0 and curve.steps[-1] >= 1
    assert all(0.0 <= r <= 1.0 for r in curve.win_rate)
    assert json.loads(out.read_text()) == json.loads(json.dumps(asdict(curve)))
    assert curve.settings["envs"] == 2 and curve.settings["reward"] == "win+progress"
    plot(curve, tmp_path / "curve.png")
    assert (tmp_path / "curve.png").read_bytes().startswith(b"\x89PNG")


def _play(settings: Settings, seed: int) -> tuple[list[float], FinalReward]:
    """A random legal game of the wrapped env: the rewards it handed out."""
    env = FinalReward(make_env(), settings)
    env.reset(seed=seed)
    rng, rewards, done = random.Random(seed), [], False
    while not done:
        action = rng.choice(np.flatnonzero(env.action_masks()).tolist())
        _, reward, done, _, _ = env.step(action)
        rewards.append(reward)
    return rewards, env


def test_the_training_reward_is_the_outcome_plus_the_progress_difference() -> None:
    outcomes = set()
    for seed in range(40):
        rewards, env = _play(Settings(reward="win+progress", scale=2.0), seed)
        view = env.dicehall.view()
        winners = env.dicehall.game.result(env.dicehall.runner.state).winners
        outcome = (1.0 if len(winners) == 1 else 0.0) if 0 in winners else -1.0
        outcomes.add(outcome)
        ahead = (progress(view, 0) - progress(view, 1)) / 2.0
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        assert rewards[-1] == pytest.approx(outcome + ahead)
        assert -1.0 <= ahead <= 1.0 and (ahead < 0) == (outcome < 0)
        dense, _ = _play(Settings(reward="win+progress", scale=2.0, dense=True), seed)
        assert any(r != 0.0 for r in dense[:-1]) or len(dense) == 1
        assert sum(dense) == pytest.approx(sum(rewards))
        margin, _ = _play(Settings(reward="margin", scale=4.0), seed)
        assert margin[-1] * 4.0 in range(-21, 22)
    assert -1.0 in outcomes


def test_progress_is_the_better_track_or_the_jelly_the_opponent_lost() -> None:
    players = [
        {"love": 7, "excitement": 12, "jelly": 15},
        {"love": 3, "excitement": 2, "jelly": 4},
    ]
    view = {"players": players}
    assert progress(view, 0) == 16 / 20
    assert progress(view, 1) == 5 / 20


def test_an_unknown_reward_is_refused() -> None:
    with pytest.raises(ValueError, match="reward must be one of"):
        FinalReward(make_env(), Settings(reward="score"))


def test_a_short_training_run_on_the_batched_vector_env() -> None:
    pytest.importorskip("sb3_contrib")
    small = Settings(envs=4, n_steps=32, batch_size=32, n_epochs=1, env="vector")
    curve = train(steps=1, every=1, games=3, log=lambda _: None, settings=small)
    assert curve.steps[-1] >= 1 and curve.settings["env"] == "vector"
    assert len(curve.wall_seconds) == len(curve.steps)
    wrong = Settings(envs=2, n_steps=32, batch_size=32, env="vector", reward="win")
    with pytest.raises(ValueError, match="win\\+progress"):
        train(steps=1, every=1, games=1, log=lambda _: None, settings=wrong)


def test_the_vector_envs_reward_is_the_training_reward() -> None:
    """The batched env hands out what `FinalReward` does: the outcome plus the progress
    difference of the final position, at the end of each game only."""
    pytest.importorskip("stable_baselines3")
    from scripts.ppo_vector import BatchVecEnv

    env = BatchVecEnv(8, seed=0, progress=progress, scale=2.0)
    env.reset()
    rng, ended = np.random.default_rng(0), 0
    game = env.batch.game
    for _ in range(200):
        masks = np.stack(env.env_method("action_masks"))
        env.step_async(np.argmax(rng.random(masks.shape) * masks, axis=1))
        _, rewards, done, _ = env.step_wait()
        assert not rewards[~done].any()
        for i in np.flatnonzero(done).tolist():
            final = env.batch.finals[i]  # type: ignore[index]
            winners = game.result(final).winners
            outcome = (1.0 if len(winners) == 1 else 0.0) if 0 in winners else -1.0
            view = game.observe(final, 0)
            ahead = (progress(view, 0) - progress(view, 1)) / 2.0
            assert rewards[i] == pytest.approx(outcome + ahead)
            ended += 1
    assert ended > 0
