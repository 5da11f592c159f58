"""Puru Puru Basic (2-5 players) and Solo over arrays of B games (docs/rules/puru.md).

Between steps every game waits for its roller: to resolve or reroll (`CHOOSE`), or to keep or
give away six of a kind (`KEEP`). `step` applies the choice, then rolls the dice up to the
next decision: AutoPuray's rolls in Solo, the last reroll's forced resolution, and the next
player's first roll. Dice are packed multisets (`tables`); a chance code is the packed
multiset rolled, which stands for the rules engine's `Roll` of those faces.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from dicehall.batch.engine import BatchGame, BatchUnsupportedError, IntArray
from dicehall.games.puru.actions import GIVE_AWAY, INDEX, KEEP, RESOLVE, Roll
from dicehall.games.puru.batch import tables as tb
from dicehall.games.puru.dice import MAX_DICE, faces_of, parse_die
from dicehall.games.puru.rules import PuruGame
from dicehall.games.puru.state import (
    JELLY_START,
    PAID_REROLL,
    TRACK_MAX,
    Phase,
    PuruState,
    Summary,
)

ROLL, CHOOSE, KEEP_PHASE, OVER = (
    int(p) for p in (Phase.ROLL, Phase.CHOOSE, Phase.KEEP, Phase.OVER)
)
RESOLVE_ID, KEEP_ID, GIVE_ID = INDEX.encode(RESOLVE), INDEX.encode(KEEP), INDEX.encode(GIVE_AWAY)
AUTO = 3
"""`last_how` of AutoPuray's roll (after `tables.NOT_KEPT`, `KEPT_MAJORITY`, `GIVEN_AWAY`)."""


class PuruBatch(BatchGame):
    """B games of one Puru Puru parameter set without characters (Basic or Solo)."""

    def __init__(self, game: PuruGame, batch: int) -> None:
        super().__init__(game, batch)
        self.solo, self.auto_dice = game.solo, game.auto_dice
        self.weights = parse_die(str(game.params["die"]))
        self.t = tb.build(self.weights)
        self.draws = self.t.rolls.shape[1]
        n, b = self.num_players, batch
        self.phase = np.zeros(b, dtype=np.int64)
        self.roller = np.zeros(b, dtype=np.int64)
        self.love = np.zeros((b, n), dtype=np.int64)
        self.excite = np.zeros((b, n), dtype=np.int64)
        self.jelly = np.zeros((b, n), dtype=np.int64)
        self.dice = np.zeros(b, dtype=np.int64)  # packed: kept while rolling, shown after
        self.n_dice = np.zeros(b, dtype=np.int64)
        self.rerolls = np.zeros(b, dtype=np.int64)
        self.turns = np.zeros(b, dtype=np.int64)
        self.last_roller = np.full(b, -1, dtype=np.int64)  # -1: no roll resolved yet
        self.last_dice = np.zeros(b, dtype=np.int64)
        self.last_how = np.zeros(b, dtype=np.int64)  # tables.NOT_KEPT..., or AUTO
        self._mask_table(self.t.masks)
        self._flat = (self.love.reshape(-1), self.excite.reshape(-1), self.jelly.reshape(-1))

    # --- the surface -----------------------------------------------------------------------
    @property
    def current_player(self) -> IntArray:
        return self.roller.copy()

    def _mask_keys(self) -> IntArray:
        keys: IntArray = np.where(
            self.phase == KEEP_PHASE, tb.KEEP_KEY, 2 * self.dice + (self.rerolls < PAID_REROLL)
        )
        return keys

    def observations(self) -> np.ndarray:
        """The Gymnasium features of the player to move, built from the arrays (`observe`)."""
        from dicehall.games.puru.batch.observe import observations

        return observations(self)

    bot_levels = ("random", "greedy")

    def bot_actions(self, level: str, rng: np.random.Generator | None = None) -> IntArray:
        """`greedy`: the decisions of the game's greedy bot (`batch.greedy`)."""
        if level == "greedy":
            from dicehall.games.puru.batch.greedy import greedy_actions

            return greedy_actions(self)
        return super().bot_actions(level, rng)

    # --- dynamics --------------------------------------------------------------------------
    def _start(self, idx: IntArray) -> None:
        self.phase[idx] = ROLL
        self.roller[idx] = 0
        self.love[idx] = 0
        self.excite[idx] = 0
        self.jelly[idx] = JELLY_START
        self.dice[idx] = 0
        self.n_dice[idx] = MAX_DICE
        self.rerolls[idx] = 0
        self.turns[idx] = 0
        self.last_roller[idx] = -1

    def _load(self, idx: IntArray, states: Sequence[PuruState]) -> None:
        """Decision states of the Basic game or Solo (no characters, no power pending)."""
        for i, state in enumerate(states):
            if state.characters or state.res is not None:
                raise BatchUnsupportedError(f"state {i}: a Full game's state (characters)")
        self.phase[idx] = [int(s.phase) for s in states]
        self.roller[idx] = [s.roller for s in states]
        self.love[idx] = [s.love for s in states]
        self.excite[idx] = [s.excite for s in states]
        self.jelly[idx] = [s.jelly for s in states]
        self.dice[idx] = [tb.pack(s.dice) for s in states]
        self.n_dice[idx] = [s.n_dice for s in states]
        self.rerolls[idx] = [s.rerolls for s in states]
        self.turns[idx] = [s.turns for s in states]
        lasts = [s.last for s in states]
        self.last_roller[idx] = [-1 if x is None else x.roller for x in lasts]
        self.last_dice[idx] = [0 if x is None else tb.pack(x.dice) for x in lasts]
        self.last_how[idx] = [self._how(x) for x in lasts]

    def _how(self, last: Summary | None) -> int:
        """`last_how` of a roll's summary: AutoPuray's roll, or how the roller resolved it."""
        if last is None or (self.solo and last.roller == 1):
            return AUTO if last is not None else tb.NOT_KEPT
        return {None: tb.NOT_KEPT, True: tb.KEPT_MAJORITY, False: tb.GIVEN_AWAY}[last.kept]

    def _act(self, actions: IntArray) -> None:
        keeping = self.phase == KEEP_PHASE
        resolving = ~keeping & (actions == RESOLVE_ID)
        rerolling = np.flatnonzero(~keeping & ~resolving)
        # six of a kind waits for keep or give; any other roll is distributed (*Resolving*)
        waits = resolving & self.t.all_same[self.dice]
        self.phase[waits] = KEEP_PHASE
        finishing = np.flatnonzero(keeping | (resolving & ~waits))
        if len(rerolling):
            self._reroll(rerolling, actions[rerolling])
        if len(finishing):
            chosen = actions[finishing]
            how = np.where(chosen == KEEP_ID, tb.KEPT_MAJORITY, tb.GIVEN_AWAY)
            self._finish(finishing, np.where(chosen == RESOLVE_ID, tb.NOT_KEPT, how))

    def _reroll(self, idx: IntArray, actions: IntArray) -> None:
        """The dice chosen go back to the roll; the second reroll costs 1 Jelly, paid first,
        and a player dripped to 0 by paying ends the game (*A turn*, *The end*)."""
        self.dice[idx] -= self.t.reroll_pack[actions]
        self.phase[idx] = ROLL
        paying = idx[self.rerolls[idx] == PAID_REROLL - 1]
        self.rerolls[idx] += 1
        if len(paying):
            at = paying * self.num_players + self.roller[paying]
            jelly = self._flat[2]
            jelly[at] -= 1
            self.phase[paying[jelly[at] <= 0]] = OVER  # ended in `_settle`

    def _finish(self, idx: IntArray, how: IntArray) -> None:
        """Distribute the dice shown: the roller's gains, each neighbour's the majority
        (*Resolving*); AutoPuray's roll (`how` AUTO): Heart and Star feed seat 1, Crying and
        Angry drip seat 0 (*Solo*)."""
        n, roller, dice = self.num_players, self.roller[idx], self.dice[idx]
        base = idx * n
        seat = base + roller
        row = dice * 3 + np.minimum(how, 2)
        auto = how == AUTO
        mine = self.t.roller_gain[:, row]
        theirs = self.t.neighbour_gain[:, row]
        touched = [seat]
        if auto.any():  # AutoPuray (seat 1) gains H and S; seat 0, its neighbour, drips C + A
            shown = dice[auto]
            mine[0, auto], mine[1, auto], mine[2, auto] = shown & 7, shown >> 3 & 7, 0
            theirs[:2, auto] = 0
            theirs[2, auto] = (shown >> 6 & 7) + (shown >> 9 & 7)
        touched.append(base + (roller + 1) % n)
        if n > 2:  # two neighbours; with two players the other seat is the only one
            touched.append(base + (roller - 1) % n)
        love, excite, jelly = self._flat
        over = np.zeros(len(idx), dtype=bool)
        for k, at in enumerate(touched):
            gain = mine if k == 0 else theirs
            loved, excited, jellied = love[at] + gain[0], excite[at] + gain[1], jelly[at] - gain[2]
            love[at], excite[at], jelly[at] = loved, excited, jellied
            over |= (loved >= TRACK_MAX) | (excited >= TRACK_MAX) | (jellied <= 0)
        self.last_roller[idx], self.last_dice[idx], self.last_how[idx] = roller, dice, how
        self.turns[idx] += 1
        going = idx[~over]
        # the end check comes after the whole roll (*The end*); else the dice pass on
        nxt = roller[~over] + 1
        nxt[nxt == n] = 0
        self.roller[going] = nxt
        if self.solo:
            self.n_dice[going] = np.where(nxt == 1, self.auto_dice, MAX_DICE)
        self.dice[going] = 0
        self.rerolls[going] = 0
        self.phase[going] = ROLL
        self.phase[idx[over]] = OVER  # ended in `_settle`

    def _scores(self, idx: IntArray) -> np.ndarray:
        """Paradice: everyone at 20 wins, scored by the higher track. Else drip-out: the lower
        track, -1 for a player at 0 Jelly (docs/rules/puru.md, *The end*)."""
        love, excite, jelly = self.love[idx], self.excite[idx], self.jelly[idx]
        paradice = ((love == TRACK_MAX) | (excite == TRACK_MAX)).any(axis=1, keepdims=True)
        drip_out = np.where(jelly <= 0, -1, np.minimum(love, excite))
        scores: np.ndarray = np.where(paradice, np.maximum(love, excite), drip_out)
        return scores.astype(np.float64)

    def _winners(self, idx: IntArray, scores: np.ndarray) -> np.ndarray:
        """The best score wins, ties share; nobody when everyone dripped out."""
        best = scores.max(axis=1, keepdims=True)
        found: np.ndarray = (scores == best) & (best >= 0)
        return found

    def outcome_reason(self, i: int) -> str:
        return "paradice" if self.scores[i].max() == TRACK_MAX else "drip-out"

    def _settle(self) -> None:
        """End the games that are over (they start again), roll, and again, until every game
        waits for a player."""
        while True:
            ended = np.flatnonzero(self.phase == OVER)
            if len(ended):
                for track in (self.love, self.excite, self.jelly):  # 20 and 0 are the ends
                    track[ended] = np.minimum(np.maximum(track[ended], 0), TRACK_MAX)
                self._end(ended, self._scores(ended))
            idx = np.flatnonzero(self.phase == ROLL)
            if not len(idx):
                return
            self._roll(idx)

    def _roll(self, idx: IntArray) -> None:
        """Roll the dice not kept; AutoPuray's roll applies at once; after the last reroll the
        roll resolves by itself (*A turn*, *Solo*)."""
        left = self.n_dice[idx] - self.t.dice[self.dice[idx]]
        codes = self.t.rolls[left, self.rng.integers(0, self.draws, len(idx))]
        if self._tracking:
            codes = self._chance(idx, codes)
        self.dice[idx] += codes
        self.phase[idx] = CHOOSE
        auto = self.roller[idx] == 1 if self.solo else np.zeros(len(idx), dtype=bool)
        forced = ~auto & (self.rerolls[idx] >= PAID_REROLL)
        if forced.any():
            same = forced & self.t.all_same[self.dice[idx]]
            self.phase[idx[same]] = KEEP_PHASE
            forced &= ~same
        done = auto | forced
        if done.any():
            self._finish(idx[done], np.where(auto[done], AUTO, tb.NOT_KEPT))

    # --- the rules engine's reference ------------------------------------------------------
    def chance_outcome(self, code: int) -> Roll:
        return Roll(faces_of(tb.unpack(int(code))))

    def chance_code(self, outcome: Any) -> int:
        counts = [0, 0, 0, 0]
        for face in outcome.faces:
            counts[int(face)] += 1
        return tb.pack((counts[0], counts[1], counts[2], counts[3]))

    def to_state(self, i: int) -> PuruState:
        def ints(values: Any) -> tuple[int, ...]:
            return tuple(int(x) for x in values)

        return PuruState(
            phase=Phase(int(self.phase[i])),
            roller=int(self.roller[i]),
            love=ints(self.love[i]),
            excite=ints(self.excite[i]),
            jelly=ints(self.jelly[i]),
            dice=tb.unpack(int(self.dice[i])),
            n_dice=int(self.n_dice[i]),
            rerolls=int(self.rerolls[i]),
            last=self._last(i),
            turns=int(self.turns[i]),
        )

    def _last(self, i: int) -> Summary | None:
        """The last roll's summary, as far as the table shows it (its gains, not its texts);
        a game's rolls before its end never reach a track's end, so nothing was clipped."""
        r, dice, how = int(self.last_roller[i]), int(self.last_dice[i]), int(self.last_how[i])
        if r < 0:
            return None
        n, counts = self.num_players, tb.unpack(dice)
        gains = [[0] * n for _ in range(3)]
        if how == AUTO:
            gains[0][1], gains[1][1], gains[2][0] = counts[0], counts[1], -counts[2] - counts[3]
            majority = -1
        else:
            row = dice * 3 + how
            for k in range(3):
                sign = -1 if k == 2 else 1
                gains[k][r] += sign * int(self.t.roller_gain[k, row])
                for other in sorted({(r + 1) % n, (r - 1) % n}):
                    gains[k][other] += sign * int(self.t.neighbour_gain[k, row])
            majority = int(self.t.majority[dice])
        love, excite, jelly = (tuple(g) for g in gains)
        return Summary(r, counts, majority, None, (), love, excite, jelly, ())


def make_batch(game: PuruGame, batch: int) -> PuruBatch:
    if game.full:
        raise BatchUnsupportedError(
            "puru: the batched form plays the Basic game and Solo (not the Full game's powers)"
        )
    if len(str(game.params["die"]).strip()) > tb.MAX_SIDES:
        raise BatchUnsupportedError(
            f"puru: the batched form rolls dice of up to {tb.MAX_SIDES} sides"
        )
    return PuruBatch(game, batch)
