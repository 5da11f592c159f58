"""Simultaneous ticks for the Parallel environment (games with a `ticks` part).

In such a game the rules draw the order of a tick's seats (a chance node whose outcomes order
seats, as the part's `order_seats` tells), then the seats act one at a time. Here every seat of
the tick chooses at the node, from the table as it stands; then the order is drawn (with the
runner's seeding) and the choices are applied in that order. A choice that an earlier seat's
action made illegal is replaced by the part's `substitute` when that is legal, else by
the first legal action. Games without the part are played one mover at a time.
"""

from __future__ import annotations

from typing import Any

from dicehall import games
from dicehall.core import CHANCE, Game
from dicehall.core.parts import Ticks
from dicehall.rl._runner import LegalIds, Runner


class TickRunner(Runner):
    """A `Runner` that stops at tick-order chance nodes, where a tick's seats choose together."""

    def __init__(
        self,
        game: Game[Any, Any],
        seed: int,
        seeding: str = "episode",
        ids: LegalIds | None = None,
    ) -> None:
        self.ticks: Ticks | None = games.part(game.id, "ticks")
        super().__init__(game, seed, seeding, ids)  # settles chance, which asks `ticks`

    def settle(self) -> None:
        while self.actors == (CHANCE,):
            if self._tick_orders():
                return
            super().settle_one()

    def _tick_orders(self) -> tuple[tuple[int, ...], ...]:
        """The possible seat orders when the game is at a tick-order chance node, else ()."""
        ticks = self.ticks
        if ticks is None or self.actors != (CHANCE,):
            return ()
        outcomes = self.game.chance_outcomes(self.state)
        if ticks.order_seats(outcomes[0][0]) is None:
            return ()
        return tuple(ticks.order_seats(o) or () for o, _ in outcomes)

    def choices(self) -> dict[int, tuple[Any, ...]]:
        """The seats that choose now and their legal actions (each as if it went first)."""
        if self.over:
            return {}
        orders = self._tick_orders()
        if not orders:
            seat = self.actor()
            return {seat: self.game.legal_actions(self.state, seat)}
        out = {}
        outcomes = [o for o, _ in self.game.chance_outcomes(self.state)]
        for seat in sorted(orders[0]):
            first = next(o for o, seats in zip(outcomes, orders, strict=True) if seats[0] == seat)
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
        instead = self.ticks.substitute(action, legal) if self.ticks is not None else None
        return instead if instead in legal else legal[0]
