"""The conformance suite: every registered game, its main variants, from fixed seeds.

Checks the protocol's promises: legal actions sorted and non-empty until the end; chance
probabilities exact and summing to 1, every outcome in the game's `chance_index`, whose size is
within the spec's `max_chance_outcomes`; returns within the spec's `utility_range`; `apply`
never changes its input and rejects illegal actions; action JSON and integer encodings
round-trip; records replay; same seed, same game; every game ends within its max length;
views are plain JSON and deterministic.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any

import pytest

from dicehall import games
from dicehall.bots import RandomBot
from dicehall.core import CHANCE, Game, IllegalActionError, MalformedActionError, Result
from dicehall.engine import ManualClock, Match, Record, verify
from tests.conformance.configs import case_id, cases
from tests.conformance.playout import random_playout

CASES = cases()
SEEDS = (1, 2, 3)


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core's toy game runs the suite too, so the suite itself is always exercised."""
    monkeypatch.setitem(games._MODULES, "toy", "tests.core.toy_game")


@pytest.fixture(params=CASES, ids=[case_id(c) for c in CASES])
def game(request: pytest.FixtureRequest) -> Game[Any, Any]:
    game_id, params = request.param
    return games.make(game_id, **params)


def _check_step(game: Game[Any, Any], state: Any, seat: int, action: Any) -> None:
    snapshot = repr(state)
    actors = game.actors(state)
    if seat == CHANCE:
        outcomes = game.chance_outcomes(state)
        assert sum(p for _, p in outcomes) == 1
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert len({o for o, _ in outcomes}) == len(outcomes)
        data = game.action_to_json(action)
        assert game.action_from_json(json.loads(json.dumps(data))) == action
        ids = [game.chance_index.encode(o) for o, _ in outcomes]  # every outcome has an id
        assert all(
            game.chance_index.decode(i) == o for i, (o, _) in zip(ids, outcomes, strict=True)
        )
    else:
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} is an actor without legal actions"
        ids = [game.encode(a) for a in legal]
        assert ids == sorted(set(ids)), "legal actions must be sorted and distinct"
        assert all(0 <= i < game.num_actions for i in ids)
        for a in legal:
            assert game.decode(game.encode(a)) == a
            data = json.loads(json.dumps(game.action_to_json(a)))
            assert game.action_from_json(data) == a
            assert game.describe(a, seat)
        _check_illegal(game, state, seat, legal)
    for viewer in (*range(game.num_players), None):
        view = game.observe(state, viewer)
        assert json.loads(json.dumps(view)) == view, "views must be plain JSON"
    assert repr(state) == snapshot, "legal_actions/observe changed the state"
    game.apply(state, seat, action)
    assert repr(state) == snapshot, "apply changed its input"
    assert seat in actors


def _check_illegal(game: Game[Any, Any], state: Any, seat: int, legal: tuple[Any, ...]) -> None:
    snapshot = repr(state)
    legal_ids = {game.encode(a) for a in legal}
    rng = random.Random(len(snapshot))
    probes = {rng.randrange(game.num_actions) for _ in range(8)} - legal_ids
    for action_id in sorted(probes)[:4]:
        with pytest.raises(IllegalActionError):
            game.apply(state, seat, game.decode(action_id))
    outsiders = [s for s in range(game.num_players) if s not in game.actors(state)]
    for other in outsiders[:1]:
        with pytest.raises(IllegalActionError):
            game.apply(state, other, legal[0])
    assert repr(state) == snapshot


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_every_promise(game: Game[Any, Any], seed: int) -> None:
    state, steps = random_playout(game, seed, _check_step)
    assert game.actors(state) == ()
    result = game.result(state)
    assert isinstance(result, Result)
    assert len(result.scores) == len(result.ranks) == game.num_players
    assert all(result.ranks[w] == 1 for w in result.winners)
    # nobody wins only as a tie of everyone (Puru Puru: all dripped out in one roll)
    assert result.winners or len(set(result.ranks)) == 1
    assert result.reason
    assert steps <= game.max_game_length
    low, high = game.spec.utility_range
    assert all(low <= r <= high for r in game.returns(state))


def test_spec_and_game_metadata(game: Game[Any, Any]) -> None:
    spec = game.spec
    assert spec.min_players <= game.num_players <= spec.max_players
    assert game.num_actions > 0 and game.max_game_length > 0
    assert 0 < game.max_chance_outcomes <= spec.max_chance_outcomes  # every game here has chance
    assert len(set(game.chance_index.actions)) == game.max_chance_outcomes
    low, high = spec.utility_range
    assert low < high
    assert game.params == games.make(spec.id, **game.params).params
    with pytest.raises(MalformedActionError):
        game.decode(game.num_actions)
    with pytest.raises(MalformedActionError):
        game.action_from_json({"type": "NoSuchAction"})


def _bot_match(game: Game[Any, Any], seed: int) -> Match:
    clock = ManualClock() if game.spec.real_time else None
    bots = {s: RandomBot(game, s) for s in range(game.num_players)}
    return Match(game, seed, bots=dict(bots), clock=clock)


def test_same_seed_same_game_and_records_replay(game: Game[Any, Any]) -> None:
    first, second = _bot_match(game, 77), _bot_match(game, 77)
    for match in (first, second):
        match.run_bots()
        assert match.is_over
    assert [e.to_json() for e in first.log] == [e.to_json() for e in second.log]
    record = Record.from_json(json.loads(json.dumps(Record.of(first).to_json())))
    assert verify(record) == first.result()


def test_record_with_a_changed_step_is_corrupt(game: Game[Any, Any]) -> None:
    from dicehall.core import CorruptRecordError

    match = _bot_match(game, 5)
    match.run_bots()
    data = Record.of(match).to_json()
    rng = random.Random(0)
    player_steps = [i for i, e in enumerate(data["actions"]) if e["seat"] >= 0]
    step = player_steps[rng.randrange(len(player_steps))]
    data["actions"][step]["seat"] = game.num_players + 3
    with pytest.raises(CorruptRecordError) as info:
        verify(Record.from_json(data))
    assert info.value.step == step


def test_views_are_deterministic(game: Game[Any, Any]) -> None:
    state, _ = random_playout(game, 11)
    for viewer in (*range(game.num_players), None):
        assert game.observe(state, viewer) == game.observe(state, viewer)
