"""Exact odds of the next roll: hand-checked positions and a brute-force cross-check."""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.purrramid.helpers import (
    R3_FOUR,
    SIX,
    THREE,
    TWELVE,
    TWO,
    act,
    make,
    only_free,
    place,
    roll,
)

from dicehall.core import CHANCE, sample
from dicehall.games.purrramid.actions import CONTINUE, STOP, Place
from dicehall.games.purrramid.odds import (
    TurnPosition,
    next_roll_odds,
    position,
    roll_odds,
    roll_weights,
)
from dicehall.games.purrramid.rules import MAX_TURNS, PurrramidGame
from dicehall.games.purrramid.state import Phase, PurrramidState


def _position(free: list[int], left: int, dice: int, wool: int = 0, room: int = 26) -> TurnPosition:
    game = make(players=2)
    s = only_free(game, game.initial_state(), free)
    return TurnPosition(s.tile_mask, 0, room=room, left=left, dice=dice, wool=wool)


def test_one_die_on_a_lone_two() -> None:
    odds = roll_odds(make().board, _position([TWO], left=1, dice=1))
    assert (odds.bust, odds.stuck, odds.safe, odds.bonus) == (Fraction(5, 6), 0, Fraction(1, 6), 0)


def test_two_dice_on_a_lone_two() -> None:
    # fits with any 2 (11 of 36) or with 1+1 (1 of 36, every die placed: a bonus). The "12"
    # needs 3 tiles, more than the 2 left, so it never fits; it only keeps the board from
    # filling up (a Stop that covers the last free space ends the game: no bonus turn).
    odds = roll_odds(make().board, _position([TWO, TWELVE], left=2, dice=2, wool=1, room=2))
    assert odds.bust == Fraction(2, 3) and odds.safe == Fraction(11, 36)
    assert odds.bonus == Fraction(1, 36) and odds.stuck == 0
    assert odds.bust_with_wool == Fraction(4, 9) and odds.can_place == Fraction(1, 3)


def test_a_one_die_turn_earns_no_bonus() -> None:
    odds = roll_odds(make().board, _position([TWO], left=1, dice=1))
    assert odds.bonus == 0


def test_an_unsupported_space_makes_a_roll_stuck() -> None:
    # the "4" above the "6" and the "3" fits a 4 but cannot be stopped on while they are empty
    odds = roll_odds(make().board, _position([SIX, THREE, R3_FOUR], left=1, dice=1))
    assert odds.bust == Fraction(1, 2) and odds.stuck == Fraction(1, 6)
    assert odds.safe == Fraction(1, 3)


def test_the_first_roll_never_busts_on_an_open_board() -> None:
    game = make(players=2)
    odds = next_roll_odds(game, game.initial_state())
    assert odds.bust == 0 and odds.dice == 5
    assert odds.bust + odds.stuck + odds.safe + odds.bonus == 1


def test_roll_weights_count_every_ordered_roll() -> None:
    for n in range(1, 6):
        assert sum(w for _, w in roll_weights(n)) == 6**n
    assert dict(roll_weights(2))[(1, 2)] == 2 and dict(roll_weights(3))[(4, 4, 4)] == 1


def test_odds_of_a_finished_game_are_refused() -> None:
    game = make(players=2)
    s = dataclasses.replace(game.initial_state(), phase=Phase.OVER)
    try:
        next_roll_odds(game, s)
    except ValueError:
        return
    raise AssertionError("expected ValueError")


def brute_force(game: PurrramidGame, state: PurrramidState) -> dict[str, Fraction]:
    """Classify every roll by playing it through the rules (wool set aside)."""
    state = dataclasses.replace(state, wool=(0,) * game.num_players)
    out = {"bust": Fraction(0), "stuck": Fraction(0), "safe": Fraction(0), "bonus": Fraction(0)}
    for outcome, p in game.chance_outcomes(state):
        rolled = game.apply(state, CHANCE, outcome)
        if rolled.phase is not Phase.PLACE:
            out["bust"] += p
            continue
        results = []
        for action in game.legal_actions(rolled, rolled.seat):
            after = act(game, rolled, action)
            if after.phase is Phase.DECIDE:
                after = act(game, after, STOP)
            assert after.last is not None
            results.append((after.last.success, after.last.bonus))
        bonus = any(ok and b for ok, b in results)
        ok = any(ok for ok, _ in results)
        out["bonus" if bonus else "safe" if ok else "stuck"] += p
    return out


def _some_roll_state(seed: int, players: int) -> tuple[PurrramidGame, PurrramidState]:
    game = make(players=players, side="ab"[seed % 2])
    rng, s = random.Random(seed), game.initial_state()
    for _ in range(rng.randrange(40, 400)):
        if game.is_terminal(s):
            break
        seat = game.actors(s)[0]
        if seat == CHANCE:
            s = game.apply(s, seat, sample(game, s, rng))
        else:
            legal = game.legal_actions(s, seat)
            s = game.apply(s, seat, legal[rng.randrange(len(legal))])
    if game.is_terminal(s):
        s = game.initial_state()
    if s.phase is Phase.DECIDE:
        s = act(game, s, CONTINUE)
    if s.phase is Phase.PLACE:  # set the roll aside: the odds of rolling these dice again
        s = dataclasses.replace(s, phase=Phase.ROLL, roll=())
    if s.left > 3:  # keep the brute force quick: place some dice first
        s = place(game, roll(game, s, *(1,) * s.left), *_first_fit(game, s))
        s = act(game, s, CONTINUE) if s.phase is Phase.DECIDE else s
    return game, s


def _first_fit(game: PurrramidGame, s: PurrramidState) -> tuple[int, ...]:
    rolled = roll(game, s, *(1,) * s.left)
    for a in game.legal_actions(rolled, rolled.seat):
        if isinstance(a, Place) and len(a.dice) < s.left:
            return (a.space, *a.dice)
    raise AssertionError("no partial placement")


@settings(max_examples=12)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_odds_match_the_rules_roll_by_roll(seed: int, players: int) -> None:
    game, s = _some_roll_state(seed, players)
    if game.is_terminal(s) or s.phase is not Phase.ROLL:
        return
    odds = roll_odds(game.board, dataclasses.replace(position(game, s), wool=0))
    expected = brute_force(game, s)
    assert expected == {
        "bust": odds.bust,
        "stuck": odds.stuck,
        "safe": odds.safe,
        "bonus": odds.bonus,
    }


END_GAME = [
    # seat 0 holds its last regular tile while seat 1 has won: placing it ends the game
    ({"winner": 1, "regular": (1, 0), "gold_left": 5}, [TWO, SIX, THREE]),
    # seat 0 is the winner with one gold tile left: placing it ends the game
    ({"winner": 0, "regular": (0, 9), "gold_left": 1}, [TWO, SIX, THREE]),
    # one free space: covering it fills the board
    ({}, [TWO]),
    # two free spaces: one placement fills the board only with both covered
    ({}, [TWO, THREE]),
    # the turn limit: this turn is the last
    ({"turns": MAX_TURNS - 1}, [TWO, SIX, THREE]),
]


@pytest.mark.parametrize(("changes", "free"), END_GAME)
@pytest.mark.parametrize("dice", [2, 3])
def test_hints_follow_the_engine_at_the_end_of_the_game(
    changes: dict[str, object], free: list[int], dice: int
) -> None:
    """Rulebook: "The game immediately ends when: All the spaces on the Board are occupied by
    Cat Tiles, or A second player places all their Cat Tiles on the Board, or The winning player
    places all Gold Cat Tiles on the Board." Such a Stop earns no Bonus Turn ("you instantly
    start a Bonus Turn" cannot follow the end), so the hints count no bonus for it
    (docs/rules/purrramid.md, *Odds and hints*)."""
    game = make(players=2)
    s = only_free(game, game.initial_state(), free)
    s = dataclasses.replace(s, dice=dice, left=dice, **changes)  # type: ignore[arg-type]
    odds = roll_odds(game.board, dataclasses.replace(position(game, s), wool=0))
    expected = brute_force(game, s)
    assert expected == {"bust": odds.bust, "stuck": odds.stuck, "safe": odds.safe,
                        "bonus": odds.bonus}  # fmt: skip
