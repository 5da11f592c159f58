"""Purrramid expert bot: stop, continue and place by expectimax over the exact dice odds.

A turn's worth is the tiles it places, plus a little for wool taken and the expected tiles of
the bonus turn it earns. Stopping is worth that now (0 if Stop would bust). Continuing is
worth the exact expectation over the next roll of the best placement's worth, recursively to
the end of the turn (`bots.solvers.purrramid_turn.TurnSolver`; a busting roll is rerolled
while the bot holds wool). The bot continues when continuing is worth more, and places where
the turn is worth most (the casual player's ranking breaks ties). `continue_value` below is the
one-roll-ahead expectation, kept for the hints. Everything is read from the view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from dicehall.core.types import View
from dicehall.games.purrramid.actions import BUST, CONTINUE, SPEND_WOOL, STOP, Place
from dicehall.games.purrramid.board import sub_multisets
from dicehall.games.purrramid.bots.greedy import (
    Geometry,
    GreedyBot,
    Turn,
    placement_key,
    read_turn,
    stop_ok,
)
from dicehall.games.purrramid.odds import roll_weights
from dicehall.games.purrramid.rules import MAX_TURNS

WOOL_VALUE = 0.5  # a wool token is worth about half a tile (one saved roll)
# Tiles a bonus turn with this many dice places, its own bonus chain included: measured in
# 150 two-player expert games on side A (they beat the guesses 2.6/2.0/1.3/0.6 against greedy).
BONUS_VALUE = {0: 0.0, 1: 0.8, 2: 1.5, 3: 1.5, 4: 1.6}
CANDIDATES = 6  # placements (best by the casual ranking) whose future is computed exactly


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


class ExpertBot(GreedyBot):
    """Greedy placement refined, and stop/continue by exact one-roll expectation."""

    level = "expert"

    def __init__(self, game: Any = None, seat: int = 0) -> None:
        super().__init__(game, seat)
        self._turn: tuple[tuple[Any, ...], Any] | None = None  # (turn key, its TurnSolver)

    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if CONTINUE in legal_actions:
            return self.decide(view)
        if BUST in legal_actions:
            return SPEND_WOOL
        return self.place(view, legal_actions)

    def position(self, view: View, turn: Turn) -> Position:
        seat = view["current"]
        room = view["budget"][seat] - view["turn"]["tiles"]
        return Position(turn.tiles, turn.dice, turn.left, turn.start, room, turn.wool,
                        view["wool"][seat], view["budget"][seat], last_turn(view))  # fmt: skip

    def solver(self, view: View, turn: Turn) -> Any:
        """The turn's expectimax (`bots.solvers.purrramid_turn`) from the turn's start. What
        it reads stays the same all turn (the board's tiles and wool, the dice the turn began
        with, the budget), so one is kept per turn and its memo serves every decision of the
        turn (and every playout through it, where a review plays the expert out)."""
        from dicehall.games.purrramid.bots.turn_solver import TurnSolver

        seat, geo = view["current"], self.geo(view)
        budget = view["budget"][seat]
        key = (seat, turn.tiles, turn.wool, turn.start, budget, view["turns_played"], geo)
        if self._turn is None or self._turn[0] != key:
            start = Position(turn.tiles, 0, turn.start, turn.start, budget, turn.wool, 0, budget,
                             last_turn(view))  # fmt: skip
            self._turn = (key, TurnSolver(geo, start))
        return self._turn[1]

    def decide(self, view: View) -> Any:
        turn = read_turn(view)
        if not turn.stop_ok:
            return CONTINUE  # stopping now would bust
        solver = self.solver(view, turn)
        go = solver.continue_value(turn.dice, turn.left, view["wool"][view["current"]])
        return CONTINUE if go > solver.stop(turn.dice, turn.left) else STOP

    def place(self, view: View, legal_actions: Sequence[Any]) -> Any:
        turn = read_turn(view)
        solver = self.solver(view, turn)
        tokens = view["wool"][view["current"]]
        geo = solver.geo
        places = [a for a in legal_actions if isinstance(a, Place)]

        def worth(action: Place) -> tuple[float, tuple[int, ...]]:
            after = solver.value(
                turn.dice | 1 << action.space, turn.left - len(action.dice), tokens
            )
            return after, placement_key(geo, turn, action)

        best = max(places, key=worth)
        if SPEND_WOOL in legal_actions:
            # a wool token rerolls the dice just rolled (docs/rules/purrramid.md, *Wool tokens*)
            again = solver.continue_value(turn.dice, turn.left, tokens - 1) - WOOL_VALUE
            if again > worth(best)[0]:
                return SPEND_WOOL
        return best


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


def last_turn(view: View) -> bool:
    return bool(view["turns_played"] + 1 >= MAX_TURNS)


def after_value(geo: Geometry, pos: Position, action: Place) -> float:
    """Worth of the position after a placement: stop value, or better, continue value."""
    after = _placed(pos, action.space, len(action.dice))
    value = stop_value(geo, after)
    if after.left:
        value = max(value, continue_value(geo, after))
    return value


def _placed(pos: Position, space: int, used: int) -> Position:
    return replace(pos, dice=pos.dice | 1 << space, left=pos.left - used)


def continue_value(geo: Geometry, pos: Position) -> float:
    """Exact expectation, over the next roll, of the best placement's stop value."""
    blocked = pos.tiles | pos.dice
    cost_so_far = sum(geo.cost[i] for i in range(len(geo.cost)) if pos.dice >> i & 1)
    partial: dict[int, float] = {}  # number -> best stop value leaving dice unplaced
    whole: dict[int, float] = {}  # number -> best stop value placing every die rolled
    open_numbers: set[int] = set()
    for s, number in enumerate(geo.number):
        if blocked >> s & 1 or cost_so_far + geo.cost[s] > pos.room:
            continue
        open_numbers.add(number)
        some = stop_value(geo, _placed(pos, s, 1) if pos.left > 1 else _placed(pos, s, 0))
        every = stop_value(geo, _placed(pos, s, pos.left))
        partial[number] = max(partial.get(number, 0.0), some)
        whole[number] = max(whole.get(number, 0.0), every)
    total_weight: int = 6**pos.left
    busts, gained = 0, 0.0
    for roll, weight in roll_weights(pos.left):
        sums = sub_multisets(roll)
        if open_numbers.isdisjoint(sums):
            busts += weight
            continue
        full = sum(roll)  # only the whole roll adds up to its total
        best = whole.get(full, 0.0)
        for number in sums:
            if number != full:
                best = max(best, partial.get(number, 0.0))
        gained += weight * best
    if pos.tokens and busts < total_weight:
        # a busting roll is rerolled with a wool token, which then is gone
        return (gained - busts * WOOL_VALUE) / (total_weight - busts)
    return gained / total_weight
