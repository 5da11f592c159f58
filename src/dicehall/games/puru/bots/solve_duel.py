"""Puru Puru, the 2-player Basic game, solved exactly by dynamic programming (docs/rules/puru.md:
*A turn*, *Resolving: the majority face*, *The end*).

A position is (mover's Love, Excitement, Jelly, other's Love, Excitement, Jelly) at the start of
the mover's turn. `V` is the mover's value under optimal play by both, with the constant-sum
objective P(win alone) + 1/2 P(shared win) + 1/2 P(nobody wins): the two players' values add up
to 1, so the
opponent maximising its own value minimises the mover's, and the game is zero-sum. It is
symmetric, so one table suffices: after the mover's turn ends at a running position y, the
mover gets 1 - V(swap(y)), where `swap` exchanges the two players' coordinates.

With two players a majority's dice go to the single opponent once, six of a kind may be kept
or given, paying the last Jelly for the second reroll loses at once (*A turn*). After a roll,
tracks are capped at 20 and Jellies at 0, then (*The end*): everyone at 20 wins (both: a shared
win); else a player at 0 Jelly loses, and if both are at 0 nobody wins, which the table values
like a draw, 1/2 each, so the game stays constant-sum.

The mover's turn is solved as in `puru_solo` (whose turn machinery and progress batches this
reuses): every roll raises the progress a + b + d + e + (20 - c) + (20 - f), which `swap`
keeps, by at least 3, so batches of three progress levels are solved from the end backwards.
The solve holds one float32 table over the padded grid (1.9 GB at `lo = 0`; 3.4 GB at the
peak with the batch index; about 90 s of CPU); what is kept and cached is V over the running
positions (256 MB). From the start the first player's value is in docs/analysis.md.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from dicehall.core.tables import tables
from dicehall.games.puru.bots.solve_solo import (
    DIE,
    JELLY,
    TRACK,
    Delta,
    Grid,
    _batches,
    kept_sets,
    moved,
    player_effects,
    roller_turn,
    running_view,
    turn_values,
)
from dicehall.games.puru.dice import MAX_DICE, Counts, multisets
from dicehall.games.puru.spec import SPEC

SOLVER_VERSION = 2  # raise when the solver's results change: it names the cached tables
TIE = 1e-7  # prefer resolving when a reroll is no better than this
TURNS_CACHED = 4096  # turn tables kept per solution


def end_value(a: Any, b: Any, c: Any, d: Any, e: Any, f: Any) -> Any:
    """The roller's score of a finished game: 1 won alone, 1/2 shared or nobody won, 0 lost
    (scalars or arrays; tracks are capped at 20 and Jellies at 0 first) (puru.md, *The end*)."""
    import numpy as np

    a, b, d, e = (np.minimum(x, TRACK) for x in (a, b, d, e))
    you_top = (a == TRACK) | (b == TRACK)
    them_top = (d == TRACK) | (e == TRACK)
    top = np.where(you_top, np.where(them_top, 0.5, 1.0), 0.0)  # Paradice: all at 20 win
    return np.where(you_top | them_top, top, drip_out_score(np, c, f))


def drip_out_score(np: Any, c: Any, f: Any) -> Any:
    """The roller's score when nobody reached 20: a player at 0 Jelly loses; both at 0 in one
    roll is nobody's win, valued like a draw, 1/2 each (puru.md, *The end*)."""
    return np.where(c <= 0, np.where(f <= 0, 0.5, 0.0), 1.0)


def is_over(pos: Sequence[int]) -> bool:
    a, b, c, d, e, f = pos
    return max(a, b, d, e) >= TRACK or min(c, f) <= 0


@dataclass
class DuelSolution:
    """`mover`: V over the running positions of `Grid(lo)`, shape `(20 - lo,) * 6`, indexed by
    (a, b, c - 1, d, e, f - 1) less `lo` on the tracks (an array or a memory map). `turns`:
    the last `turn_tables` computed (read-only once made)."""

    grid: Grid
    mover: Any
    turns: dict[Delta, tuple[Any, Any, Any, float]] = field(
        default_factory=dict, repr=False, compare=False
    )

    def start(self) -> float:
        """The first player's value at the opening position (the second's is 1 minus it)."""
        return self.value(0, 0, JELLY, 0, 0, JELLY)

    def value(self, a: int, b: int, c: int, d: int, e: int, f: int) -> float:
        """V: the mover's value at the start of its turn (a finished game: its end score)."""
        lo = self.grid.lo
        if min(a, b, d, e) < lo or max(c, f) > JELLY - lo:
            raise ValueError(f"{(a, b, c, d, e, f)} is outside the solved grid (lo={lo})")
        if is_over((a, b, c, d, e, f)):
            return float(end_value(a, b, c, d, e, f))
        return float(self.mover[a - lo, b - lo, c - 1, d - lo, e - lo, f - 1])

    def after(self, a: int, b: int, c: int, d: int, e: int, f: int) -> float:
        """The roller's value once its roll has ended at this position (tracks may overshoot
        20, Jellies 0): its end score, or 1 - V of the other player, who moves next."""
        if is_over((a, b, c, d, e, f)):
            return float(end_value(a, b, c, d, e, f))
        return 1.0 - self.value(d, e, f, a, b, c)


def terminal_table(np: Any, grid: Grid) -> Any:
    """The roller's end score over the flat padded grid; running positions are overwritten."""
    from dicehall.games.puru.bots.solve_solo import LOW

    t = np.arange(grid.dims[0]) + grid.lo
    j = np.arange(grid.dims[2]) - LOW
    out = np.empty(grid.dims, dtype=np.float32)
    for i, a in enumerate(t):  # one slice at a time: float64 temporaries stay small
        out[i] = end_value(a, *np.ix_(t, j, t, t, j))
    return out.reshape(-1)


class Sweep:
    """Per batch of running positions: the roller's value of resolving each 6-dice roll (now,
    and after paying 1 Jelly) read from a padded table of after-roll values, and `swap`."""

    def __init__(self, np: Any, grid: Grid) -> None:
        self.np, self.grid = np, grid
        self.moves = [
            (kept_sets()[1][m], [grid.offset(x) for x in player_effects(m)])
            for m in multisets(MAX_DICE)
        ]
        self.cost = grid.offset((0, 0, -1, 0, 0, 0))

    def swap(self, idx: Any) -> Any:
        np, dims = self.np, self.grid.dims
        a, b, c, d, e, f = np.unravel_index(idx, dims)
        return np.ravel_multi_index((d, e, f, a, b, c), dims)

    def resolve_tables(self, table: Any, idx: Any, jelly: Any) -> tuple[Any, Any]:
        """(resolve, paid) as `turn_values` takes them; six of a kind: the better of keep and
        give; paying the last Jelly loses at once (puru.md, *A turn*)."""
        np = self.np
        resolve = np.zeros((len(kept_sets()[0]), len(idx)), dtype=np.float32)
        paid = np.zeros_like(resolve)
        broke = jelly == 1
        after_paying = idx + self.cost
        for row, offs in self.moves:
            resolve[row] = table[idx + offs[0]]
            paid[row] = table[after_paying + offs[0]]
            for o in offs[1:]:
                np.maximum(resolve[row], table[idx + o], out=resolve[row])
                np.maximum(paid[row], table[after_paying + o], out=paid[row])
            paid[row][broke] = 0.0
        return resolve, paid


def solve(lo: int = 0, batch: int = 20_000, threads: int = 0) -> DuelSolution:
    """Solve the 2-player Basic game on `Grid(lo)` (`lo > 0`: a late-game corner, exactly).

    Batches of one progress level do not depend on each other and run on `threads` threads
    (numpy releases the GIL; 0: one per core)."""
    import numpy as np

    grid = Grid(lo)
    table = terminal_table(np, grid)  # U: the roller's value after its roll, padded
    sweep = Sweep(np, grid)

    def run(part: tuple[Any, Any, Any]) -> None:
        idx, jelly, mirrored = part
        value = turn_values(np, *sweep.resolve_tables(table, idx, jelly))[0]
        # the other player moves next from swap(x): its roll ending there is worth 1 - V(x)
        table[sweep.swap(idx)] = table[sweep.swap(mirrored)] = 1.0 - value

    with ThreadPoolExecutor(threads or os.cpu_count() or 1) as pool:
        for group in _batches(np, grid, batch):
            list(pool.map(run, group))
    # V(x) = 1 - U(swap(x)) over the running positions
    mover = 1.0 - running_view(grid, table).transpose(3, 4, 5, 0, 1, 2)
    return DuelSolution(grid, np.ascontiguousarray(mover, dtype=np.float32))


def cache_name(lo: int = 0) -> str:
    """The cached table's name: it changes with the solver, the grid, the spec and the die."""
    return f"puru-duel-v{SOLVER_VERSION}-spec{SPEC.version}-{DIE}-lo{lo}"


def load_or_solve(lo: int = 0, threads: int = 0) -> DuelSolution:
    """The solution from the disk cache (`core.tables`), else solved now and cached."""
    table = tables().load_or_make(
        cache_name(lo), (TRACK - lo,) * 6, "float32", lambda: solve(lo, threads=threads).mover
    )
    return DuelSolution(Grid(lo), table)


# --- the policy: what the expert plays --------------------------------------------------


def turn_tables(sol: DuelSolution, pos: Delta) -> tuple[Any, Any, Any, float]:
    """The roller's turn at `pos`, rows of shape (1,) per multiset of `kept_sets()`: (resolving
    each 6-dice roll; each kept set's expectation before the free reroll's roll; the same
    before the paid reroll's roll; V)."""
    found = sol.turns.get(pos)
    if found is not None:  # a turn's choices all read the same tables
        return found
    if len(sol.turns) >= TURNS_CACHED:
        sol.turns.clear()
    sol.turns[pos] = found = roller_turn(sol.after, pos)
    return found


def position(view: dict[str, Any]) -> Delta:
    """(roller's Love, Excitement, Jelly, other's ...) from a 2-player view."""
    players = view["players"]
    me, other = players[view["roller"]], players[1 - view["roller"]]
    return (me["love"], me["excitement"], me["jelly"],
            other["love"], other["excitement"], other["jelly"])  # fmt: skip


def values(sol: DuelSolution, view: dict[str, Any]) -> dict[Any, float]:
    """The roller's exact value of each choice at this decision (resolve, each reroll, or keep
    and give six of a kind), under optimal play afterwards."""
    import numpy as np

    from dicehall.games.puru.actions import GIVE_AWAY, KEEP, RESOLVE, Reroll

    pos = position(view)
    d = view["dice"]
    dice: Counts = (d["heart"], d["star"], d["crying"], d["angry"])
    if view["pending"] is not None:  # six of a kind: keep or give
        # rounded to float32 as in the turn's tables, so every choice reads the same numbers
        keep, give = (float(np.float32(sol.after(*moved(pos, x)))) for x in player_effects(dice))
        return {KEEP: keep, GIVE_AWAY: give}
    every, where = kept_sets()
    resolve, after_free, after_paid, _ = turn_tables(sol, pos)
    after = after_free if view["rerolls_used"] == 0 else after_paid
    out: dict[Any, float] = {RESOLVE: float(resolve[where[dice], 0])}
    for k in every:
        if sum(k) < MAX_DICE and all(x <= y for x, y in zip(k, dice, strict=True)):
            out[Reroll(*(y - x for x, y in zip(k, dice, strict=True)))] = float(after[where[k], 0])
    return out


def best_action(sol: DuelSolution, view: dict[str, Any], legal_actions: Sequence[Any]) -> Any:
    """The optimal choice among `legal_actions` (ties: resolve, then the first listed)."""
    from dicehall.games.puru.actions import RESOLVE

    if len(legal_actions) == 1:
        return legal_actions[0]
    table = values(sol, view)
    best = max(table.values())
    if table.get(RESOLVE, -1.0) >= best - TIE:
        return RESOLVE
    return next(a for a in legal_actions if a in table and table[a] == best)
