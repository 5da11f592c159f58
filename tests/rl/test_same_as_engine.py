"""The RL layer adds no rules: with `seeding="match"` the same seed and actions give the same
game as `engine.Match`; with the default one random source per episode a seed replays itself."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from dicehall.bots import make_bot
from dicehall.core import CHANCE
from dicehall.engine import Match
from dicehall.rl.gym import DicehallEnv
from dicehall.rl.openspiel import load
from dicehall.rl.pettingzoo import env, parallel_env
from tests.rl.cases import case_id, main_cases


def _replay(game: Any, seed: int, moves: list[tuple[int, Any]]) -> Match:
    match = Match(game, seed)
    for seat, action in moves:
        match.submit(seat, action)
    return match


@pytest.mark.parametrize("case", main_cases(), ids=case_id)
def test_aec_env_matches_the_engine(case: tuple[str, dict[str, Any]]) -> None:
    game_id, params = case
    aec = env(game_id, seeding="match", **params)
    aec.reset(seed=11)
    rng = np.random.default_rng(11)
    for _ in aec.agent_iter():
        obs, _, term, trunc, _ = aec.last()
        aec.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    match = _replay(aec.game, 11, aec.runner.moves)
    assert match.is_over
    assert match.state == aec.runner.state
    assert len(match.log) == aec.runner.applied
    assert match.result() == aec.game.result(aec.runner.state)


@pytest.mark.parametrize("game_id", ["puru", "jelly"])
def test_gym_env_matches_a_match_with_bots(game_id: str) -> None:
    gym_env = DicehallEnv(game_id, opponents="greedy", seeding="match")
    _, info = gym_env.reset(seed=7)
    done, agent_moves = False, []
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[-1])
        agent_moves.append(gym_env.game.decode(action))
        _, _, done, _, info = gym_env.step(action)
    game = gym_env.game
    bots = {s: make_bot("greedy", game, s) for s in range(1, game.num_players)}
    match = Match(game, 7, bots=bots)
    match.run_bots()
    for action in agent_moves:
        match.submit(0, action)
        match.run_bots()
    assert match.state == gym_env.runner.state


def test_parallel_ticks_are_engine_moves() -> None:
    par = parallel_env("jelly", players=3, seeding="match")
    observations, _ = par.reset(seed=5)
    rng = np.random.default_rng(5)
    while par.agents:
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in observations.items()
        }
        observations, *_ = par.step(actions)
    match = _replay(par.game, 5, par.runner.moves)
    assert match.state == par.runner.state


@pytest.mark.parametrize("case", main_cases(), ids=case_id)
def test_openspiel_replays_an_engine_match(case: tuple[str, dict[str, Any]]) -> None:
    game_id, params = case
    spiel_game = load(game_id, **params)
    game = spiel_game.shared.game
    bots = {s: make_bot("random", game, s) for s in range(game.num_players)}
    match = Match(game, 3, bots=bots)
    match.run_bots()
    state = spiel_game.new_initial_state()
    for entry in match.log:
        action = game.action_from_json(entry.action)
        if entry.seat == CHANCE:
            state.apply_action(spiel_game.shared.ids.encode(action))
        else:
            assert state.current_player() == entry.seat
            state.apply_action(game.encode(action))
    assert state.is_terminal()
    assert state.dicehall_state == match.state
    assert state.returns() == list(game.returns(match.state))


def _aec_trace(game_id: str, params: dict[str, Any], seed: int) -> tuple[Any, list[Any]]:
    aec = env(game_id, **params)
    aec.reset(seed=seed)
    rng, moves = np.random.default_rng(seed), []
    for _ in aec.agent_iter():
        obs, _, term, trunc, _ = aec.last()
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        moves.append(action)
        aec.step(action)
    return aec.runner.state, moves


@pytest.mark.parametrize("case", main_cases(), ids=case_id)
def test_one_random_source_per_episode_replays_from_its_seed(
    case: tuple[str, dict[str, Any]],
) -> None:
    first, again, other = (_aec_trace(*case, seed) for seed in (21, 21, 22))
    assert first == again
    assert first[0] != other[0]


def test_gym_episode_seeding_replays_with_bots() -> None:
    def play(seed: int) -> tuple[Any, list[tuple[int, Any]]]:
        gym_env = DicehallEnv("jelly", opponents="random")
        _, info = gym_env.reset(seed=seed)
        done = False
        while not done:
            _, _, done, _, info = gym_env.step(int(np.flatnonzero(info["action_mask"])[0]))
        return gym_env.runner.state, gym_env.runner.moves

    assert play(3) == play(3)
    assert play(3) != play(4)
