"""The fast paths of the Purrramid rules give what the plain rule gives.

- The legal placements, found from per-roll tables and bit masks (`placing.py`), are the
  placements the rule lists (rules.md, *A turn*): on every unoccupied space whose number some
  of the dice just rolled add up to, if the tiles left cover its cost, each such multiset of
  dice, in id order, as the action index's own objects. Checked at every decision of varied
  games and on positions with few tiles left.
- `sample_chance` draws what `Distribution.sample` draws from `chance_outcomes`, with the same
  calls on the generator (a seed replays the same game either way).
- A placement given as an equal copy of the index's action (read back from a record) makes the
  same state as the index's own object, and an illegal one is refused either way.
"""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from tests.games.purrramid.helpers import make

from dicehall.core import CHANCE, IllegalActionError
from dicehall.games.purrramid.actions import Place
from dicehall.games.purrramid.board import multisets_with_sum
from dicehall.games.purrramid.rules import PurrramidGame
from dicehall.games.purrramid.state import Phase, PurrramidState


def _is_part_of(dice: tuple[int, ...], roll: tuple[int, ...]) -> bool:
    rest = list(roll)
    for d in dice:
        if d not in rest:
            return False
        rest.remove(d)
    return True


def _plain_placements(game: PurrramidGame, state: PurrramidState) -> list[Place]:
    """The rule, space by space: free, affordable, and the dice adding up to its number."""
    room = game.budget(state) - game.turn_cost(state)
    occupied = state.tile_mask | state.dice_mask
    return [
        Place(space.id, dice)
        for space in game.board.spaces
        if not occupied >> space.id & 1 and space.cost <= room
        for dice in multisets_with_sum(space.number)
        if _is_part_of(dice, state.roll)
    ]


def _check(game: PurrramidGame, state: PurrramidState) -> None:
    found = game.placements(state)
    assert list(found) == _plain_placements(game, state)
    index = game.action_index.actions
    assert all(index[game.action_index.encode(a)] is a for a in found)  # the index's own
    assert game.placements(state) == found  # asked again (remembered)


def _states(game: PurrramidGame, rng: random.Random, games: int) -> list[PurrramidState]:
    """Every state where a player places dice, in `games` random games."""
    out = []
    for _ in range(games):
        state = game.initial_state()
        while not game.is_terminal(state):
            if state.phase is Phase.PLACE:
                out.append(state)
            actors = game.actors(state)
            if actors == (CHANCE,):
                state = game.apply(state, CHANCE, game.chance_outcomes(state).sample(rng))
            else:
                legal = game.legal_actions(state, actors[0])
                state = game.apply(state, actors[0], legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize(
    ("params", "seed"),
    [({"players": 2}, 1), ({"players": 3, "side": "b"}, 2), ({"players": 4}, 3)],
)
def test_placements_are_the_rules_at_every_decision(params: dict[str, object], seed: int) -> None:
    game, rng = make(**params), random.Random(seed)
    states = _states(game, rng, 3)
    assert len(states) > 1000
    for state in states:
        _check(game, state)
    assert any(not game.placements(s) for s in states)  # busts and wool decisions among them


def test_placements_with_few_tiles_left() -> None:
    """Budgets of 0-4 tiles, the winner's gold or not: only spaces the tiles cover are offered."""
    game, rng = make(players=3), random.Random(4)
    states = _states(game, rng, 1)
    costs = set()
    for state in rng.sample(states, 300):
        seat = state.seat
        regular = list(state.regular)
        regular[seat] = rng.randrange(4)
        winner = rng.choice((-1, seat, (seat + 1) % 3))
        short = dataclasses.replace(
            state, regular=tuple(regular), gold_left=rng.randrange(3), winner=winner
        )
        _check(game, short)
        costs.update(game.board.spaces[a.space].cost for a in game.placements(short))
    assert costs == {1, 2, 3}


class _Stream(random.Random):
    """A generator that is not a plain `random.Random` (sampling goes through randrange)."""


def test_sample_chance_draws_what_the_distribution_draws() -> None:
    game, rng = make(players=2), random.Random(5)
    sizes, states = set(), _states(game, rng, 1)
    for state in states[:400]:
        rolling = dataclasses.replace(state, phase=Phase.ROLL, roll=(), left=rng.randrange(1, 6))
        for kind in (random.Random, _Stream):
            seed = rng.randrange(2**32)
            fast, plain = kind(seed), kind(seed)
            drawn = game.sample_chance(rolling, fast)
            assert drawn is game.chance_outcomes(rolling).sample(plain)
            assert fast.getstate() == plain.getstate()
        sizes.add(rolling.left)
    assert sizes == {1, 2, 3, 4, 5}
    with pytest.raises(IllegalActionError):
        game.sample_chance(states[0], random.Random(0))  # a player's decision, not a roll


def test_equal_copies_of_placements_play_the_same() -> None:
    game, rng = make(players=2), random.Random(6)
    for state in _states(game, rng, 1)[:500]:
        roll = state.roll
        for space in rng.sample(range(len(game.board.spaces)), 8):
            for dice in multisets_with_sum(game.board.spaces[space].number)[:3]:
                own = game.action_index.actions[game.action_index.encode(Place(space, dice))]
                copy = Place(space, tuple(dice))
                assert copy is not own
                try:
                    expected = game.apply(state, state.seat, own)
                except IllegalActionError as refused:
                    with pytest.raises(IllegalActionError, match=re.escape(str(refused))):
                        game.apply(state, state.seat, copy)
                    continue
                assert own in game.placements(state) and _is_part_of(dice, roll)
                assert game.apply(state, state.seat, copy) == expected
