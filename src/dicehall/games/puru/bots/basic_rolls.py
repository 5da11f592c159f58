"""The Basic game's rolls as arrays, for the turn search: without characters a final roll's
effects depend only on the dice and the roller (docs/rules/puru.md, *Resolving: the majority
face*), so every final multiset's result is read at once for a whole turn, and the positions
after it are checked for the end and valued together.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from dicehall.games.puru import powers
from dicehall.games.puru.dice import Counts, pattern
from dicehall.games.puru.state import TRACK_MAX

Position = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""(roller, Love, Excitement, Jelly per seat)."""
AfterRoll = Callable[[int, Any, Any, Any], Any]
"""(next roller, Love, Excitement, Jelly arrays of rows x seats) -> values, rows x seats."""


@lru_cache(maxsize=64)
def roll_effects(finals: tuple[Counts, ...], roller: int, players: int) -> Any:
    """(2 choices, finals, seats, 3): Love, Excitement and Jelly gained when `roller` resolves
    each final multiset; six of a kind: keep (0) or give (1), otherwise the same twice."""
    import numpy as np

    neighbours = tuple(sorted({(roller - 1) % players, (roller + 1) % players}))
    out = np.zeros((2, len(finals), players, 3), dtype=np.int64)
    for i, dice in enumerate(finals):
        options = (True, False) if pattern(dice).all_same else (None, None)
        for o, kept in enumerate(options):
            res = powers.distribute(dice, roller, neighbours, players, kept, None)
            for s in range(players):
                out[o, i, s] = (res.love[s], res.excite[s], res.regain[s] - res.drips[s])
    return out


def end_returns(np: Any, love: Any, excite: Any, jelly: Any) -> tuple[Any, Any]:
    """(which rows ended, each seat's return there) for positions after a roll (*The end*):
    everyone at 20 shares the win; else, with someone at 0 Jelly, the others with the highest
    lower track share it; everyone at 0 Jelly: nobody wins."""
    top = (love >= TRACK_MAX) | (excite >= TRACK_MAX)
    alive = jelly > 0
    over = top.any(axis=-1) | ~alive.all(axis=-1)
    low = np.where(alive, np.minimum(love, excite), -1)
    best = low.max(axis=-1, keepdims=True)
    drip_winners = alive & (low == best)
    winners = np.where(top.any(axis=-1, keepdims=True), top, drip_winners).astype(float)
    count = winners.sum(axis=-1, keepdims=True)
    return over, winners / np.maximum(count, 1.0)


def resolve_all(np: Any, finals: tuple[Counts, ...], position: Position, after: AfterRoll) -> Any:
    """(finals, seats): the value vector of resolving each final multiset from `position`, the
    roller choosing keep or give for its own best; `after` values the positions that go on."""
    roller, love, excite, jelly = position
    players = len(love)
    effects = roll_effects(finals, roller, players)
    new_love = np.minimum(np.asarray(love) + effects[..., 0], TRACK_MAX)
    new_excite = np.minimum(np.asarray(excite) + effects[..., 1], TRACK_MAX)
    new_jelly = np.clip(np.asarray(jelly) + effects[..., 2], 0, TRACK_MAX)
    over, values = end_returns(np, new_love, new_excite, new_jelly)
    going = ~over
    if going.any():
        values[going] = after(
            (roller + 1) % players, new_love[going], new_excite[going], new_jelly[going]
        )
    keep, give = values[0], values[1]
    better_give = give[:, roller] > keep[:, roller]
    return np.where(better_give[:, None], give, keep)
