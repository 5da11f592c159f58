"""Purrramid expert bot: stop, continue and place by expectimax over the exact dice odds.

A turn's worth is the tiles it places, plus a little for wool taken and the expected tiles of
the bonus turn it earns. Stopping is worth that now (0 if Stop would bust). Continuing is
worth the exact expectation over the next roll of the best placement's worth, recursively to
the end of the turn (`bots.turn_solver.TurnSolver`; a busting roll is rerolled
while the bot holds wool). The bot continues when continuing is worth more, and places where
the turn is worth most (the casual player's ranking breaks ties). A position's worth, the
stop value and the expectimax live in `bots.turn_solver`. Everything is read from the view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dicehall.core.types import View
from dicehall.games.purrramid.actions import BUST, CONTINUE, SPEND_WOOL, STOP, Place
from dicehall.games.purrramid.bots.greedy import GreedyBot, placement_key
from dicehall.games.purrramid.bots.turn_solver import WOOL_VALUE, Position, TurnSolver
from dicehall.games.purrramid.view_read import Turn, read_turn


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
        return Position(turn.tiles, turn.dice, turn.left, turn.start, turn.room, turn.wool,
                        turn.tokens, turn.budget, turn.last_turn)  # fmt: skip

    def solver(self, view: View, turn: Turn) -> TurnSolver:
        """The turn's expectimax (`bots.turn_solver`) from the turn's start. What
        it reads stays the same all turn (the board's tiles and wool, the dice the turn began
        with, the budget), so one is kept per turn and its memo serves every decision of the
        turn (and every playout through it, where a review plays the expert out)."""
        seat, geo, budget = view["current"], self.geo(view), turn.budget
        key = (seat, turn.tiles, turn.wool, turn.start, budget, view["turns_played"], geo)
        if self._turn is None or self._turn[0] != key:
            start = Position(turn.tiles, 0, turn.start, turn.start, budget, turn.wool, 0, budget,
                             turn.last_turn)  # fmt: skip
            self._turn = (key, TurnSolver(geo, start))
        return self._turn[1]

    def decide(self, view: View) -> Any:
        turn = read_turn(view)
        if not turn.stop_ok:
            return CONTINUE  # stopping now would bust
        solver = self.solver(view, turn)
        go = solver.continue_value(turn.dice, turn.left, turn.tokens)
        return CONTINUE if go > solver.stop(turn.dice, turn.left) else STOP

    def place(self, view: View, legal_actions: Sequence[Any]) -> Any:
        turn = read_turn(view)
        solver = self.solver(view, turn)
        tokens = turn.tokens
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
