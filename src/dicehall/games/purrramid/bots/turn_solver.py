"""Purrramid in-turn decisions by expectimax over the exact dice odds (docs/rules/purrramid.md:
*A turn*, *Wool tokens*, *Bonus turns*).

Within a turn the board's tiles do not change; what changes is where this turn's dice stand
(`dice`, a mask of spaces), how many dice are left to roll (`left`) and the wool tokens held.
A turn position is worth the larger of

- **stop**: the stop value (`stop_value`: tiles placed, wool taken, the expected tiles of an earned
  bonus turn; 0 when Stop would bust), and
- **continue**: the exact expectation over the sorted rolls of the `left` dice of the best
  placement's worth (recursively: stop or continue again). A roll that fits no space busts the
  turn (0), or, with a wool token, is rerolled at the price of the token.

The search is exact over every roll and every placement that keeps the turn's dice connected
(a space edge-adjacent to, resting on or under one already holding this turn's dice; any space
for the first placement): a detached placement can only be saved by later dice bridging it,
which the search leaves out. Positions are memoised, so one decision costs well under a second.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from dicehall.games.purrramid.board import sub_multisets
from dicehall.games.purrramid.bots.greedy import stop_ok
from dicehall.games.purrramid.odds import roll_weights
from dicehall.games.purrramid.view_read import Geometry

MAX_TOKENS = 2  # wool tokens the search distinguishes (more rarely matter within one turn)
WOOL_VALUE = 0.5  # a wool token is worth about half a tile (one saved roll)
# Tiles a bonus turn with this many dice places, its own bonus chain included: measured in
# 150 two-player expert games on side A (they beat the guesses 2.6/2.0/1.3/0.6 against greedy).
BONUS_VALUE = {0: 0.0, 1: 0.8, 2: 1.5, 3: 1.5, 4: 1.6}


@dataclass(frozen=True, slots=True)
class Position:
    """A turn position for valuation: tiles, this turn's dice, dice left and tiles left."""

    tiles: int
    dice: int
    left: int
    start: int
    room: int
    wool: int  # spaces still holding wool
    tokens: int  # wool tokens the player holds
    budget: int  # tiles the player may place this turn in all (the view's budget)
    last_turn: bool  # the turn limit ends the game after this turn


def stop_value(geo: Geometry, pos: Position) -> float:
    """What stopping now is worth: tiles, wool and the bonus turn earned (0 on a bust)."""
    if not pos.dice or not stop_ok(geo, pos.tiles, pos.dice):
        return 0.0
    spaces = [i for i in range(len(geo.cost)) if pos.dice >> i & 1]
    tiles = sum(geo.cost[i] for i in spaces)
    wool = sum(1 for i in spaces if pos.wool >> i & 1)
    rows = {geo.row[i] for i in spaces}
    bonus = pos.start > 1 and (pos.left == 0 or len(rows) >= 3)
    if ends_game(geo, pos, tiles):
        bonus = False  # rules.md, *Bonus turns*: a Stop that ends the game earns none
    return tiles + WOOL_VALUE * wool + (BONUS_VALUE[pos.start - 1] if bonus else 0.0)


def ends_game(geo: Geometry, pos: Position, tiles: int) -> bool:
    """Whether stopping with `tiles` tiles this turn ends the game (rules.md, *Winning, gold
    tiles and the end*): the board is full, the player places the last tiles they may, or
    the turn limit is reached."""
    full = (pos.tiles | pos.dice) == (1 << len(geo.cost)) - 1
    return full or tiles >= pos.budget or pos.last_turn


@lru_cache(maxsize=8)
def _rolls(n: int) -> tuple[tuple[dict[int, frozenset[int]], int], ...]:
    """Each sorted roll of `n` dice: {sum: numbers of dice that make it}, and its weight."""
    out = []
    for roll, weight in roll_weights(n):
        sums = {
            total: frozenset(len(d) for d in subs) for total, subs in sub_multisets(roll).items()
        }
        out.append((sums, weight))
    return tuple(out)


class TurnSolver:
    """Expectimax over one turn, from the position of the turn's start (`pos`)."""

    def __init__(self, geo: Geometry, pos: Position) -> None:
        self.geo, self.pos = geo, pos
        self._memo: dict[tuple[int, int, int], float] = {}
        self._going: dict[tuple[int, int, int], float] = {}  # continue_value's, by the same key
        self._spaces = range(len(geo.cost))

    def position(self, dice: int, left: int, tokens: int) -> Position:
        return replace(self.pos, dice=dice, left=left, tokens=tokens)

    def stop(self, dice: int, left: int) -> float:
        return stop_value(self.geo, self.position(dice, left, 0))

    def value(self, dice: int, left: int, tokens: int) -> float:
        """Best of stopping and continuing (a turn with no dice left must stop)."""
        key = (dice, left, min(tokens, MAX_TOKENS))
        found = self._memo.get(key)
        if found is None:
            found = self.stop(dice, left)
            if left:
                found = max(found, self.continue_value(dice, left, tokens))
            self._memo[key] = found
        return found

    def options(self, dice: int) -> list[int]:
        """Free spaces for the next placement: connected to this turn's dice, within budget."""
        geo, pos = self.geo, self.pos
        blocked = pos.tiles | dice
        new = dice & ~pos.dice  # `pos.room` already counts the spaces the turn started with
        spent = sum(geo.cost[i] for i in self._spaces if new >> i & 1)
        out = []
        for s in self._spaces:
            if blocked >> s & 1 or spent + geo.cost[s] > pos.room:
                continue
            if dice and not geo.adjacent[s] & dice:
                continue
            out.append(s)
        return out

    def continue_value(self, dice: int, left: int, tokens: int) -> float:
        """Exact expectation over the next roll of the best placement's value."""
        tokens = min(tokens, MAX_TOKENS)
        key = (dice, left, tokens)
        found = self._going.get(key)
        if found is None:
            found = self._going[key] = self._continue_value(dice, left, tokens)
        return found

    def _continue_value(self, dice: int, left: int, tokens: int) -> float:
        by_number: dict[int, list[int]] = {}
        for s in self.options(dice):
            by_number.setdefault(self.geo.number[s], []).append(s)
        gained, busts = 0.0, 0
        for sums, weight in _rolls(left):
            best, fits = 0.0, False
            for number, counts in sums.items():
                for s in by_number.get(number, ()):
                    fits = True
                    for used in counts:
                        best = max(best, self.value(dice | 1 << s, left - used, tokens))
            if fits:
                gained += weight * best
            else:
                busts += weight
        total: int = 6**left
        if busts and tokens:
            # a busting roll is rerolled with a wool token (purrramid.md, *Wool tokens*)
            again = self.continue_value(dice, left, tokens - 1) - WOOL_VALUE
            gained += busts * max(again, 0.0)
        return gained / total
