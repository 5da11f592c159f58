"""OpenSpiel: the C++ random simulation test on every game, MCTSBot, chance ids, game types."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

from dicehall import games
from dicehall.rl import openspiel
from tests.rl.cases import case_id, cases

LONG = {"purrramid", "paradice"}
"""Games with long random playouts (hundreds to thousands of actions): one simulation."""


def _sim_cases() -> list[tuple[str, dict[str, Any]]]:
    """Every variant, but only the main one of the games with long playouts."""
    return [(g, p) for g, p in cases() if g not in LONG or p == {}]


@pytest.mark.parametrize("case", _sim_cases(), ids=case_id)
def test_random_sim_test(case: tuple[str, dict[str, Any]]) -> None:
    game_id, params = case
    game = openspiel.load(game_id, **params)
    sims = 1 if game_id in LONG else 3
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {f"dicehall_{g}" for g in games.available()} <= names


def test_information_follows_the_spec() -> None:
    info = pyspiel.GameType.Information
    assert openspiel.load("jelly").get_type().information == info.IMPERFECT_INFORMATION
    assert openspiel.load("puru").get_type().information == info.PERFECT_INFORMATION


def test_params_reach_the_game() -> None:
    game = openspiel.load("puru", players=4, full=True)
    assert game.num_players() == 4
    assert game.shared.game.params["full"] is True


def test_mcts_bot_completes_a_game() -> None:
    game = openspiel.load("puru")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 2.0, 12, evaluator, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(bot.step(state))
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])


def test_chance_outcomes_are_exact_ids() -> None:
    game = openspiel.load("purrramid")
    state = game.new_initial_state()
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    pairs = state.chance_outcomes()
    assert sum(p for _, p in pairs) == pytest.approx(1.0)
    assert [a for a, _ in pairs] == sorted(a for a, _ in pairs)
    outcome = game.shared.ids.decode(pairs[0][0])
    assert outcome in [o for o, _ in game.shared.game.chance_outcomes(state.dicehall_state)]


def test_observations_are_the_players_views() -> None:
    game = openspiel.load("jelly", players=3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    text = state.observation_string(player)
    assert f'"seat":{player}' in text
    assert len(state.observation_tensor(player)) == game.observation_tensor_size()


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_chance_lists_are_the_outcomes_ids_and_float_probabilities(
    case: tuple[str, dict[str, Any]],
) -> None:
    """Every chance node of a random game: the (id, probability) list OpenSpiel gets is the
    outcomes' ids with `float` of their exact probabilities, sorted (the fast path reads the
    floats from the distribution's integer weights)."""
    game_id, params = case
    game = openspiel.load(game_id, **params)
    shared, rng = game.shared, np.random.default_rng(5)
    state, checked = game.new_initial_state(), 0
    while not state.is_terminal() and checked < 300:
        if state.is_chance_node():
            exact = shared.game.chance_outcomes(state.dicehall_state)
            expected = sorted((shared.ids.encode(o), float(p)) for o, p in exact)
            pairs = state.chance_outcomes()
            assert pairs == expected
            assert pairs == state.chance_outcomes()  # the remembered list, again
            state.apply_action(pairs[int(rng.integers(len(pairs)))][0])
            checked += 1
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    assert checked > 0


@pytest.mark.parametrize("game_id", ["puru", "purrramid", "paradice", "jelly"])
def test_states_pickle_and_play_on_alike(game_id: str) -> None:
    """A pickled state (a checkpoint, or a state sent to another process) comes back at the
    same position and plays on to the same end."""
    game = openspiel.load(game_id)
    state = game.new_initial_state()
    rng = np.random.default_rng(7)
    for _ in range(30):
        state.apply_action(int(rng.choice(state.legal_actions())))
    copy = pickle.loads(pickle.dumps(state))
    restored = game.deserialize_state(state.serialize())
    assert copy.history() == restored.history() == state.history()
    while not state.is_terminal():
        action = int(rng.choice(state.legal_actions()))
        for s in (state, copy, restored):
            s.apply_action(action)
    assert copy.is_terminal() and restored.is_terminal()
    assert copy.returns() == restored.returns() == state.returns()
    assert str(copy) == str(state)


def test_puru_solo_is_a_one_player_game_for_openspiel_and_pettingzoo() -> None:
    """AutoPuray is played by the rules (chance and engine), so Solo has one player, and
    OpenSpiel's rl_environment loop with its tabular Q-learner plays whole episodes."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import tabular_qlearner

    from dicehall.rl.pettingzoo import env as aec_env

    game = openspiel.load("puru", solo=True)
    assert game.num_players() == 1
    assert aec_env("puru", solo=True).possible_agents == ["player_0"]
    env = rl_environment.Environment(game)
    agent = tabular_qlearner.QLearner(player_id=0, num_actions=env.action_spec()["num_actions"])
    finals = []
    for _ in range(30):
        step = env.reset()
        while not step.last():
            assert step.observations["current_player"] == 0
            step = env.step([agent.step(step).action])
        agent.step(step)
        finals.append(step.rewards[0])
    assert set(finals) <= {0.0, 1.0}
    assert len(agent._q_values) > 0  # it learned from the episodes' transitions


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_utility_type_is_what_the_returns_do(case: tuple[str, dict[str, Any]]) -> None:
    """Constant-sum (sum 1) where every ending has a winner; Puru Puru general-sum (a roll
    that drips out every seat leaves no winner, all 0), and one-player Solo too."""
    game_id, params = case
    game = openspiel.load(game_id, **params)
    kind = game.get_type().utility
    rng = np.random.default_rng(5)
    for _ in range(1 if game_id in LONG else 4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                ids, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(ids, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        if kind == pyspiel.GameType.Utility.CONSTANT_SUM:
            assert sum(state.returns()) == pytest.approx(game.utility_sum())
    if games.spec(game_id).constant_sum:
        assert kind == pyspiel.GameType.Utility.CONSTANT_SUM
    if game_id == "puru":
        assert kind == pyspiel.GameType.Utility.GENERAL_SUM
