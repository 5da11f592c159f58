"""`DicehallBatchParallelEnv`: PettingZoo's Parallel conventions with arrays over a batch of
games (docs/rl.md, *Batched Parallel*)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from dicehall.core import DicehallError, IllegalActionError
from dicehall.rl.batch_parallel import DicehallBatchParallelEnv
from dicehall.rl.vector import DicehallVectorEnv


def _pick(obs: dict[str, Any], rng: np.random.Generator) -> dict[str, np.ndarray]:
    """A uniformly random allowed action for every agent in every game."""
    out = {}
    for agent, seen in obs.items():
        mask = seen["action_mask"]
        out[agent] = np.argmax(rng.random(mask.shape) * mask, axis=1)
    return out


@pytest.mark.parametrize(
    ("game_id", "params"),
    [("puru", {"players": 3}), ("pig", {}), ("pig", {"players": 3, "target": 30})],
)
def test_masks_rewards_and_restarts_follow_the_conventions(
    game_id: str, params: dict[str, Any]
) -> None:
    env = DicehallBatchParallelEnv(game_id, 32, **params)
    players = env.batch.num_players
    assert env.possible_agents == [f"player_{s}" for s in range(players)]
    obs, infos = env.reset(seed=4)
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(300):
        for agent in env.agents:
            assert env.observation_space(agent).contains({k: v[0] for k, v in obs[agent].items()})
        # one agent acts in every game, the others may only wait
        acting = np.stack([obs[a]["action_mask"][:, : env.wait].any(axis=1) for a in env.agents])
        assert (acting.sum(axis=0) == 1).all()
        waiting = np.stack([obs[a]["action_mask"][:, env.wait] == 1 for a in env.agents])
        assert (acting != waiting).all()
        obs, rewards, terms, truncs, infos = env.step(_pick(obs, rng))
        done = terms[env.agents[0]]
        total = sum(rewards[a] for a in env.agents)
        for agent in env.agents:
            assert np.array_equal(infos[agent]["scores"][done], env.batch.scores[done])
            assert not rewards[agent][~done].any() and not truncs[agent].any()
            assert np.isin(rewards[agent][done], (-1.0, 0.0, 1.0)).all()
        # "win": +1 for each winner, -1 for each other seat (0 for all when all win)
        won = (env.batch.returns[done] > 0).sum(axis=1)
        everyone = won == players
        want = np.where(everyone, 0, won - (players - won))
        assert (total[done] == want).all()
        ended += int(done.sum())
    assert ended > 0


def test_the_player_to_move_sees_the_vector_envs_observation() -> None:
    """Same seed, same actions: the mover's observation and mask are `DicehallVectorEnv`'s."""
    par = DicehallBatchParallelEnv("puru", 16, players=2)
    vec = DicehallVectorEnv("puru", 16, players=2)
    obs, _ = par.reset(seed=9)
    vobs, info = vec.reset(seed=9)
    rng = np.random.default_rng(9)
    for _ in range(60):
        movers = vec.batch.current_player
        for seat, agent in enumerate(par.agents):
            mine = movers == seat
            assert np.array_equal(obs[agent]["observation"][mine], vobs[mine])
            assert not obs[agent]["observation"][~mine].any()
            assert np.array_equal(
                obs[agent]["action_mask"][mine, : par.wait], info["action_mask"][mine]
            )
        actions = _pick(obs, rng)
        flat = np.where(movers == 0, actions["player_0"], actions["player_1"])
        obs, *_ = par.step(actions)
        vobs, _, _, _, info = vec.step(flat)


def test_a_solo_game_has_one_agent_who_always_acts() -> None:
    env = DicehallBatchParallelEnv("puru", 8, solo=True)
    assert env.agents == ["player_0"]
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(50):
        assert not obs["player_0"]["action_mask"][:, env.wait].any()
        obs, *_ = env.step(_pick(obs, rng))


def test_bad_actions_are_refused_and_change_nothing() -> None:
    env = DicehallBatchParallelEnv("puru", 4, players=2)
    obs, _ = env.reset(seed=2)
    before = [env.batch.to_state(i) for i in range(4)]
    good = _pick(obs, np.random.default_rng(2))
    movers = env.batch.current_player
    mover = env.agents[int(movers[0])]
    other = env.agents[1 - int(movers[0])]
    bad_cases = [
        ({**good, other: np.zeros(4, dtype=np.int64)}, "only wait"),
        ({**good, mover: np.full(4, env.wait)}, "must act"),
        ({**good, "player_7": good[mover]}, "no agents"),
        ({**good, mover: good[mover][:2]}, "shape"),
        ({**good, mover: good[mover].astype(float)}, "shape"),
    ]
    for actions, message in bad_cases:
        with pytest.raises(IllegalActionError, match=message):
            env.step(actions)
    illegal = good[mover].copy()
    illegal[movers == int(movers[0])] = env.wait - 1  # not a legal action id now
    with pytest.raises(IllegalActionError):
        env.step({**good, mover: illegal})
    assert [env.batch.to_state(i) for i in range(4)] == before
    with pytest.raises(DicehallError, match="reward must be one of"):
        DicehallBatchParallelEnv("puru", 4, reward="margin")


def test_returns_rewards_are_the_games_returns() -> None:
    env = DicehallBatchParallelEnv("pig", 16, reward="returns", target=20)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    seen = 0
    for _ in range(200):
        obs, rewards, terms, _, _ = env.step(_pick(obs, rng))
        done = terms["player_0"]
        for seat, agent in enumerate(env.agents):
            assert np.array_equal(rewards[agent][done], env.batch.returns[done, seat])
        seen += int(done.sum())
    assert seen > 0
