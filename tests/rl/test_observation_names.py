"""`observation_names`: one unique name per entry of every interface's observation, the entries
relative to the observer (its own first), and docs/rl.md's layout tables made from them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from dicehall.rl import featurizer, make_game, observation_names
from dicehall.rl import openspiel as rl_openspiel
from dicehall.rl.gym import DicehallEnv
from dicehall.rl.layout import document
from dicehall.rl.pettingzoo import env as aec_env
from tests.rl.cases import case_id, cases

DOC = Path(__file__).parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_one_unique_name_per_entry_of_every_interface(case: tuple[str, dict[str, Any]]) -> None:
    game_id, params = case
    names = observation_names(game_id, **params)
    assert len(set(names)) == len(names)
    assert len(set(observation_names(game_id, relative=False, **params))) == len(names)
    aec = aec_env(game_id, **params)
    agent = aec.possible_agents[0]
    assert aec.observation_space(agent)["observation"].shape == (len(names),)
    seat = next(s for s in range(aec.game.num_players) if f"player_{s}" in aec.seat_of)
    assert DicehallEnv(game_id, seat=seat, **params).observation_space.shape == (len(names),)
    spiel = rl_openspiel.load(game_id, **params)
    assert spiel.observation_tensor_size() == len(names)


def _by_name(names: list[str], vector: np.ndarray) -> dict[str, float]:
    return dict(zip(names, vector.tolist(), strict=True))


def _random_states(game_id: str, seed: int, **params: Any) -> list[tuple[Any, dict[str, Any]]]:
    """(state, {agent: observation}) at each AEC step of one random game."""
    env = aec_env(game_id, **params)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    out = []
    for agent in env.agent_iter(2000):
        _, _, done, _, _ = env.last()
        observations = {a: env.observe(a)["observation"] for a in env.agents}
        out.append((env.runner.state, observations))
        mask = env.observe(agent)["action_mask"]
        env.step(None if done else int(rng.choice(np.flatnonzero(mask))))
    return out


def test_puru_entries_read_their_seat_counted_from_the_observer() -> None:
    names = observation_names("puru", players=3)
    checked = 0
    for state, observations in _random_states("puru", 3, players=3)[::2]:
        for agent, obs in observations.items():
            seat = int(agent.removeprefix("player_"))
            entry = _by_name(names, obs)
            assert entry[f"viewer={seat}"] == 1.0
            assert entry["me.love"] == pytest.approx(state.love[seat] / 20)
            assert entry["me+1.jelly"] == pytest.approx(state.jelly[(seat + 1) % 3] / 20)
            assert entry["me+2.excitement"] == pytest.approx(state.excite[(seat + 2) % 3] / 20)
            places = (state.roller - seat) % 3
            assert entry["roller=me" if places == 0 else f"roller=me+{places}"] == 1.0
            checked += 1
    assert checked > 20


def test_jelly_entries_read_their_seat_counted_from_the_observer() -> None:
    names = observation_names("jelly")
    checked = 0
    for state, observations in _random_states("jelly", 5)[::7]:
        for agent, obs in observations.items():
            seat = int(agent.removeprefix("player_"))
            entry = _by_name(names, obs)
            assert entry["me.jelly"] == pytest.approx(state.jelly[seat] / 20)
            assert entry["me+1.unplaced"] == pytest.approx(state.unplaced[(seat + 1) % 4] / 7)
            own_sixes = state.rolls[seat].count(6) / 7 if state.rolls[seat] else 0.0
            assert entry["my_roll[6]"] == pytest.approx(own_sixes)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("game_id", ["puru", "purrramid", "paradice", "jelly"])
def test_relative_is_the_absolute_vector_reordered(game_id: str) -> None:
    """`relative=False` gives the game's own feature vector; the default reorders it only."""
    game = make_game(game_id)
    features = featurizer(game)
    env = aec_env(game_id)
    flat = aec_env(game_id, relative=False)
    for state, observations in _random_states(game_id, 1)[:40:4]:
        for agent, obs in observations.items():
            seat = env.seat_of[agent]
            own = np.asarray(features(game.observe(state, seat)), np.float32)
            assert sorted(obs.tolist()) == sorted(own.tolist())
            assert np.array_equal(flat.observer.vector(state, seat), own)
            if seat == 0:
                assert np.array_equal(obs, own)


def test_docs_rl_md_holds_the_current_layout_tables() -> None:
    """docs/rl.md's tables are `python -m dicehall.rl.layout`'s output, between the markers."""
    text = DOC.read_text()
    start, end = "<!-- layout: python -m dicehall.rl.layout -->\n", "\n<!-- /layout -->"
    assert start in text and end in text
    held = text.split(start, 1)[1].split(end, 1)[0]
    assert held.strip() == document().strip()
