"""PettingZoo's own checkers on every game and main variant, plus rewards and masks."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from dicehall.core import DicehallError, IllegalActionError
from dicehall.rl.pettingzoo import env, parallel_env
from tests.rl.cases import case_id, cases

# api_test's advice for non-Box observations (PettingZoo's own classic games are exempted by
# name); dict observations with an action mask are the documented convention for masks.
ADVICE = [
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]


@pytest.mark.parametrize("case", cases(), ids=case_id)
@pytest.mark.filterwarnings(*ADVICE)
def test_api_and_seed(case: tuple[str, dict[str, Any]]) -> None:
    game_id, params = case
    api_test(env(game_id, **params), num_cycles=40)
    seed_test(functools.partial(env, game_id, **params), num_cycles=40)


@pytest.mark.parametrize("params", [{}, {"players": 3, "first_game": True}])
def test_parallel_jelly_ticks(params: dict[str, Any]) -> None:
    parallel_api_test(parallel_env("jelly", **params), num_cycles=60)
    # parallel_seed_test samples actions without the mask: unmasked choices fall back
    parallel_seed_test(
        functools.partial(parallel_env, "jelly", illegal="fallback", **params), num_cycles=60
    )


def test_parallel_turn_based_game() -> None:
    parallel_api_test(parallel_env("puru"), num_cycles=60)


def _play_out(aec: Any, seed: int) -> dict[str, float]:
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter():
        obs, reward, term, trunc, _ = aec.last()
        totals[agent] += reward
        legal = np.flatnonzero(obs["action_mask"])
        aec.step(None if term or trunc else int(rng.choice(legal)))
    return totals


@pytest.mark.parametrize("game_id", ["puru", "jelly"])
def test_score_rewards_are_the_final_scores(game_id: str) -> None:
    aec = env(game_id, reward="score")
    totals = _play_out(aec, seed=5)
    result = aec.game.result(aec.runner.state)
    assert [totals[a] for a in aec.possible_agents] == list(result.scores)


def test_margin_rewards_beat_the_best_other_seat() -> None:
    aec = env("purrramid", players=3, reward="margin")
    totals = _play_out(aec, seed=4)
    scores = aec.game.result(aec.runner.state).scores
    for agent, seat in aec.seat_of.items():
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        assert totals[agent] == scores[seat] - best_other


def test_win_rewards() -> None:
    aec = env("puru", players=3)
    totals = _play_out(aec, seed=2)
    winners = aec.game.result(aec.runner.state).winners
    assert {a for a, r in totals.items() if r == 1.0} == {f"player_{s}" for s in winners}
    assert all(r == -1.0 for a, r in totals.items() if aec.seat_of[a] not in winners)


def test_mask_is_only_for_the_agent_to_act() -> None:
    aec = env("purrramid")
    aec.reset(seed=1)
    acting = aec.agent_selection
    other = next(a for a in aec.agents if a != acting)
    assert aec.observe(acting)["action_mask"].sum() > 0
    assert aec.observe(other)["action_mask"].sum() == 0


def test_illegal_action_raises_and_fallback_plays_a_legal_one() -> None:
    aec = env("puru")
    aec.reset(seed=3)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        aec.step(illegal)
    lenient = env("puru", illegal="fallback")
    lenient.reset(seed=3)
    agent = lenient.agent_selection
    lenient.step(illegal)
    assert lenient.infos[agent] == {"illegal_action": True}


def test_solo_has_one_agent_and_realtime_jelly_is_refused() -> None:
    assert env("puru", solo=True).possible_agents == ["player_0"]
    with pytest.raises(DicehallError, match="tick"):
        env("jelly", mode="realtime")
    with pytest.raises(DicehallError, match="reward"):
        env("puru", reward="money")
