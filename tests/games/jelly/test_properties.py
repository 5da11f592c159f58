"""Hypothesis: random playouts in both modes keep the table's bookkeeping consistent."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.jelly.helpers import game

from dicehall.core import CHANCE, sample
from dicehall.games.jelly.rules import JellyGame
from dicehall.games.jelly.state import DICE, PODS, JellyState, Phase

GAMES = {(n, mode): game(n, mode=mode) for n in (3, 4, 5) for mode in ("realtime", "tick")}


def check(g: JellyGame, s: JellyState) -> None:
    assert all(j >= 0 for j in s.jelly)
    assert s.pod_stack >= 0 and sum(s.pods) + s.pod_stack <= PODS
    if s.phase == Phase.PLAY:
        for p in range(g.num_players):
            on_entrances = sum(o == p for e in s.entrances for o, _ in e)
            assert s.unplaced[p] + on_entrances + s.centre[p] == DICE
            assert len(s.rolls[p]) in (0, s.unplaced[p])
    for seat in g.actors(s):
        if seat != CHANCE:
            ids = [g.encode(a) for a in g.legal_actions(s, seat)]
            assert ids and ids == sorted(set(ids))


def playout(g: JellyGame, seed: int, s: JellyState | None = None) -> JellyState:
    rng = random.Random(seed)
    s = g.initial_state() if s is None else s
    steps = 0
    while not g.is_terminal(s):
        check(g, s)
        actors = g.actors(s)
        seat = actors[rng.randrange(len(actors))]
        if seat == CHANCE:
            action = sample(g, s, rng)
        else:
            legal = g.legal_actions(s, seat)
            action = legal[rng.randrange(len(legal))]
        s = g.apply(s, seat, action)
        steps += 1
        assert steps <= g.max_game_length
    return s


@settings(max_examples=12)
@given(st.integers(0, 2**32), st.sampled_from(sorted(GAMES)))
def test_random_playouts_keep_dice_jelly_and_pods_consistent(
    seed: int, key: tuple[int, str]
) -> None:
    g = GAMES[key]
    s = playout(g, seed)
    assert len(s.round_ends) == 4 and len(s.round_placed) == 4
    assert [len(v) for v in s.pod_values] == list(s.pods)
    result = g.result(s)
    assert result.scores == tuple(
        float(j + sum(v)) for j, v in zip(s.jelly, s.pod_values, strict=True)
    )


@settings(max_examples=8)
@given(st.integers(0, 2**32))
def test_random_playouts_with_the_promotional_faces(seed: int) -> None:
    from tests.games.jelly.helpers import start

    g = game(3, content="promo", mode="tick")
    s = playout(g, seed, start(g, ["P2", "1B", "2B", "3B", "4B"]))  # Cannes at A
    assert g.is_terminal(s) and len(s.round_ends) == 4


@settings(max_examples=20)
@given(st.integers(0, 2**32))
def test_any_order_of_simultaneous_placements_reaches_the_same_standings(seed: int) -> None:
    from dataclasses import replace

    from tests.games.jelly.helpers import start

    from dicehall.games.jelly.actions import Place
    from dicehall.games.jelly.rewards import standing

    g = GAMES[(4, "realtime")]
    rng = random.Random(seed)
    s = start(g, ["1A", "2A", "3A", "4A", "5A", "6A"])
    rolls = tuple((rng.randint(1, 6),) for _ in range(4))
    s = replace(s, rolls=rolls)
    moves = [(p, Place(rolls[p][0], rng.randrange(6))) for p in range(4)]
    finals = set()
    for _ in range(4):
        rng.shuffle(moves)
        t = s
        for seat, action in moves:
            t = g.apply(t, seat, action)
        finals.add(tuple(standing(e, 4) for e in t.entrances))
    assert len(finals) == 1
