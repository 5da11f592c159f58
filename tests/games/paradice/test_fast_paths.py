"""The fast paths of the Paradice rules give what the plain rule gives.

- `sample_chance` draws what `Distribution.sample` draws from `chance_outcomes` with the same
  generator: the same outcome and the same calls on the generator (so a seed replays the same
  game either way), at every chance node of varied games: dice dropping into the machine
  (docs/rules/paradice.md, *Setup* and *Returning dice*), roulette rolls, stall and Surprise Bag
  draws.
- The machine's pick lists from tables (`picks.py`) are the groups and runs
  `machine.row_groups` and `machine.column_runs` form die by die (*Picks*), and so are the
  basic and Duck pick actions of whole machines (`turn`, from per-row-index tables).
- The emptiest columns (where returned dice land, *Returning dice*) are the lowest ones.
"""

from __future__ import annotations

import random

import pytest
from tests.games.paradice.helpers import make

from dicehall.core import CHANCE
from dicehall.games.paradice import machine as mc
from dicehall.games.paradice import picks, turn
from dicehall.games.paradice.actions import DUCK_COLUMNS, DUCK_ROWS, PICK_COLUMNS, PICK_ROWS
from dicehall.games.paradice.spec import ROWS


class _Stream(random.Random):
    """A generator that is not a plain `random.Random` (sampling goes through randrange)."""


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_sample_chance_draws_what_the_distribution_draws(players: int, seed: int) -> None:
    game, rng = make(players=players), random.Random(seed)
    kinds: set[str] = set()
    for _ in range(2):
        state = game.initial_state()
        while not game.is_terminal(state):
            actors = game.actors(state)
            if actors == (CHANCE,):
                for kind in (random.Random, _Stream):
                    node_seed = rng.randrange(2**32)
                    fast, plain = kind(node_seed), kind(node_seed)
                    drawn = game.sample_chance(state, fast)
                    assert drawn == game.chance_outcomes(state).sample(plain)
                    assert fast.getstate() == plain.getstate()
                kinds.add(type(drawn).__name__)
                state = game.apply(state, CHANCE, drawn)
            else:
                legal = game.legal_actions(state, actors[0])
                state = game.apply(state, actors[0], legal[rng.randrange(len(legal))])
    assert {"Drop", "Draw", "Roll"} <= kinds


def _die(rng: random.Random, fill: float) -> int:
    if rng.random() >= fill:
        return 0
    colours = 2 if rng.random() < 0.5 else 6  # few colours: more runs and groups
    return rng.randrange(colours) * 10 + rng.randrange(1, 4 if colours == 2 else 7)


def test_pick_tables_give_the_groups_and_runs_of_the_rule() -> None:
    rng = random.Random(11)
    for _ in range(1000):
        fill = rng.random()
        row = tuple(_die(rng, fill) for _ in range(5))
        above = tuple(_die(rng, fill) for _ in range(5))
        for wrap in (True, False):
            for no_black in (True, False):
                expected = sorted(mc.row_groups(row, above, wrap=wrap, no_black=no_black))
                assert picks.row_groups(row, above, wrap, no_black) == tuple(expected)
        column = tuple(d or 51 for d in (_die(rng, 1.0) for _ in range(rng.randrange(8))))
        for start in range(len(column) + 1):
            for no_black in (True, False):
                runs = sorted(mc.column_runs(column, start, no_black=no_black))
                assert picks.run_lengths(column, start, no_black) == tuple(runs)


def _machine(rng: random.Random) -> mc.Machine:
    """Columns of 0 to ROWS dice, often of few colours and numbers (more runs and groups)."""
    fill = 0.6 + 0.4 * rng.random()
    return tuple(
        tuple(d or 52 for d in (_die(rng, fill) for _ in range(rng.randrange(ROWS + 1))))
        for _ in range(5)
    )


def test_pick_actions_of_whole_machines_are_the_rules_groups_and_runs() -> None:
    rng = random.Random(12)
    for _ in range(1500):
        machine = _machine(rng)
        rows, cols = mc.basic_picks(machine)
        basic = turn._pick_actions(machine)
        # as a set: their order is checked with every legal list below
        assert set(basic) == {PICK_ROWS[g] for g in rows} | {PICK_COLUMNS[c] for c in cols}
        assert len(basic) == len(rows) + len(cols)
        if not any(machine):
            continue
        duck_rows, duck_cols = mc.duck_picks(machine)
        duck = [DUCK_ROWS[r, g] for r, g in duck_rows]
        duck += [DUCK_COLUMNS[c] for c in sorted(duck_cols)]  # by column, row, count
        assert list(turn._duck_actions(machine)) == duck


def test_emptiest_columns_are_the_lowest() -> None:
    rng = random.Random(13)
    for _ in range(500):
        machine = _machine(rng)
        low = min(len(column) for column in machine)
        assert mc.emptiest(machine) == tuple(c for c in range(5) if len(machine[c]) == low)


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 5), (4, 6)])
def test_legal_actions_come_in_action_index_order(players: int, seed: int) -> None:
    """`legal_actions` returns "a sorted, deterministic tuple" (the protocol): the rules make
    each list in action-index order instead of sorting it, so every list is checked here."""
    game, rng = make(players=players), random.Random(seed)
    checked = 0
    for _ in range(4):
        state = game.initial_state()
        while not game.is_terminal(state):
            actors = game.actors(state)
            if actors == (CHANCE,):
                state = game.apply(state, CHANCE, game.chance_outcomes(state).sample(rng))
                continue
            legal = game.legal_actions(state, actors[0])
            ids = [game.encode(a) for a in legal]
            assert ids == sorted(set(ids)), [str(a) for a in legal]
            checked += len(legal) > 1
            state = game.apply(state, actors[0], legal[rng.randrange(len(legal))])
    assert checked > 100
