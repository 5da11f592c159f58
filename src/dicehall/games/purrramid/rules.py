"""Purrramid rules (Reiner Knizia), as read by dicehall's rulings (see rules.md).

A turn: roll the dice not yet placed, put one or more of them on ONE unoccupied space whose
number they add up to, then Continue or Stop. At Stop the spaces holding this turn's dice must
be connected and supported, else the player busts; if they are, the dice become tiles. Bonus
turns, wool rerolls, the winner's gold tiles and the three end conditions follow the rulebook.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from dicehall.core.chance import Distribution, draw_below
from dicehall.core.errors import IllegalActionError
from dicehall.core.evolve import changer, evolver
from dicehall.core.game import Game
from dicehall.core.tuples import add_at
from dicehall.core.types import CHANCE, Result, Seat, View
from dicehall.games.purrramid import chances, scoring
from dicehall.games.purrramid import observe as observe_mod
from dicehall.games.purrramid.actions import (
    BUST,
    CODEC,
    CONTINUE,
    SPEND_WOOL,
    STOP,
    Bust,
    Continue,
    Place,
    PurrramidAction,
    Roll,
    SpendWool,
    Stop,
    action_index,
)
from dicehall.games.purrramid.board import (
    MAX_DICE,
    Board,
    is_supported,
    levels,
    multisets_with_sum,
    roll_distribution,
    sub_multisets,
)
from dicehall.games.purrramid.placing import RollPlaces, roll_places
from dicehall.games.purrramid.spec import SPEC
from dicehall.games.purrramid.state import (
    EMPTY,
    NO_WINNER,
    SETUP,
    End,
    Phase,
    PurrramidState,
    TurnSummary,
)

if TYPE_CHECKING:  # the rules never draw by themselves: `core.sample` passes its generator in
    import random

# enum members as module constants: reading one from its class is slow (Python 3.11)
_DECIDE = Phase.DECIDE
_END_NONE = End.NONE
_END_TURN_LIMIT = End.TURN_LIMIT
_OVER = Phase.OVER
_PLACE = Phase.PLACE
_ROLL = Phase.ROLL

GOLD_TILES = 12
WOOL_TOKENS = 12
MAX_TURNS = 10_000  # safety bound on turns (bonus turns count); see rules.md
_ACTIONS_PER_TURN = 3 * MAX_DICE + 1  # roll, place, decide per die, plus a Bust
# Rulebook setup: regular tiles per seat (the last player gives 1 to the starting player).
TILES_PER_SEAT = {2: (26, 25), 3: (25, 24, 23), 4: (19, 18, 18, 17)}


class PurrramidGame(Game[PurrramidState, PurrramidAction]):
    """Purrramid for 2-4 players on one board side."""

    spec = SPEC
    action_codec = CODEC

    def __init__(self, params: dict[str, Any], board: Board, content_hash: str) -> None:
        self.params = dict(params)
        self.board = board
        self.num_players = int(params["players"])
        self.content_hash = content_hash
        self.action_index = action_index(board)
        self.num_actions = len(self.action_index)
        self.max_game_length = MAX_TURNS * _ACTIONS_PER_TURN + 2 * WOOL_TOKENS
        self._place_id = {a: i for i, a in enumerate(self.action_index.actions)}
        self._base = tuple(self._place_id[Place(s.id, multisets_with_sum(s.number)[0])]
                           for s in board.spaces)  # fmt: skip
        self.static_spaces = observe_mod.static_spaces(board)
        self._numbers = tuple(s.number for s in board.spaces)
        self._costs = tuple(s.cost for s in board.spaces)
        # _fits[r]: the spaces costing at most r tiles, for r up to the dearest space's cost
        self._fits = tuple(
            sum(1 << s.id for s in board.spaces if s.cost <= r) for r in range(max(self._costs) + 1)
        )
        self._rolls: dict[tuple[int, ...], RollPlaces] = {}  # by roll: a few hundred at most
        self._memo: tuple[int, RollPlaces | None, tuple[Place, ...]] = (0, None, ())
        self._last_open: tuple[PurrramidState | None, int] = (None, 0)

    def chance_catalogue(self) -> Iterator[Any]:
        return chances.catalogue()

    # --- setup ----------------------------------------------------------------------------
    def initial_state(self) -> PurrramidState:
        b = self.board
        covered = b.bottom_two_mask if self.num_players == 2 else 0  # 2 players: rows 1-2
        owner = tuple(SETUP if covered >> s.id & 1 else EMPTY for s in b.spaces)
        return PurrramidState(
            seat=0,
            phase=_ROLL,
            dice=MAX_DICE,
            left=MAX_DICE,
            roll=(),
            turn=(),
            dice_mask=0,
            tile_mask=covered,
            owner=owner,
            gold=(0,) * len(b.spaces),
            wool_mask=b.eights_mask & ~covered,  # a wool token on each uncovered "8"
            regular=TILES_PER_SEAT[self.num_players],
            wool=(0,) * self.num_players,
            gold_left=GOLD_TILES,
            winner=NO_WINNER,
            rerolls=0,
            turns=0,
            end=_END_NONE,
            last=None,
        )

    # --- queries ----------------------------------------------------------------------------
    def actors(self, state: PurrramidState) -> tuple[Seat, ...]:
        if state.phase is _OVER:
            return ()
        if state.phase is _ROLL:
            return (CHANCE,)
        return (state.seat,)

    def is_terminal(self, state: PurrramidState) -> bool:
        return state.phase is _OVER

    def budget(self, state: PurrramidState, seat: int | None = None) -> int:
        """Tiles `seat` can still place: regular, plus gold if the winner or no one has won."""
        seat = state.seat if seat is None else seat
        gold = state.gold_left if state.winner in (NO_WINNER, seat) else 0
        return state.regular[seat] + gold

    def turn_cost(self, state: PurrramidState) -> int:
        return sum(self._costs[s] for s, _ in state.turn)

    def placements(self, state: PurrramidState) -> tuple[Place, ...]:
        """The legal `Place` actions for the dice just rolled, in id order (rules.md, *A turn*)."""
        table = self._rolls.get(state.roll) or self._roll_table(state.roll)
        free = table.mask & self._open(state)
        if not free:
            return ()
        memo = self._memo  # one read: safe if several threads share the game
        if memo[0] == free and memo[1] is table:  # asked again about the same position
            return memo[2]
        out = table.among(free)
        self._memo = (free, table, out)
        return out

    def _open(self, state: PurrramidState) -> int:
        """The spaces this turn's next dice may go on: unoccupied, and costing no more than
        `budget(state) - turn_cost(state)`, the tiles left (rules.md, *A turn*).

        Remembered for the last state asked about (held, so never mistaken for another): a
        roll asks once for the bust check, then the legal list and the placement again."""
        last = self._last_open  # one read: safe if several threads share the game
        if last[0] is state:
            return last[1]
        found = self._open_mask(state)
        self._last_open = (state, found)
        return found

    def _open_mask(self, state: PurrramidState) -> int:
        seat, winner, costs = state.seat, state.winner, self._costs
        room = state.regular[seat]
        if winner in (NO_WINNER, seat):
            room += state.gold_left
        for s, _ in state.turn:
            room -= costs[s]
        fits = self._fits
        if room <= 0:
            return 0
        return fits[room if room < len(fits) else -1] & ~(state.tile_mask | state.dice_mask)

    def _roll_table(self, roll: tuple[int, ...]) -> RollPlaces:
        """The placements of `roll` on an empty board, made once per roll (a sorted multiset of
        at most MAX_DICE dice: a few hundred at most)."""
        found = self._rolls.get(roll)
        if found is None:
            actions = self.action_index.actions
            found = roll_places(roll, self._numbers, self._base, actions)
            self._rolls[roll] = found
        return found

    def legal_actions(self, state: PurrramidState, seat: Seat) -> tuple[PurrramidAction, ...]:
        if seat != state.seat or state.phase in (_ROLL, _OVER):
            return ()
        if state.phase is _DECIDE:
            return _DECISIONS
        places: tuple[PurrramidAction, ...] = self.placements(state)
        if not state.wool[seat]:
            return places
        if not places:
            return (SPEND_WOOL, BUST)  # no placement: reroll with wool, or accept the bust
        return (SPEND_WOOL, *places)

    def chance_outcomes(self, state: PurrramidState) -> Sequence[tuple[PurrramidAction, Fraction]]:
        if state.phase is not _ROLL:
            return ()
        return _roll_outcomes(state.left)

    def sample_chance(self, state: PurrramidState, rng: random.Random) -> Any:
        """`core.sample`'s draw: the outcome `chance_outcomes(state).sample(rng)` gives for the
        same integer drawn, looked up by that integer instead of searched for."""
        if state.phase is not _ROLL:
            raise IllegalActionError("not a chance node")
        by_draw = _roll_draws(state.left)
        return by_draw[draw_below(rng, len(by_draw))]

    # --- transitions ----------------------------------------------------------------------
    def apply(self, state: PurrramidState, seat: Seat, action: PurrramidAction) -> PurrramidState:
        if state.phase is _OVER:
            raise IllegalActionError("the game is over", seat=seat, action=action)
        if state.phase is _ROLL:
            return self._apply_roll(state, seat, action)
        if seat != state.seat:
            raise IllegalActionError(f"it is seat {state.seat}'s turn", seat=seat, action=action)
        kind = type(action)
        if state.phase is _DECIDE:
            if kind is Continue:
                return _with_phase(state, _ROLL)
            if kind is Stop:
                return self._stop(state)
        elif kind is Place:
            return self._place(state, action)  # type: ignore[arg-type]
        elif kind is SpendWool and state.wool[seat]:
            # Wool: reroll ALL the dice just rolled; the token goes back to the box.
            wool = add_at(state.wool, seat, -1)
            return _with(state, phase=_ROLL, roll=(), wool=wool, rerolls=state.rerolls + 1)
        elif kind is Bust and not self._can_place(state):
            return self._bust(state, "no placement")
        raise IllegalActionError(f"{action} is not allowed now", seat=seat, action=action)

    def _apply_roll(
        self, state: PurrramidState, seat: Seat, action: PurrramidAction
    ) -> PurrramidState:
        if seat != CHANCE or not isinstance(action, Roll) or len(action.dice) != state.left:
            raise IllegalActionError(f"expected a roll of {state.left} dice", seat=seat)
        dice = action.dice
        if id(action) not in _ROLL_IDS and (  # the distributions' own outcomes are valid
            any(type(d) is not int or not 1 <= d <= 6 for d in dice) or list(dice) != sorted(dice)
        ):
            raise IllegalActionError(f"not a sorted roll of dice: {dice}", seat=seat)
        rolled = _with_roll(state, _PLACE, dice)
        if state.wool[state.seat] or self._can_place(rolled):
            return rolled
        return self._bust(rolled, "no placement")  # rule: no die fits any space: bust

    def _can_place(self, state: PurrramidState) -> bool:
        """Whether `placements(state)` holds any action."""
        table = self._rolls.get(state.roll) or self._roll_table(state.roll)
        return bool(table.mask & self._open(state))

    def _place(self, state: PurrramidState, action: Place) -> PurrramidState:
        s, dice = action.space, action.dice
        table = self._rolls.get(state.roll) or self._roll_table(state.roll)
        if id(action) not in table.ids and (  # not the index's own object for this roll
            self._place_id.get(action) is None
            or dice not in sub_multisets(state.roll).get(self._numbers[s], ())
        ):
            raise IllegalActionError(f"{action}: those dice do not match the space or the roll")
        if not self._open(state) >> s & 1:
            if (state.tile_mask | state.dice_mask) >> s & 1:
                raise IllegalActionError(f"{action}: space {s} is occupied")
            raise IllegalActionError(f"{action}: you have too few tiles left (rules.md, *A turn*)")
        left = state.left - len(dice)
        turn = (*state.turn, (s, dice))
        placed = _with_dice(state, _DECIDE, left, (), turn, state.dice_mask | 1 << s)
        return self._stop(placed) if left == 0 else placed  # no dice left: must stop

    def _stop(self, state: PurrramidState) -> PurrramidState:
        b, mask = self.board, state.dice_mask
        if not b.joined(mask):
            return self._bust(state, "not connected")
        if not is_supported(mask, state.tile_mask | mask, b.below):
            return self._bust(state, "not supported")
        return self._cover(state)

    def _bust(self, state: PurrramidState, reason: str) -> PurrramidState:
        return self._next_turn(state, _bust_summary(state.seat, state.dice, reason), bonus=False)

    def _cover(self, state: PurrramidState) -> PurrramidState:
        """Replace this turn's dice with tiles: regular first, then gold (Winning)."""
        seat, mask = state.seat, state.dice_mask
        spaces = tuple(s for s, _ in state.turn)
        need = self.turn_cost(state)
        winner, regular_left = state.winner, state.regular[seat]
        from_regular = need if winner != seat else 0
        from_regular = min(from_regular, regular_left)
        from_gold = need - from_regular
        if winner == NO_WINNER and regular_left - from_regular == 0:
            winner = seat  # first to place all regular tiles: takes the gold tiles
        owner, gold = list(state.owner), list(state.gold)
        regular_budget = from_regular
        for s in spaces:
            owner[s] = seat
            gold[s] = max(0, self._costs[s] - regular_budget)
            regular_budget = max(0, regular_budget - self._costs[s])
        wool_taken = (state.wool_mask & mask).bit_count()  # tile on an "8": take its wool
        bonus = state.left == 0 or levels(mask, self.board.row_mask) >= 3
        covered = _with(
            state,
            tile_mask=state.tile_mask | mask,
            owner=tuple(owner),
            gold=tuple(gold),
            wool_mask=state.wool_mask & ~mask,
            regular=add_at(state.regular, seat, -from_regular),
            wool=add_at(state.wool, seat, wool_taken),
            gold_left=state.gold_left - from_gold,
            winner=winner,
        )
        bonus = bonus and state.dice > 1  # bonus turns chain down to 1 die
        summary = TurnSummary(
            seat, state.dice, True, "tiles", spaces, need, from_gold, wool_taken, bonus
        )
        return self._next_turn(covered, summary, bonus=bonus)

    def _next_turn(
        self, state: PurrramidState, summary: TurnSummary, bonus: bool
    ) -> PurrramidState:
        if state.tile_mask != self.board.all_mask and state.winner == NO_WINNER:
            end = _END_NONE  # what end_condition finds: no end holds before anyone has won
        else:
            end = scoring.end_condition(self.board, state)
        turns = state.turns + 1
        if end is _END_NONE and turns >= MAX_TURNS:
            end = _END_TURN_LIMIT
        if end is not _END_NONE:
            return _with(
                state,
                phase=_OVER,
                roll=(),
                turn=(),
                dice_mask=0,
                turns=turns,
                end=end,
                last=_no_bonus(summary),
            )
        seat = state.seat if bonus else (state.seat + 1) % self.num_players
        dice = state.dice - 1 if bonus else MAX_DICE
        return _with_next_turn(state, seat, _ROLL, dice, dice, (), (), 0, 0, turns, summary)

    # --- results, views and wire forms --------------------------------------------------------
    def result(self, state: PurrramidState) -> Result:
        return scoring.result(state, self.num_players)

    def observe(self, state: PurrramidState, seat: Seat | None) -> View:
        return observe_mod.view(self, state, seat)

    def describe(self, action: PurrramidAction, viewer: Seat | None) -> str:
        from dicehall.games.purrramid.describe import describe

        return describe(self, action, viewer)


_ROLLS: dict[int, Distribution] = {}  # by number of dice, 1 to 6
_ROLL_IDS: set[int] = set()


_DECISIONS = (CONTINUE, STOP)


def _roll_outcomes(n: int) -> Distribution:
    """Cached chance node of rolling `n` dice, with `Roll` outcomes."""
    found = _ROLLS.get(n)
    if found is None:
        found = Distribution((Roll(m), p) for m, p in roll_distribution(n))
        _ROLLS[n] = found
        _ROLL_IDS.update(map(id, found.outcomes))  # kept alive by the distribution in _ROLLS
    return found


_DRAWS: dict[int, tuple[Roll, ...]] = {}  # by number of dice: 6, 36, ... 7,776 entries


def _roll_draws(n: int) -> tuple[Roll, ...]:
    """The roll of `n` dice by integer drawn (`Distribution.by_draw`)."""
    found = _DRAWS.get(n)
    if found is None:
        found = _DRAWS[n] = _roll_outcomes(n).by_draw()
    return found


def _no_bonus(summary: TurnSummary) -> TurnSummary:
    return dataclasses.replace(summary, bonus=False)


@lru_cache(maxsize=64)  # seats (at most 4) x dice (1-5) x reasons (3): 60
def _bust_summary(seat: int, dice: int, reason: str) -> TurnSummary:
    return TurnSummary(seat, dice, False, reason, (), 0, 0, 0, False)


_with: Callable[..., PurrramidState] = evolver(PurrramidState)
"""`_with(state, **changes)`: a copy of `state` with `changes` (a fast `dataclasses.replace`)."""
# The hot transitions' copiers, taking the new values of always the same fields in order:
_with_phase = changer(PurrramidState, "phase")  # Continue
_with_roll = changer(PurrramidState, "phase", "roll")  # a roll
_with_dice = changer(PurrramidState, "phase", "left", "roll", "turn", "dice_mask")  # a placement
_with_next_turn = changer(
    PurrramidState,
    *("seat", "phase", "dice", "left", "roll", "turn", "dice_mask", "rerolls", "turns", "last"),
)
