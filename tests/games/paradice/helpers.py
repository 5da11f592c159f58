"""Set up Paradice scenarios: a machine drawn as rows, stalls by card id, a chosen phase."""

from __future__ import annotations

from typing import Any

from dicehall import games
from dicehall.core import CHANCE, sample
from dicehall.games.paradice import ParadiceGame
from dicehall.games.paradice.state import ParadiceState, Phase, Player, evolve

LETTERS = {"P": 0, "L": 1, "O": 2, "B": 3, "G": 4, "K": 5}  # pink lilac orange blue green blacK


def make(**params: Any) -> ParadiceGame:
    game = games.make("paradice", **params)
    assert isinstance(game, ParadiceGame)
    return game


def d(text: str) -> int:
    """A die code from 'B4' (blue 4), 'K2' (black 2)."""
    return LETTERS[text[0]] * 10 + int(text[1])


def machine(*rows: str) -> tuple[tuple[int, ...], ...]:
    """Columns from rows written bottom row first, e.g. 'B4 P4 O4 G1 L2'; '.' = no die."""
    cols: list[list[int]] = [[] for _ in range(5)]
    for row in rows:
        for c, cell in enumerate(row.split()):
            if cell != ".":
                cols[c].append(d(cell))
    return tuple(tuple(col) for col in cols)


def card(game: ParadiceGame, card_id: str) -> int:
    return game.cfg.card_index[card_id]


def stalls(game: ParadiceGame, *specs: str | tuple[str, tuple[int, int, int]]) -> tuple[Any, ...]:
    out = []
    for spec in specs:
        cid, dice = (spec, (0, 0, 0)) if isinstance(spec, str) else spec
        out.append((card(game, cid), dice))
    return tuple(out)


def scene(
    game: ParadiceGame,
    rows: tuple[str, ...] = ("P1 L2 O3 B4 G5",),
    mine: tuple[Any, ...] = (),
    phase: Phase = Phase.MAIN,
    **changes: Any,
) -> ParadiceState:
    """Seat 0's turn with this machine and these active stalls; Plaza and deck from the rest."""
    players = [Player() for _ in range(game.num_players)]
    players[0] = Player(stalls=stalls(game, *mine))
    used = {c for c, _ in players[0].stalls}
    rest = [i for i in range(len(game.cfg.content.stalls)) if i not in used]
    base = evolve(
        game.initial_state(),
        phase=phase,
        machine=machine(*rows),
        players=tuple(players),
        plaza=tuple(rest[:4]),
        deck=tuple(rest[4:]),
        returns=(0, 0, 0, 0, 0, 0),
        turns=1,
    )
    return evolve(base, **changes)


def resolve(game: ParadiceGame, state: ParadiceState, seed: int = 0) -> ParadiceState:
    """Resolve chance nodes at random until a player must act."""
    import random

    rng = random.Random(seed)
    while game.actors(state) == (CHANCE,):
        state = game.apply(state, CHANCE, sample(game, state, rng))
    return state


def dice_count(state: ParadiceState) -> list[int]:
    """Dice of each colour anywhere: machine, stalls, pending, passed, returning, roulette."""
    counts = list(state.returns)
    codes = [x for col in state.machine for x in col]
    codes += [x for p in state.players for _, on in p.stalls for x in on if x]
    codes += [*state.pending, *state.passed, *(x for x in state.table if x)]
    for code in codes:
        counts[code // 10] += 1
    return counts
