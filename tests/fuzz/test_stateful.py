"""Hypothesis stateful testing of the rules: a machine per variant that mixes legal steps
with illegal, malformed and out-of-turn actions, and checks invariants and secrecy throughout.

A run starts from a state reached by a seeded random playout of `warmup` steps (so late-game
states are reached too); Hypothesis then chooses the steps and shrinks a failing run.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from dicehall import games
from dicehall.core import CHANCE, Game, MalformedActionError
from dicehall.sim import fuzz
from tests.fuzz.cases import CASES, case_id, examples, stateful_steps

JSON_VALUES = st.one_of(
    st.integers(-(2**33), 2**33),
    st.integers(-2, 60),
    st.lists(st.integers(-2, 60), max_size=8),
    st.text(max_size=4),
    st.booleans(),
    st.none(),
)


def _field_names(game: Game[Any, Any]) -> list[str]:
    names = {k for a in game.action_index.actions for k in game.action_to_json(a)}
    return sorted(names - {"type"}) or ["value"]


class RulesMachine(RuleBasedStateMachine):
    game: Game[Any, Any]
    fields: list[str]

    def __init__(self) -> None:
        super().__init__()
        self.state = self.game.initial_state()
        self.pool: list[Any] = []
        self.rng = random.Random(0)

    @initialize(seed=st.integers(0, 2**32 - 1), warmup=st.integers(0, 4000))
    def warm_up(self, seed: int, warmup: int) -> None:
        self.rng = random.Random(seed)
        for _ in range(warmup):
            if self.game.is_terminal(self.state):
                break
            seat, action = fuzz.choose(self.game, self.state, self.rng)
            self.state = self.game.apply(self.state, seat, action)

    def _reject(self, seat: int, action: Any) -> None:
        if not fuzz.is_legal(self.game, self.state, seat, action):
            twin = copy.deepcopy(self.state)
            assert fuzz.rejection_problem(self.game, self.state, twin, seat, action) is None

    @precondition(lambda self: not self.game.is_terminal(self.state))
    @rule(pick=st.integers(0, 2**16))
    def legal_step(self, pick: int) -> None:
        game, state = self.game, self.state
        actors = game.actors(state)
        seat = actors[pick % len(actors)]
        if seat == CHANCE:
            choices = [o for o, _ in game.chance_outcomes(state)]
        else:
            choices = list(game.legal_actions(state, seat))
        action = choices[(pick // len(actors)) % len(choices)]
        twin = copy.deepcopy(state)
        self.state = game.apply(state, seat, action)
        assert state == twin and hash(state) == hash(twin), "apply changed its input"
        assert fuzz.step_problems(game, state, action, self.state) == []
        if len(self.pool) < fuzz.POOL_SIZE:
            self.pool.append(action)

    @rule(action_id=st.integers(0, 2**20), seat=st.integers(-3, 6))
    def any_action_id(self, action_id: int, seat: int) -> None:
        self._reject(seat, self.game.decode(action_id % self.game.num_actions))

    @rule(pick=st.integers(0, 2**16), seat=st.integers(-2, 5))
    def an_earlier_action(self, pick: int, seat: int) -> None:
        if self.pool:
            self._reject(seat, self.pool[pick % len(self.pool)])

    @rule(data=st.data(), seat=st.integers(-2, 5))
    def a_wire_form(self, data: st.DataObject, seat: int) -> None:
        kind = data.draw(st.sampled_from(self.game.action_codec.type_names))
        fields = data.draw(st.dictionaries(st.sampled_from(self.fields), JSON_VALUES, max_size=4))
        try:
            action = self.game.action_from_json({"type": kind, **fields})
        except MalformedActionError:
            return
        self._reject(seat, action)

    @rule(pick=st.integers(0, 2**16))
    def a_mutated_legal_action(self, pick: int) -> None:
        actors = self.game.actors(self.state)
        if actors and actors != (CHANCE,):
            seat = actors[pick % len(actors)]
            legal = self.game.legal_actions(self.state, seat)
            rng = random.Random(pick)
            for action in fuzz.mutations(self.game, legal[pick % len(legal)], rng):
                self._reject(seat, action)

    @invariant()
    def invariants_hold(self) -> None:
        assert fuzz.invariant_violations(self.game, self.state) == []

    @invariant()
    def views_keep_secrets(self) -> None:
        problems, _, _ = fuzz.secrecy_problems(self.game, self.state, self.rng)
        assert problems == []

    @invariant()
    def log_texts_keep_secrets(self) -> None:
        problems, _, _ = fuzz.log_text_problems(self.game, self.state, self.rng)
        assert problems == []


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_rules_state_machine(case: tuple[str, dict[str, Any]]) -> None:
    game_id, params = case
    game = games.make(game_id, **params)
    attrs = {"game": game, "fields": _field_names(game)}
    machine = type(f"Rules_{game_id}", (RulesMachine,), attrs)
    budget = settings(
        max_examples=examples(game_id, 3), stateful_step_count=stateful_steps(), database=None
    )
    run_state_machine_as_test(machine, settings=budget)
