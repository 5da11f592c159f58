"""The fuzz checks catch what they look for: broken states, lax `apply`, leaky views, games
that never end. Each case plants one fault in a real game."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from dicehall import games
from dicehall.core import Game, IllegalActionError
from dicehall.games.jelly.rules import JellyGame
from dicehall.games.paradice.state import evolve
from dicehall.games.puru.rules import PuruGame
from dicehall.sim import fuzz
from tests.conformance.playout import random_playout


def _mid_game(game_id: str, steps: int, **params: Any) -> tuple[Game[Any, Any], Any]:
    game = games.make(game_id, **params)
    seen: list[Any] = []
    random_playout(game, 4, lambda g, s, seat, a: seen.append(s))
    return game, seen[min(steps, len(seen) - 1)]


def _broken(game_id: str, state: Any) -> Any:
    """One component lost or duplicated, per game."""
    if game_id == "puru":
        return dataclasses.replace(state, jelly=(-1, *state.jelly[1:]))
    if game_id == "purrramid":
        return dataclasses.replace(state, regular=(state.regular[0] + 1, *state.regular[1:]))
    if game_id == "paradice":
        return evolve(state, plaza=(state.plaza[1], *state.plaza[1:]))
    return dataclasses.replace(state, centre=(state.centre[0] + 1, *state.centre[1:]))


@pytest.mark.parametrize("game_id", ["puru", "purrramid", "paradice", "jelly"])
def test_invariants_catch_a_lost_or_extra_component(game_id: str) -> None:
    game, state = _mid_game(game_id, 60)
    assert fuzz.invariant_violations(game, state) == []
    assert fuzz.invariant_violations(game, _broken(game_id, state))


class LaxPuru(PuruGame):
    """Accepts every action it should reject, returning the state as it was."""

    def apply(self, state: Any, seat: int, action: Any) -> Any:
        try:
            return super().apply(state, seat, action)
        except IllegalActionError:
            return state


class LeakyJelly(JellyGame):
    """Shows every seat's roll to everyone."""

    def observe(self, s: Any, seat: int | None) -> dict[str, Any]:
        return {**super().observe(s, seat), "all_rolls": [list(r) for r in s.rolls]}


def test_an_apply_that_accepts_illegal_actions_is_reported() -> None:
    lax = LaxPuru(games.make("puru").params)
    stats = fuzz.fuzz_game(lax, seed=1)
    assert any("accepted an illegal action" in v.message for v in stats.violations)


def test_a_view_that_shows_another_seats_roll_is_reported() -> None:
    jelly = games.make("jelly", players=3, mode="tick")
    assert isinstance(jelly, JellyGame)
    leaky = LeakyJelly(jelly.params, jelly.table.faces, jelly.content_hash)
    stats = fuzz.fuzz_game(leaky, seed=1)
    assert any("sees" in v.message for v in stats.violations)


class TattlingJelly(JellyGame):
    """Writes every roll's values in everyone's log."""

    def describe(self, action: Any, viewer: int | None) -> str:
        return str(action)


class SecretivePuru(PuruGame):
    """A game without secrets that still hides its log from spectators."""

    def describe(self, action: Any, viewer: int | None) -> str:
        return "something happened" if viewer is None else super().describe(action, viewer)


def test_a_log_text_that_tells_another_seats_roll_is_reported() -> None:
    jelly = games.make("jelly", players=3, mode="tick")
    assert isinstance(jelly, JellyGame)
    tattling = TattlingJelly(jelly.params, jelly.table.faces, jelly.content_hash)
    stats = fuzz.fuzz_game(tattling, seed=1)
    assert any("rolls" in v.message and "tell apart" in v.message for v in stats.violations)
    assert fuzz.fuzz_game(jelly, seed=1).violations == []


def test_a_game_without_secrets_that_redacts_its_log_is_reported() -> None:
    stats = fuzz.fuzz_game(SecretivePuru(games.make("puru").params), seed=1)
    assert any("without secrets" in v.message for v in stats.violations)


def test_a_game_past_its_max_length_is_reported() -> None:
    game = games.make("puru", players=3)
    game.max_game_length = 10
    stats = fuzz.fuzz_game(game, seed=2)
    assert [v.message for v in stats.violations] == ["no end after max_game_length = 10 actions"]


def _jumped(game_id: str, state: Any) -> Any:
    """A transition no action makes, per game."""
    if game_id == "puru":
        return dataclasses.replace(state, love=(state.love[0] + 1, *state.love[1:]))
    if game_id == "purrramid":
        return dataclasses.replace(state, gold_left=state.gold_left + 1)
    if game_id == "paradice":
        return evolve(state, store=(state.store[0] + 2, *state.store[1:]))
    return dataclasses.replace(state, pod_stack=state.pod_stack + 1)


@pytest.mark.parametrize("game_id", ["puru", "purrramid", "paradice", "jelly"])
def test_step_checks_catch_a_transition_no_action_makes(game_id: str) -> None:
    game, state = _mid_game(game_id, 60)
    assert fuzz.step_problems(game, state, None, state) == []
    assert fuzz.step_problems(game, state, None, _jumped(game_id, state))
