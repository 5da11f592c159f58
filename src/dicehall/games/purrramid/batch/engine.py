"""Purrramid (both sides, 2-4 players) over arrays of B games (docs/rules/purrramid.md).

Between steps every game waits for its player: to place dice (or spend wool, or bust), or to
continue or stop. `step` applies the choice, then rolls up to the next decision, busting the
rolls that fit no space for a player without wool. A chance code is a roll id
(`tables.ROLLS`), which stands for the rules engine's `Roll` of those dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from dicehall.batch.engine import BatchGame, BatchUnsupportedError, IntArray
from dicehall.core import competition_ranks
from dicehall.games.purrramid.actions import BUST, CONTINUE, SPEND_WOOL, STOP, Place, Roll
from dicehall.games.purrramid.batch import moves
from dicehall.games.purrramid.batch import tables as tb
from dicehall.games.purrramid.board import MAX_DICE
from dicehall.games.purrramid.rules import GOLD_TILES, MAX_TURNS, TILES_PER_SEAT, PurrramidGame
from dicehall.games.purrramid.scoring import REASONS as REASON_TEXTS
from dicehall.games.purrramid.state import (
    EMPTY,
    NO_WINNER,
    SETUP,
    End,
    Phase,
    PurrramidState,
    TurnSummary,
)

ROLL, PLACE, DECIDE, OVER = (int(p) for p in (Phase.ROLL, Phase.PLACE, Phase.DECIDE, Phase.OVER))
REASONS = ("tiles", "no placement", "not connected", "not supported")
TILES, NO_PLACEMENT, NOT_CONNECTED, NOT_SUPPORTED = range(4)
U1 = np.uint64(1)


class PurrramidBatch(BatchGame):
    """B games of one Purrramid parameter set."""

    def __init__(self, game: PurrramidGame, batch: int) -> None:
        super().__init__(game, batch)
        index = game.action_index
        self.ids = {a: index.encode(a) for a in (CONTINUE, STOP, SPEND_WOOL, BUST)}
        board = game.board
        self.t = tb.build(board)
        n, b, spaces = self.num_players, batch, self.t.spaces
        covered = board.bottom_two_mask if n == 2 else 0  # 2 players: the two bottom rows
        self.start_tiles = np.uint64(covered)
        self.start_wool = np.uint64(board.eights_mask & ~covered)
        self.start_owner = np.array(
            [SETUP if covered >> s & 1 else EMPTY for s in range(spaces)], dtype=np.int64
        )
        self.start_regular = np.array(TILES_PER_SEAT[n], dtype=np.int64)
        self.all_mask = np.uint64(self.t.all_mask)
        self.dearest = len(self.t.fits) - 1
        ints = {name: np.zeros(b, dtype=np.int64) for name in _INTS}
        for name, array in ints.items():
            setattr(self, name, array)
        self.seat: IntArray
        self.phase: IntArray
        self.dice: IntArray
        self.left: IntArray
        self.roll: IntArray
        self.turn_len: IntArray
        self.turn_cost: IntArray
        self.gold_left: IntArray
        self.winner: IntArray
        self.rerolls: IntArray
        self.turns: IntArray
        self.last_seat: IntArray
        self.last_dice: IntArray
        self.last_reason: IntArray
        self.last_tiles: IntArray
        self.last_gold: IntArray
        self.last_wool: IntArray
        self.last_bonus: IntArray
        self.turn_acts = np.zeros((b, MAX_DICE), dtype=np.int64)
        self.last_acts = np.zeros((b, MAX_DICE), dtype=np.int64)
        self.dice_mask = np.zeros(b, dtype=np.uint64)
        self.tile_mask = np.zeros(b, dtype=np.uint64)
        self.wool_mask = np.zeros(b, dtype=np.uint64)
        self.end_reason = np.zeros(b, dtype=np.int64)  # End, of the game that ended last
        self.owner = np.zeros((b, spaces + 1), dtype=np.int64)  # one more: "no space"
        self.gold = np.zeros((b, spaces + 1), dtype=np.int64)
        self.regular = np.zeros((b, n), dtype=np.int64)
        self.wool = np.zeros((b, n), dtype=np.int64)
        self._space_bits = np.arange(spaces, dtype=np.uint64)
        self._pair_j = np.array([j for j, _ in tb.PAIRS])
        self._pair_k = np.array([k for _, k in tb.PAIRS])
        self._pair_bits = np.array([1 << p for p in range(len(tb.PAIRS))], dtype=np.int64)
        self._free: np.ndarray | None = None  # `_open` of every game, until the next step
        self._adjacent_bits = np.array([*board.adjacent, 0], dtype=np.uint64)
        self.space_row = np.array([s.row for s in board.spaces], dtype=np.int64)
        self.board = board

    # --- the surface -----------------------------------------------------------------------
    @property
    def current_player(self) -> IntArray:
        return self.seat.copy()

    def legal_mask(self) -> np.ndarray:
        return moves.legal_mask(self)

    def _legal(self, actions: IntArray) -> np.ndarray:
        return moves.legal(self, actions)

    def random_actions(self, rng: np.random.Generator | None = None) -> IntArray:
        return moves.random_actions(self, rng or self.rng)

    def _open_all(self) -> np.ndarray:
        """`_open` of every game, remembered until the next step changes the games."""
        if self._free is None:
            self._free = self._open(self._all)
        return self._free

    bot_levels = ("random", "greedy")

    def bot_actions(self, level: str, rng: np.random.Generator | None = None) -> IntArray:
        """`greedy`: the decisions of the game's greedy bot (`batch.greedy`)."""
        if level == "greedy":
            from dicehall.games.purrramid.batch.greedy import greedy_actions

            return greedy_actions(self)
        return super().bot_actions(level, rng)

    def _open(self, idx: IntArray) -> np.ndarray:
        """The spaces this turn's next dice may go on: unoccupied, and costing no more than
        the tiles left, regular and (for the winner, or before anyone has won) gold."""
        seat, winner = self.seat[idx], self.winner[idx]
        room = self.regular[idx, seat] - self.turn_cost[idx]
        room += np.where((winner == NO_WINNER) | (winner == seat), self.gold_left[idx], 0)
        fits = self.t.fits[np.clip(room, 0, self.dearest)]
        found: np.ndarray = np.where(
            room > 0, fits & ~(self.tile_mask[idx] | self.dice_mask[idx]), 0
        )
        return found.astype(np.uint64)

    # --- dynamics --------------------------------------------------------------------------
    def _start(self, idx: IntArray) -> None:
        self._free = None
        self.seat[idx] = 0
        self.phase[idx] = ROLL
        self.dice[idx] = self.left[idx] = MAX_DICE
        self.gold_left[idx] = GOLD_TILES
        self.winner[idx] = NO_WINNER
        self.last_seat[idx] = -1
        for name in ("roll", "turn_len", "turn_cost", "rerolls", "turns"):
            getattr(self, name)[idx] = 0
        self.turn_acts[idx] = -1
        self.dice_mask[idx] = 0
        self.tile_mask[idx] = self.start_tiles
        self.wool_mask[idx] = self.start_wool
        self.owner[idx, :-1] = self.start_owner
        self.gold[idx] = 0
        self.regular[idx] = self.start_regular
        self.wool[idx] = 0

    def _load(self, idx: IntArray, states: Sequence[PurrramidState]) -> None:
        self._free = None
        index, t = self.game.action_index, self.t
        for name in ("seat", "dice", "left", "gold_left", "winner", "rerolls", "turns"):
            getattr(self, name)[idx] = [getattr(s, name) for s in states]
        self.phase[idx] = [int(s.phase) for s in states]
        self.roll[idx] = [tb.ROLL_ID[tuple(s.roll)] for s in states]
        for name in ("dice_mask", "tile_mask", "wool_mask"):
            getattr(self, name)[idx] = np.array([getattr(s, name) for s in states], np.uint64)
        self.owner[idx, : t.spaces] = [s.owner for s in states]
        self.gold[idx, : t.spaces] = [s.gold for s in states]
        self.regular[idx] = [s.regular for s in states]
        self.wool[idx] = [s.wool for s in states]
        for i, s in zip(idx.tolist(), states, strict=True):
            acts = [index.encode(Place(space, dice)) for space, dice in s.turn]
            self.turn_acts[i, : len(acts)] = acts
            self.turn_len[i] = len(acts)
            self.turn_cost[i] = sum(int(t.cost[space]) for space, _ in s.turn)
            last = s.last
            if last is None:
                continue
            self.last_seat[i], self.last_dice[i] = last.seat, last.dice
            self.last_reason[i], self.last_tiles[i] = REASONS.index(last.reason), last.tiles
            self.last_gold[i], self.last_wool[i] = last.gold, last.wool
            self.last_bonus[i] = last.bonus
            self.last_acts[i] = -1
            self.last_acts[i, : len(last.spaces)] = [self._on_space(x) for x in last.spaces]

    def _on_space(self, space: int) -> int:
        """A placement id on `space` (a past turn's summary keeps its spaces, not its dice)."""
        return int(np.flatnonzero(self.t.space_of == space)[0])

    def _act(self, actions: IntArray) -> None:
        self._free = None
        ids, t = self.ids, self.t
        deciding = self.phase == DECIDE
        self.phase[deciding & (actions == ids[CONTINUE])] = ROLL
        placing = ~deciding & (t.space_of[actions] < t.spaces)
        spend = np.flatnonzero(~deciding & (actions == ids[SPEND_WOOL]))
        if len(spend):  # Wool: reroll all the dice just rolled; the token goes to the box
            self.wool[spend, self.seat[spend]] -= 1
            self.rerolls[spend] += 1
            self.phase[spend] = ROLL
            self.roll[spend] = 0
        idx = np.flatnonzero(placing)
        if len(idx):
            self._place(idx, actions[idx])
        stop = np.flatnonzero(deciding & (actions == ids[STOP]))
        if len(stop):
            self._stop(stop)
        bust = np.flatnonzero(~deciding & (actions == ids[BUST]))
        if len(bust):
            self._bust(bust, NO_PLACEMENT)

    def _place(self, idx: IntArray, actions: IntArray) -> None:
        space = self.t.space_of[actions]
        self.turn_acts[idx, self.turn_len[idx]] = actions
        self.turn_len[idx] += 1
        self.turn_cost[idx] += self.t.cost[space]
        self.dice_mask[idx] |= self.t.bit[space]
        self.left[idx] -= self.t.dice_of[actions]
        self.roll[idx] = 0
        self.phase[idx] = DECIDE
        done = idx[self.left[idx] == 0]  # no dice left: the turn must stop
        if len(done):
            self._stop(done)

    def _stop(self, idx: IntArray) -> None:
        """This turn's spaces must be connected and supported, else a bust (*A turn*)."""
        t, used = self.t, self.turn_len[idx]
        spaces = t.space_of[np.maximum(self.turn_acts[idx], 0)]
        spaces[np.arange(MAX_DICE)[None, :] >= used[:, None]] = t.spaces  # "no space"
        touch = t.touching[spaces[:, self._pair_j] * (t.spaces + 1) + spaces[:, self._pair_k]]
        connected = t.connected[used, touch @ self._pair_bits]
        filled = (self.tile_mask[idx] | self.dice_mask[idx])[:, None]
        supported = ((t.below[spaces] & ~filled) == 0).all(axis=1)
        self._bust(idx[~connected], NOT_CONNECTED)
        self._bust(idx[connected & ~supported], NOT_SUPPORTED)
        good = connected & supported
        if good.any():
            self._cover(idx[good], spaces[good])

    def _cover(self, idx: IntArray, spaces: np.ndarray) -> None:
        """Replace this turn's dice with tiles: regular first, then gold; the first to place
        every regular tile wins and takes the gold tiles (*Winning, gold tiles and the end*)."""
        t, seat, k = self.t, self.seat[idx], len(idx)
        need, winner, regular_left = self.turn_cost[idx], self.winner[idx], self.regular[idx, seat]
        from_regular = np.minimum(np.where(winner != seat, need, 0), regular_left)
        from_gold = need - from_regular
        wins = (winner == NO_WINNER) & (regular_left - from_regular == 0)
        self.winner[idx[wins]] = seat[wins]
        budget = from_regular.copy()
        rows = np.arange(k)
        for j in range(MAX_DICE):
            at = spaces[:, j]
            cost = t.cost[at]
            self.owner[idx, at] = np.where(at < t.spaces, seat, self.owner[idx, at])
            self.gold[idx, at] = np.where(at < t.spaces, np.maximum(0, cost - budget), 0)
            budget = np.maximum(0, budget - cost)
        del rows
        mask = self.dice_mask[idx]
        wool_taken = np.bitwise_count(self.wool_mask[idx] & mask).astype(np.int64)
        levels = np.bitwise_count(np.bitwise_or.reduce(t.row_bit[spaces], axis=1))
        self.tile_mask[idx] |= mask
        self.wool_mask[idx] &= ~mask
        self.regular[idx, seat] -= from_regular
        self.wool[idx, seat] += wool_taken
        self.gold_left[idx] -= from_gold
        # a bonus turn: all dice placed or 3+ levels, chaining down to 1 die (*Bonus turns*)
        bonus = ((self.left[idx] == 0) | (levels >= 3)) & (self.dice[idx] > 1)
        self._summarise(idx, TILES, need, from_gold, wool_taken, bonus)
        self.last_acts[idx] = self.turn_acts[idx]
        self._next_turn(idx, bonus)

    def _bust(self, idx: IntArray, reason: int) -> None:
        if len(idx):
            zero = np.zeros(len(idx), dtype=np.int64)
            self._summarise(idx, reason, zero, zero, zero, zero.astype(bool))
            self.last_acts[idx] = -1
            self._next_turn(idx, zero.astype(bool))

    def _summarise(
        self, idx: IntArray, reason: int, tiles: IntArray, gold: IntArray, wool: IntArray,
        bonus: np.ndarray,
    ) -> None:  # fmt: skip
        self.last_seat[idx], self.last_dice[idx] = self.seat[idx], self.dice[idx]
        self.last_reason[idx], self.last_tiles[idx] = reason, tiles
        self.last_gold[idx], self.last_wool[idx], self.last_bonus[idx] = gold, wool, bonus

    def _next_turn(self, idx: IntArray, bonus: np.ndarray) -> None:
        """The end conditions in the rulebook's order, then the next turn (*the end*)."""
        full = self.tile_mask[idx] == self.all_mask
        winner = self.winner[idx]
        won = winner != NO_WINNER
        others_done = (self.regular[idx] == 0) & (np.arange(self.num_players) != winner[:, None])
        ended = full | (won & (others_done.any(axis=1) | (self.gold_left[idx] == 0)))
        self.turns[idx] += 1
        limit = ~ended & (self.turns[idx] >= MAX_TURNS)
        going = idx[~ended & ~limit]
        keep = bonus[~ended & ~limit]
        seat = self.seat[going]
        self.seat[going] = np.where(keep, seat, (seat + 1) % self.num_players)
        self.dice[going] = np.where(keep, self.dice[going] - 1, MAX_DICE)
        self.left[going] = self.dice[going]
        for name in ("roll", "turn_len", "turn_cost", "rerolls"):
            getattr(self, name)[going] = 0
        self.turn_acts[going] = -1
        self.dice_mask[going] = 0
        self.phase[going] = ROLL
        over = idx[ended | limit]
        if len(over):
            why = np.select(
                [full, won & others_done.any(axis=1), won],
                [End.BOARD_FULL, End.SECOND_PLAYER_DONE, End.GOLD_DONE],
                End.TURN_LIMIT,
            )
            self.end_reason[over] = why[ended | limit]
            self.phase[over] = OVER  # ended in `_settle`

    def _finish(self, idx: IntArray, at_limit: np.ndarray) -> None:
        """Winner: gold tiles placed; everyone else: minus their regular tiles left; at the
        turn limit nobody has won and the best score wins (*Scoring*)."""
        scores = -self.regular[idx].astype(np.float64)
        winner = self.winner[idx]
        nobody = (winner == NO_WINNER) | at_limit
        rows = np.flatnonzero(~nobody)
        scores[rows, winner[rows]] = GOLD_TILES - self.gold_left[idx[rows]]
        best = scores == scores.max(axis=1, keepdims=True)
        winners = np.where(nobody[:, None], best, np.arange(self.num_players) == winner[:, None])
        self._end(idx, scores, winners)

    def outcome_reason(self, i: int) -> str:
        return REASON_TEXTS[End(int(self.end_reason[i]))]

    def outcome_ranks(self, i: int) -> tuple[int, ...]:
        """The winner first; the others by their scores (*Scoring*); at the turn limit, all
        by their scores."""
        scores = self.scores[i].tolist()
        if self.end_reason[i] == End.TURN_LIMIT or not (self.returns[i] == 1).any():
            return competition_ranks(scores)
        winner = int(np.argmax(self.returns[i]))
        others = [p for s, p in enumerate(scores) if s != winner]
        return tuple(
            1 if s == winner else 2 + sum(1 for o in others if o > p) for s, p in enumerate(scores)
        )

    def _settle(self) -> None:
        """End the games that are over (they start again), roll, and again, until every game
        waits for a player."""
        while True:
            over = np.flatnonzero(self.phase == OVER)
            if len(over):
                self._finish(over, self.end_reason[over] == End.TURN_LIMIT)
            idx = np.flatnonzero(self.phase == ROLL)
            if not len(idx):
                return
            self._roll(idx)

    def _roll(self, idx: IntArray) -> None:
        """Roll the dice not yet placed; a roll that fits no space busts unless the player
        holds wool to reroll (*A turn*, *Wool*)."""
        codes = self.t.draws[self.left[idx], self.rng.integers(0, tb.DRAWS, len(idx))]
        if self._tracking:
            codes = self._chance(idx, codes)
        self.roll[idx] = codes
        self.phase[idx] = PLACE
        fits = (self.t.placeable[codes] & self._open(idx)) > 0
        stuck = ~fits & (self.wool[idx, self.seat[idx]] == 0)
        if stuck.any():
            self._bust(idx[stuck], NO_PLACEMENT)

    # --- the rules engine's reference ------------------------------------------------------
    def chance_outcome(self, code: int) -> Roll:
        return Roll(tb.ROLLS[int(code)])

    def chance_code(self, outcome: Any) -> int:
        return tb.ROLL_ID[tuple(outcome.dice)]

    def to_state(self, i: int) -> PurrramidState:
        index, t = self.game.action_index, self.t

        def ints(values: Any) -> tuple[int, ...]:
            return tuple(int(x) for x in values)

        turn = tuple(
            (index.decode(a).space, index.decode(a).dice)
            for a in self.turn_acts[i].tolist()
            if a >= 0
        )
        last = None
        if self.last_seat[i] >= 0:
            spaces = tuple(index.decode(a).space for a in self.last_acts[i].tolist() if a >= 0)
            last = TurnSummary(
                int(self.last_seat[i]), int(self.last_dice[i]), self.last_reason[i] == TILES,
                REASONS[self.last_reason[i]], spaces, int(self.last_tiles[i]),
                int(self.last_gold[i]), int(self.last_wool[i]), bool(self.last_bonus[i]),
            )  # fmt: skip
        return PurrramidState(
            seat=int(self.seat[i]),
            phase=Phase(int(self.phase[i])),
            dice=int(self.dice[i]),
            left=int(self.left[i]),
            roll=tb.ROLLS[int(self.roll[i])],
            turn=turn,
            dice_mask=int(self.dice_mask[i]),
            tile_mask=int(self.tile_mask[i]),
            owner=ints(self.owner[i, : t.spaces]),
            gold=ints(self.gold[i, : t.spaces]),
            wool_mask=int(self.wool_mask[i]),
            regular=ints(self.regular[i]),
            wool=ints(self.wool[i]),
            gold_left=int(self.gold_left[i]),
            winner=int(self.winner[i]),
            rerolls=int(self.rerolls[i]),
            turns=int(self.turns[i]),
            end=End.NONE,
            last=last,
        )


_INTS = (
    "seat", "phase", "dice", "left", "roll", "turn_len", "turn_cost", "gold_left", "winner",
    "rerolls", "turns", "last_seat", "last_dice", "last_reason", "last_tiles", "last_gold",
    "last_wool", "last_bonus",
)  # fmt: skip


def make_batch(game: PurrramidGame, batch: int) -> PurrramidBatch:
    if len(game.board.spaces) > tb.MAX_SPACES:
        raise BatchUnsupportedError(
            f"purrramid: the batched form plays boards of at most {tb.MAX_SPACES} spaces"
        )
    if game.board.each_adjacent:  # the house rule connection=adjacent (rules.md, *House rules*)
        raise BatchUnsupportedError(
            "purrramid: the batched form plays the rulebook's connection (one connected group)"
            " only, not the house rule connection=adjacent"
        )
    return PurrramidBatch(game, batch)
