"""Exact odds of the next roll for the current turn (used by the expert bot and `--hints`).

Each roll of the `left` unplaced dice falls in exactly one class:

- `bust`: no set of the rolled dice fits any unoccupied space (within the tiles left);
- `stuck`: some placement fits, but none leaves this turn's dice connected and supported,
  so stopping right after it would bust (continuing may still repair the turn);
- `safe`: some placement leaves the turn able to stop with tiles, none with a bonus turn;
- `bonus`: some placement leaves the turn able to stop with tiles AND earn a bonus turn
  (all of the turn's dice placed, or three or more levels) without ending the game: a Stop
  that fills the board, uses the last tiles the player may place (a second player placing all
  their tiles, or the winner all the gold tiles) or reaches the turn limit ends the game at
  once and earns no bonus turn (rules.md, *Bonus turns* and *Winning, gold tiles and the end*).

Probabilities are exact `Fraction`s over the sorted multisets of the roll.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from dicehall.games.purrramid.board import (
    Board,
    is_supported,
    levels,
    roll_distribution,
    sub_multisets,
)
from dicehall.games.purrramid.rules import MAX_TURNS
from dicehall.games.purrramid.state import Phase, PurrramidState
from dicehall.games.purrramid.view_read import read_turn

if TYPE_CHECKING:
    from dicehall.games.purrramid.rules import PurrramidGame


@dataclass(frozen=True, slots=True)
class TurnPosition:
    """What the odds depend on: the board's tiles, this turn's dice and the tiles left."""

    tile_mask: int
    dice_mask: int
    room: int  # tiles the player may still add this turn (rules.md, *A turn*)
    left: int  # dice to roll next
    dice: int  # dice the turn started with (a 1-die turn earns no bonus)
    wool: int  # wool tokens the player holds
    last_turn: bool = False  # the turn limit ends the game after this turn


@dataclass(frozen=True, slots=True)
class RollOdds:
    """Exact probabilities of the classes of the next roll (they sum to 1)."""

    dice: int
    bust: Fraction
    stuck: Fraction
    safe: Fraction
    bonus: Fraction
    wool: int

    @property
    def can_place(self) -> Fraction:
        return 1 - self.bust

    @property
    def can_stop(self) -> Fraction:
        """A placement exists after which Stop succeeds."""
        return self.safe + self.bonus

    @property
    def bust_with_wool(self) -> Fraction:
        """Busting even after spending every wool token on rerolls of busting rolls."""
        return self.bust ** (self.wool + 1)


@dataclass(frozen=True, slots=True)
class SpaceFlags:
    """Per number: is a space with it open, would it leave the turn stoppable, stoppable with
    the game going on (so a bonus turn may follow), and with a bonus by levels."""

    open: frozenset[int]
    stoppable: frozenset[int]
    bonus_by_levels: frozenset[int]
    continues: frozenset[int] = frozenset()


@lru_cache(maxsize=8)
def roll_weights(n: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Each sorted roll of `n` dice with its number of arrangements (out of 6**n)."""
    return tuple((m, int(p * 6**n)) for m, p in roll_distribution(n))


def space_flags(board: Board, pos: TurnPosition) -> SpaceFlags:
    """Which numbers have a free space that fits, keeps the turn stoppable, or adds a level."""
    blocked = pos.tile_mask | pos.dice_mask
    open_, stoppable, by_levels, continues = set(), set(), set(), set()
    for s in board.spaces:
        if blocked >> s.id & 1 or s.cost > pos.room:
            continue
        open_.add(s.number)
        mask = pos.dice_mask | 1 << s.id
        if board.joined(mask) and is_supported(mask, blocked | mask, board.below):
            stoppable.add(s.number)
            if stopping_ends_game(board, pos, blocked | mask, s.cost):
                continue
            continues.add(s.number)
            if pos.dice > 1 and levels(mask, board.row_mask) >= 3:
                by_levels.add(s.number)
    return SpaceFlags(*map(frozenset, (open_, stoppable, by_levels, continues)))


def stopping_ends_game(board: Board, pos: TurnPosition, covered: int, cost: int) -> bool:
    """Whether a Stop right after adding a space of `cost` tiles ends the game, as the engine
    checks after every Stop: the board is full, or the player used the last tiles they may
    place (the room is their regular tiles, plus the gold tiles while they are the winner or
    no one has won; emptying it means a second player placed all their tiles, or the winner
    all the gold tiles), or the turn limit is reached (rules.md, *Winning, gold tiles and
    the end*)."""
    return covered == board.all_mask or cost == pos.room or pos.last_turn


def classify(flags: SpaceFlags, roll: tuple[int, ...], dice: int) -> str:
    """The class of one roll (see the module docstring)."""
    sums = sub_multisets(roll).keys()
    if flags.open.isdisjoint(sums):
        return "bust"
    if flags.stoppable.isdisjoint(sums):
        return "stuck"
    all_dice = dice > 1 and sum(roll) in flags.continues  # every die of the turn placed
    if all_dice or not flags.bonus_by_levels.isdisjoint(sums):
        return "bonus"
    return "safe"


def roll_odds(board: Board, pos: TurnPosition) -> RollOdds:
    """Exact odds of the next roll of `pos.left` dice."""
    flags = space_flags(board, pos)
    counts = {"bust": 0, "stuck": 0, "safe": 0, "bonus": 0}
    for roll, weight in roll_weights(pos.left):
        counts[classify(flags, roll, pos.dice)] += weight
    total = 6**pos.left
    return RollOdds(
        dice=pos.left,
        bust=Fraction(counts["bust"], total),
        stuck=Fraction(counts["stuck"], total),
        safe=Fraction(counts["safe"], total),
        bonus=Fraction(counts["bonus"], total),
        wool=pos.wool,
    )


def position(game: PurrramidGame, state: PurrramidState) -> TurnPosition:
    """The turn position of a state that is not over (the next roll: `state.left` dice)."""
    if state.phase is Phase.OVER:
        raise ValueError("the game is over: there is no next roll")
    return TurnPosition(
        tile_mask=state.tile_mask,
        dice_mask=state.dice_mask,
        room=game.budget(state) - game.turn_cost(state),
        left=state.left,
        dice=state.dice,
        wool=state.wool[state.seat],
        last_turn=state.turns + 1 >= MAX_TURNS,
    )


def position_from_view(view: dict[str, Any]) -> TurnPosition:
    """The same position read from an `observe` view (for bots and the terminal)."""
    if view["current"] is None:
        raise ValueError("the game is over: there is no next roll")
    turn = read_turn(view)
    return TurnPosition(
        tile_mask=turn.tiles,
        dice_mask=turn.dice,
        room=turn.room,
        left=turn.left,
        dice=turn.start,
        wool=turn.tokens,
        last_turn=turn.last_turn,
    )


def next_roll_odds(game: PurrramidGame, state: PurrramidState) -> RollOdds:
    """Exact odds of the next roll in `state` (after Continue, or a wool reroll)."""
    return roll_odds(game.board, position(game, state))


__all__ = [
    "RollOdds",
    "TurnPosition",
    "classify",
    "next_roll_odds",
    "position",
    "position_from_view",
    "roll_odds",
    "space_flags",
]
