"""Simultaneous ticks for the Parallel environment (Jelly Monster's tick mode).

In tick mode the rules draw the order of a tick's seats (a `TickOrder` chance node), then the
seats act one at a time. Here every seat of the tick chooses at the node, from the table as
it stands; then the order is drawn (with the runner's seeding) and the choices are
applied in that order. A choice that an earlier seat's action made illegal is replaced by
placing the same die without its effect when that is legal, else by the first legal action.
"""

from __future__ import annotations

from typing import Any

from dicehall.core import CHANCE
from dicehall.games.jelly.actions import Place, TickOrder
from dicehall.rl._common import Runner


class TickRunner(Runner):
    """A `Runner` that stops at tick-order chance nodes, where a tick's seats choose together."""

    def settle(self) -> None:
        game = self.game
        while not game.is_terminal(self.state) and game.actors(self.state) == (CHANCE,):
            if self._tick_orders():
                return
            super().settle_one()

    def _tick_orders(self) -> tuple[TickOrder, ...]:
        """The possible orders when the game is at a tick-order chance node, else ()."""
        if self.game.is_terminal(self.state) or self.game.actors(self.state) != (CHANCE,):
            return ()
        outcomes = self.game.chance_outcomes(self.state)
        first = outcomes[0][0]
        return tuple(o for o, _ in outcomes) if isinstance(first, TickOrder) else ()

    def choices(self) -> dict[int, tuple[Any, ...]]:
        """The seats that choose now and their legal actions (each as if it went first)."""
        if self.over:
            return {}
        orders = self._tick_orders()
        if not orders:
            seat = self.actor()
            return {seat: self.game.legal_actions(self.state, seat)}
        out = {}
        for seat in sorted(orders[0].seats):
            first = next(o for o in orders if o.seats[0] == seat)
            ahead = self.game.apply(self.state, CHANCE, first)
            out[seat] = self.game.legal_actions(ahead, seat)
        return out

    def play(self, chosen: dict[int, Any]) -> None:
        """Apply the seats' choices (a whole tick, or one seat's turn-based choice)."""
        pending = dict(chosen)
        if self._tick_orders():
            super().settle_one()
        while not self.over:
            seat = self.actor()
            if seat not in pending:
                return
            self.act(seat, self._still_legal(seat, pending.pop(seat)))
            if self._tick_orders():
                return

    def _still_legal(self, seat: int, action: Any) -> Any:
        legal = self.game.legal_actions(self.state, seat)
        if action in legal:
            return action
        if hasattr(action, "value") and hasattr(action, "district"):
            plain = Place(action.value, action.district)
            if plain in legal:
                return plain
        return legal[0]
