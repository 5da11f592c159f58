"""Jelly Monster's information states in OpenSpiel: perfect recall of what a seat saw, nothing
of what it did not, resampling that keeps it, and OpenSpiel's IS-MCTS and outcome-sampling
MCCFR running through them."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from dicehall.rl import openspiel
from dicehall.rl._infostate import Trail


def _play_to(game: Any, decisions: int, seed: int) -> Any:
    """A random game's state after `decisions` player decisions (or its end)."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        elif made == decisions:
            break
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            made += 1
    return state


def test_jelly_provides_information_states_the_open_games_do_not() -> None:
    kind = openspiel.load("jelly").get_type()
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert not openspiel.load("puru").get_type().provides_information_state_string


def test_resampling_keeps_the_players_information_state_and_redraws_the_others_rolls() -> None:
    """Rolls are behind screens: a resampled state reads the same to the player (same string,
    same legal actions), while the other seats' rolls are drawn anew."""
    game = openspiel.load("jelly", players=3)
    redrawn = 0
    for seed in range(6):
        state = _play_to(game, 12, seed)
        player = state.current_player()
        info = state.information_state_string(player)
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        for _ in range(5):
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == info
            assert other.legal_actions() == state.legal_actions()
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            seat = game.shared.seats[player]
            mine, theirs = state.dicehall_state.rolls, other.dicehall_state.rolls
            assert mine[seat] == theirs[seat]
            redrawn += mine != theirs
    assert redrawn > 0


def test_information_states_recall_the_past_and_only_what_the_seat_saw() -> None:
    """The digest chains the seat's views at every step: the same views give the same
    string, one different view in the past gives another even when the present matches, and
    what only another seat saw changes nothing."""

    def view(value: dict[int, str], seat: int) -> str:
        return value[seat]

    def trail(*values: dict[int, str]) -> Trail:
        out = None
        for value in values:
            out = Trail(out, value)
        assert out is not None
        return out

    seen = trail({0: "a", 1: "p"}, {0: "b", 1: "q"}, {0: "c", 1: "r"})
    again = trail({0: "a", 1: "p"}, {0: "b", 1: "Q"}, {0: "c", 1: "r"})
    other_past = trail({0: "a", 1: "p"}, {0: "B", 1: "q"}, {0: "c", 1: "r"})
    assert seen.digest(0, view) == again.digest(0, view)
    assert seen.digest(1, view) != again.digest(1, view)
    assert seen.digest(0, view) != other_past.digest(0, view)
    state = _play_to(openspiel.load("jelly", players=3), 10, 1)
    info = state.information_state_string(0)
    assert info.rsplit("\n", 1)[0] == state.observation_string(0)


def test_ismcts_plays_jelly_through_information_states() -> None:
    game = openspiel.load("jelly", players=3)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        2.0,
        4,
        random_state=np.random.RandomState(0),
    )
    state = _play_to(game, 3, 4)
    for _ in range(3):
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_outcome_sampling_mccfr_keys_its_tables_by_information_state() -> None:
    game = openspiel.load("jelly", players=3)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    with np.errstate(divide="ignore", invalid="ignore"):  # long games underflow (docs/rl.md)
        solver.iteration()
    keys = list(solver._infostates)
    assert len(keys) > 10
    assert all("\n" in key for key in keys)


def test_the_example_runs_both_algorithms() -> None:
    from examples.rl_openspiel_jelly_imperfect import main

    out = main(["--games", "1", "--simulations", "2", "--iterations", "2"])
    assert 0.0 <= out["ismcts"]["win_rate"] <= 1.0
    assert out["mccfr"]["infostates"] > 0
