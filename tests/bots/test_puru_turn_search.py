"""Puru Puru's turn search (the `mcts` and `expert` levels where no table plays): its values are
exact turn expectations, against the solved 2-player table and a brute-force expectimax."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import numpy as np
import pytest

from dicehall import games
from dicehall.bots import make_bot
from dicehall.bots.mcts import MCTSBot
from dicehall.core import CHANCE
from dicehall.games.puru.bots import leaf_value
from dicehall.games.puru.bots.solve_duel import solve, values
from dicehall.games.puru.bots.turn_search import TurnSearch, TurnSearchBot
from dicehall.games.puru.state import Phase, PuruState
from tests.bots.playthrough import expectation, random_decisions

LO = 16  # the solved corner: tracks 16..19, Jelly 1..4


@pytest.fixture(scope="module")
def corner() -> Any:
    return solve(lo=LO, threads=1)


def _exact_leaf(solution: Any) -> Any:
    """The solved table's value of the next roller's turn, as a leaf for the turn search."""

    def leaf(roller: int, love: Any, excite: Any, jelly: Any, characters: Any) -> Any:
        out = np.zeros(love.shape)
        for i, (a, b, c) in enumerate(zip(love, excite, jelly, strict=True)):
            o = 1 - roller
            v = solution.value(a[roller], b[roller], c[roller], a[o], b[o], c[o])
            out[i, roller], out[i, o] = v, 1 - v
        return out

    return leaf


@pytest.mark.parametrize("rerolls", [0, 1])
@pytest.mark.parametrize("dice", [(3, 2, 1, 0), (0, 0, 3, 3), (6, 0, 0, 0), (1, 2, 2, 1)])
def test_with_the_exact_value_after_the_turn_every_choice_is_the_tables(
    corner: Any, rerolls: int, dice: Any
) -> None:
    """rules.md, *A turn*: "The first reroll is free ... the second reroll costs 1 Jelly". With
    the exact value of the next turn as its leaf, the search's value of every choice is the
    2-player table's (Jellies of 4 and 4: no roll drips both players out, where the table
    counts nobody's win as 1/2 and the rules as 0)."""
    game = games.make("puru", players=2)
    search = TurnSearch(game, leaf=_exact_leaf(corner))
    for roller in (0, 1):
        state = PuruState(Phase.CHOOSE, roller, (16, 19), (17, 16), (4, 4), dice, 6, rerolls)
        exact = values(corner, game.observe(state, roller))
        found = search.choice_values(state, roller)
        assert set(found) == set(exact) == set(game.legal_actions(state, roller))
        for action, value in exact.items():
            assert found[action][roller] == pytest.approx(value, abs=1e-5), action


def _brute(game: Any, leaf: Any) -> Any:
    """Every seat's value by expectimax over the rules to the end of the roller's turn (each
    chooser maximises its own entry), `leaf` at the next roll's start."""

    @cache
    def value(state: PuruState) -> tuple[float, ...]:
        if game.is_terminal(state):
            return tuple(game.returns(state))
        actors = game.actors(state)
        if state.phase == Phase.ROLL and not any(state.dice) and state.rerolls == 0:
            rows = (np.array([x]) for x in (state.love, state.excite, state.jelly))
            return tuple(leaf(state.roller, *rows, state.characters)[0])
        if actors == (CHANCE,):
            return tuple(
                expectation(game, state, lambda s, i=i: value(s)[i])  # type: ignore[misc]
                for i in range(game.num_players)
            )
        seat = actors[0]
        best: tuple[float, ...] | None = None
        for action in game.legal_actions(state, seat):
            v = value(game.apply(state, seat, action))
            if best is None or v[seat] > best[seat] + 1e-9:
                best = v
        assert best is not None
        return best

    return value


def _position_leaf(roller: int, love: Any, excite: Any, jelly: Any, characters: Any) -> Any:
    """A made-up leaf that depends on every coordinate and on who rolls next."""
    score = love * 0.13 + excite * 0.07 + np.log(np.maximum(jelly, 1)) * 0.9
    score[:, roller] += 0.3
    e = np.exp(score - score.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


@pytest.mark.parametrize(
    ("params", "seed"),
    [({"players": 3}, 1), ({"players": 4}, 2), ({"players": 3, "full": True}, 3),
     ({"players": 2, "full": True, "characters": "space,fruit"}, 4)],
)  # fmt: skip
def test_values_equal_a_brute_force_expectimax_over_the_rules(params: Any, seed: int) -> None:
    """rules.md, *A turn* and *Full game*: the choices of the second reroll onwards (and the
    keep-or-give and powers' choices within the roll) valued by the search equal a brute-force
    expectimax over the rules' own chance nodes, for every seat."""
    game = games.make("puru", **params)
    search = TurnSearch(game, leaf=_position_leaf)
    brute = _brute(game, _position_leaf)
    checked = 0
    for state, seat in random_decisions(game, seed, 200):
        if state.phase == Phase.CHOOSE and state.rerolls == 0:
            state = PuruState(**{**_fields(state), "rerolls": 1})  # keep the brute force small
        found = search.choice_values(state, seat)
        for action in game.legal_actions(state, seat):
            expected = brute(game.apply(state, seat, action))
            assert tuple(found[action]) == pytest.approx(expected, abs=1e-9), action
        checked += 1
        if checked == 6:
            break
    assert checked == 6


def _fields(state: PuruState) -> dict[str, Any]:
    return {name: getattr(state, name) for name in PuruState.__dataclass_fields__}


def test_the_basic_arrays_agree_with_resolving_through_the_rules() -> None:
    """rules.md, *Resolving: the majority face* and *The end*: the Basic game's array path and
    the rules' own resolution give the same turn, to the end of the game included."""
    game = games.make("puru", players=3)
    search = TurnSearch(game)
    for state, _ in random_decisions(game, 5, 400)[::7]:
        if state.phase != Phase.CHOOSE:
            continue
        fast, slow = search._basic_turn(state, 1), search._full_turn(state, 1)
        assert np.allclose(fast.resolve, slow.resolve)
        assert np.allclose(fast.value, slow.value)
        assert (fast.paid is None) == (slow.paid is None)
        if fast.paid is None:
            assert fast.broke is not None and slow.broke is not None
            assert np.allclose(fast.broke, slow.broke)
        else:
            assert slow.paid is not None
            assert np.allclose(fast.paid, slow.paid)


@pytest.mark.parametrize(
    "params",
    [{"players": 3}, {"players": 5}, {"players": 4, "full": True}, {"players": 2, "full": True}],
)
def test_hard_and_expert_play_whole_games_with_legal_moves(params: Any) -> None:
    """The bots answer from the view only (Puru Puru hides nothing) with a legal action."""
    game = games.make("puru", **params)
    bots = [make_bot("mcts" if s else "expert", game, s) for s in range(game.num_players)]
    assert all(isinstance(b, TurnSearchBot) for b in bots)
    rng, state, moves = random.Random(9), game.initial_state(), 0
    while not game.is_terminal(state) and moves < 40:
        actors = game.actors(state)
        if actors == (CHANCE,):
            outcomes = game.chance_outcomes(state)
            pick = rng.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
            state = game.apply(state, CHANCE, pick)
            continue
        seat = actors[0]
        legal = game.legal_actions(state, seat)
        action = bots[seat].act(game.observe(state, seat), legal, rng)
        assert action in legal
        state = game.apply(state, seat, action)
        moves += 1
    assert moves > 10


def test_levels_resolve_to_the_turn_search_except_in_solo() -> None:
    three = games.make("puru", players=3)
    hard = make_bot("mcts:400", three, 0)
    assert isinstance(hard, TurnSearchBot) and hard.search.depth == 1 and hard.level == "mcts"
    expert = make_bot("expert", three, 1)
    assert isinstance(expert, TurnSearchBot) and expert.search.depth == 2
    full = make_bot("expert", games.make("puru", players=3, full=True), 1)
    assert isinstance(full, TurnSearchBot) and full.search.depth == 1
    assert isinstance(make_bot("mcts", games.make("puru", solo=True), 0), MCTSBot)


def test_the_fitted_values_are_shares_and_the_array_form_matches() -> None:
    rng = random.Random(4)
    for players, full in [(2, False), (3, False), (5, False), (4, True)]:
        weights = leaf_value.model(players, full)
        for _ in range(20):
            love, excite, jelly = (
                [rng.randint(lo, 19) for _ in range(players)] for lo in (0, 0, 1)
            )
            roller = rng.randrange(players)
            chars = tuple(rng.sample(range(6), players)) if full else ()
            one = leaf_value.win_chances(love, excite, jelly, roller, chars)
            many = leaf_value.win_chances_array(
                np, weights, np.array([love]), np.array([excite]), np.array([jelly]), roller, chars
            )[0]
            assert sum(one) == pytest.approx(1.0)
            assert tuple(many) == pytest.approx(one)
