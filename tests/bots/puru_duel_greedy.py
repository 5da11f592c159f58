"""The duel expert against GreedyBot, 2-player Basic Puru Puru, exactly (policy evaluation).

Both policies are fixed: the expert plays `puru_duel.best_action` (minimax-optimal, from the
solved table), GreedyBot its one-reroll-ahead heuristic (`bots.greedy.puru`), both reproduced
here over batches of positions with their exact tie rules. Two padded tables of after-roll
values (each roller's own score) are filled from the end of the game backwards, as the solver
does. Run: `python -m tests.bots.puru_duel_greedy` (the whole game: some minutes, ~6 GB).
"""

from __future__ import annotations

import math
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np

from dicehall.games.puru.actions import INDEX, Reroll
from dicehall.games.puru.bots.greedy import LOSE, LOW_JELLY, WIN
from dicehall.games.puru.bots.solve_duel import TIE, DuelSolution, Sweep, terminal_table
from dicehall.games.puru.bots.solve_solo import (
    JELLY,
    LOW,
    TRACK,
    _batches,
    _expect,
    _plan,
    kept_sets,
    player_effects,
    running_view,
    turn_values,
)
from dicehall.games.puru.dice import MAX_DICE, multisets, sub_multisets

SIXES = multisets(MAX_DICE)
LOG10 = np.array([0.0] + [10.0 * math.log(j) for j in range(1, JELLY + 1)])  # as math.log
PAY = np.array([0.0] + [10.0 * (math.log(j) - math.log(j - 1)) if j > 1 else 0.0
                        for j in range(1, JELLY + 1)])  # fmt: skip
EFFECTS = [player_effects(m) for m in SIXES]  # (give,) or (keep, give) for six of a kind


def _orders() -> list[list[int]]:
    """Per 6-dice roll: the rows of the kept sets its rerolls leave, in legal-action order."""
    where = kept_sets()[1]
    out = []
    for m in SIXES:
        subs = sorted(sub_multisets(m), key=lambda s: INDEX.encode(Reroll(*s)))
        out.append([where[(m[0] - s[0], m[1] - s[1], m[2] - s[2], m[3] - s[3])] for s in subs])
    return out


ORDERS = _orders()


def _standing(love: Any, excite: Any, jelly: Any) -> Any:
    """`greedy.puru.position`, vectorised (the log from a table of math.log)."""
    high, low = np.maximum(love, excite), np.minimum(love, excite)
    plain = high + 0.5 * low + LOG10[np.clip(jelly, 0, JELLY)]
    return np.where((love >= TRACK) | (excite >= TRACK), WIN, np.where(jelly <= 0, LOSE, plain))


def greedy_finals(x: tuple[Any, ...]) -> tuple[Any, Any]:
    """Greedy's score of resolving each 6-dice roll at positions x (its own value minus its
    opponent's change), and whether it keeps six of a kind (keep >= give)."""
    a, b, c, d, e, f = x
    mine, theirs = _standing(a, b, c), _standing(d, e, f)
    finals = np.empty((len(SIXES), len(a)))
    keeps = np.zeros((len(SIXES), len(a)), dtype=bool)
    for i, moves in enumerate(EFFECTS):
        scores = []
        for da, db, dc, dd, de, df in moves:
            gain = _standing(np.minimum(TRACK, a + da), np.minimum(TRACK, b + db),
                             np.maximum(0, c + dc)) - mine  # fmt: skip
            loss = _standing(np.minimum(TRACK, d + dd), np.minimum(TRACK, e + de),
                             np.maximum(0, f + df)) - theirs  # fmt: skip
            scores.append(gain - loss)
        finals[i] = np.maximum.reduce(scores) if len(scores) > 1 else scores[0]
        if len(scores) > 1:
            keeps[i] = scores[0] >= scores[1]
    return finals, keeps


def _pick(values: Any, chosen: Any, resolve: Any) -> Any:
    """Per 6-dice roll: the true value of resolving, or of the kept set `chosen` (>= 0)."""
    out = resolve.copy()
    ar = np.arange(values.shape[1])
    where = kept_sets()[1]
    for i, m in enumerate(SIXES):
        c = chosen[i]
        hit = c >= 0
        out[where[m]][hit] = values[c[hit], ar[hit]]
    return out


def greedy_choices(finals: Any, expect: Any, cost: Any, never: Any) -> Any:
    """GreedyBot._reroll_or_resolve: scan the rerolls in legal order, take one only when it
    beats the best so far by 1e-9 (the kept set's row; -1: resolve)."""
    out = np.full((len(SIXES), finals.shape[1]), -1, dtype=np.int64)
    for i in range(len(SIXES)):
        best, choice = finals[i].copy(), out[i]
        for k in ORDERS[i]:
            ev = expect[k] - cost
            better = ev > best + 1e-9
            np.copyto(best, ev, where=better)
            choice[better] = k
        choice[never] = -1  # never pays at or below LOW_JELLY
    return out


def expert_choices(resolve: Any, after: Any) -> Any:
    """`puru_duel.best_action`: resolve within TIE of the best, else the first best reroll."""
    where = kept_sets()[1]
    out = np.full((len(SIXES), resolve.shape[1]), -1, dtype=np.int64)
    ar = np.arange(resolve.shape[1])
    for i, m in enumerate(SIXES):
        rows = np.asarray(ORDERS[i])
        vals = after[rows]
        j = vals.argmax(axis=0)  # the first best, in legal order
        best = vals[j, ar].astype(np.float64)
        take = resolve[where[m]].astype(np.float64) < best - TIE
        out[i][take] = rows[j[take]]
    return out


def _turn(resolve: Any, paid: Any, choices: tuple[Any, Any]) -> Any:
    """The true turn value given the kept-set choices after the first roll and the free reroll."""
    _, _, sixes, probs = _plan()
    after_paid = _expect(np, paid)
    stage1 = _pick(after_paid, choices[1], resolve)
    after_free = _expect(np, stage1)
    stage0 = _pick(after_free, choices[0], resolve)
    return np.asarray(probs) @ stage0[sixes]


class Evaluation:
    """Fills `expert`/`greedy`: after-roll values (the roller's own score) when the expert /
    GreedyBot has just rolled, over the padded grid; `minimax` is what the expert reads."""

    def __init__(self, sol: DuelSolution, best_reply: bool = False) -> None:
        grid = self.grid = sol.grid
        self.minimax = terminal_table(np, grid)
        run = running_view(grid, self.minimax)
        run[...] = np.float32(1.0) - np.asarray(sol.mover).transpose(3, 4, 5, 0, 1, 2)
        self.expert = terminal_table(np, grid)
        self.greedy = self.expert.copy()
        # with `best_reply`: the same pair for the best reply to GreedyBot (it maximises)
        self.reply = self.expert.copy() if best_reply else None
        self.greedy_r = self.expert.copy() if best_reply else None
        self.sweep = Sweep(np, grid)
        self.offsets = [[grid.offset(x) for x in moves] for moves in EFFECTS]

    def _true(self, table: Any, idx: Any, keeps: Any, broke: Any = None) -> Any:
        """After-roll values of resolving each 6-dice roll at `idx`, six of a kind as chosen."""
        where = kept_sets()[1]
        out = np.zeros((len(kept_sets()[0]), len(idx)))
        for i, (m, offs) in enumerate(zip(SIXES, self.offsets, strict=True)):
            row = out[where[m]]
            row[...] = table[idx + offs[0]]
            if len(offs) > 1:
                np.copyto(row, table[idx + offs[1]], where=~keeps[i])
            if broke is not None:
                row[broke] = (
                    0.0  # paying the last Jelly loses at once (docs/rules/puru.md, *A turn*)
                )
        return out

    def _keeps(self, idx: Any) -> Any:
        keeps = np.zeros((len(SIXES), len(idx)), dtype=bool)
        for i, offs in enumerate(self.offsets):
            if len(offs) > 1:  # ties keep: KEEP is listed first
                keeps[i] = self.minimax[idx + offs[0]] >= self.minimax[idx + offs[1]]
        return keeps

    def expert_turn(self, idx: Any, jelly: Any) -> Any:
        resolve, paid = self.sweep.resolve_tables(self.minimax, idx, jelly)
        first = resolve.copy()
        _, after_free, after_paid = turn_values(np, resolve, paid)
        choices = (expert_choices(first, after_free), expert_choices(first, after_paid))
        paying = idx + self.sweep.cost
        true_now = self._true(self.expert, idx, self._keeps(idx))
        true_paid = self._true(self.expert, paying, self._keeps(paying), jelly == 1)
        return _turn(true_now, true_paid, choices)

    def greedy_turn(self, idx: Any, x: tuple[Any, ...], tables: list[Any]) -> list[Any]:
        a, b, c, d, e, f = x
        finals, keeps = greedy_finals(x)
        _, keeps_paid = greedy_finals((a, b, c - 1, d, e, f))  # its view after paying
        expect = np.zeros((len(kept_sets()[0]), len(idx)))
        where = kept_sets()[1]
        for i, m in enumerate(SIXES):
            expect[where[m]] = finals[i]
        _expect(np, expect)
        choices = (greedy_choices(finals, expect, 0.0, False),
                   greedy_choices(finals, expect, PAY[c], c <= LOW_JELLY))  # fmt: skip
        paying = idx + self.sweep.cost
        return [
            _turn(self._true(t, idx, keeps), self._true(t, paying, keeps_paid, c == 1), choices)
            for t in tables
        ]

    def run(self, part: tuple[Any, Any, Any]) -> None:
        idx, jelly, mirrored = part
        lo = self.grid.lo
        ia, ib, ic, id_, ie, if_ = np.unravel_index(idx, self.grid.dims)
        x = (ia + lo, ib + lo, ic - LOW, id_ + lo, ie + lo, if_ - LOW)
        swap = self.sweep.swap
        there, mirror = swap(idx), swap(mirrored)
        tables = [self.greedy] if self.greedy_r is None else [self.greedy, self.greedy_r]
        greedy = self.greedy_turn(idx, x, tables)
        # after one player's roll ends at swap(x), the other moves from x
        self.greedy[there] = self.greedy[mirror] = 1.0 - self.expert_turn(idx, jelly)
        self.expert[there] = self.expert[mirror] = 1.0 - greedy[0]
        if self.reply is not None and self.greedy_r is not None:
            resolve, paid = self.sweep.resolve_tables(self.reply, idx, jelly)
            reply = turn_values(np, resolve, paid)[0]
            self.greedy_r[there] = self.greedy_r[mirror] = 1.0 - reply
            self.reply[there] = self.reply[mirror] = 1.0 - greedy[1]

    def solve(self, batch: int = 20_000, threads: int = 0) -> None:
        with ThreadPoolExecutor(threads or os.cpu_count() or 1) as pool:
            for group in _batches(np, self.grid, batch):
                list(pool.map(self.run, group))

    def expert_moves(self, a: int, b: int, c: int, d: int, e: int, f: int) -> float:
        """The expert's score when it moves first from this running position."""
        return 1.0 - float(self.greedy[self.grid.index(d, e, f, a, b, c)])

    def greedy_moves(self, a: int, b: int, c: int, d: int, e: int, f: int) -> float:
        """The expert's score when GreedyBot moves first from this running position."""
        return float(self.expert[self.grid.index(d, e, f, a, b, c)])

    def reply_values(self, a: int, b: int, c: int, d: int, e: int, f: int) -> tuple[float, float]:
        """The best reply's score when it moves first from this position (its Love... first),
        and when GreedyBot moves first from it (GreedyBot's Love... first)."""
        assert self.reply is not None and self.greedy_r is not None
        i = self.grid.index(d, e, f, a, b, c)
        return 1.0 - float(self.greedy_r[i]), float(self.reply[i])


def main() -> None:
    import time

    from dicehall.games.puru.bots.solve_duel import load_or_solve

    lo = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else 0
    best_reply = "--best-reply" in sys.argv
    t0 = time.time()
    ev = Evaluation(load_or_solve(lo), best_reply)
    ev.solve()
    start = (lo, lo, JELLY - lo, lo, lo, JELLY - lo)
    print(f"expert first: {ev.expert_moves(*start):.7f}")
    print(f"greedy first: {ev.greedy_moves(*start):.7f} (the expert's score)")
    if best_reply:
        first, second = ev.reply_values(*start)
        print(f"best reply to greedy: first {first:.7f}, second {second:.7f}")
    print(f"seconds: {time.time() - t0:.0f}")


if __name__ == "__main__":
    main()
