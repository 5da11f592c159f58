"""Purrramid greedy bot: the way a casual player plays.

It places dice so that the turn stays connected and supported whenever it can (preferring a
bonus, then more tiles, then using fewer dice), continues while three or more dice are left,
stops with two or fewer, and spends wool only to save a roll that would bust. It reads
everything from the view. Its knob `stop` (`greedy:stop=3`) sets where it stops: once that
many dice or fewer are left (and the stop is safe).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dicehall.core.parts import BotKnobs, Knob
from dicehall.core.types import View
from dicehall.games.purrramid.actions import BUST, CONTINUE, SPEND_WOOL, STOP, Place
from dicehall.games.purrramid.board import connected, is_supported
from dicehall.games.purrramid.view_read import Geometry, Turn, geometry, read_turn

CONTINUE_FROM = 3  # continue while at least this many dice are left
STOP_AT = Knob(
    "stop",
    "stop once this many dice or fewer are left, where stopping is safe; default 2",
    default=CONTINUE_FROM - 1,
    low=0,
    high=5,  # a turn has 5 dice: 5 stops whenever it is safe, as 4 does
)
KNOBS: BotKnobs = {"greedy": (STOP_AT,)}
"""The knobs of Purrramid's bots (`GameParts.knobs`)."""


def stop_ok(geo: Geometry, tiles: int, dice: int) -> bool:
    """Whether Stop would succeed with this turn's dice on `dice` (connected and supported)."""
    joined = connected(dice, geo.adjacent, geo.each_adjacent)
    return joined and is_supported(dice, tiles | dice, geo.below)


def placement_key(geo: Geometry, turn: Turn, action: Place) -> tuple[int, ...]:
    """How good a placement looks to a casual player (bigger is better)."""
    s, used = action.space, len(action.dice)
    dice = turn.dice | 1 << s
    left = turn.left - used
    ok = stop_ok(geo, turn.tiles, dice)
    rows = {geo.row[i] for i in range(len(geo.row)) if dice >> i & 1}
    bonus = ok and turn.start > 1 and (left == 0 or len(rows) >= 3)
    touches = turn.dice == 0 or bool(geo.adjacent[s] & turn.dice)
    return (
        int(ok),
        int(bonus),
        int(touches),
        geo.cost[s],
        -used,
        int(bool(turn.wool >> s & 1)),
        -geo.row[s],
        -s,
    )


class GreedyBot:
    """A casual player's heuristic for Purrramid."""

    level = "greedy"

    def __init__(self, game: Any = None, seat: int = 0, stop: int = STOP_AT.default) -> None:
        self.seat, self.stop = seat, stop
        board = getattr(game, "board", None)
        self._each_adjacent = bool(getattr(board, "each_adjacent", False))
        self._geo: tuple[tuple[Any, ...], Geometry] | None = None

    def geo(self, view: View) -> Geometry:
        """The board geometry, read once per board (a bot may be reused across games)."""
        key = (view["board"], *(s["number"] for s in view["spaces"]))
        if self._geo is None or self._geo[0] != key:
            self._geo = (key, geometry(view, self._each_adjacent))
        return self._geo[1]

    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if CONTINUE in legal_actions:
            return self.decide(view)
        if BUST in legal_actions:
            return SPEND_WOOL  # no placement fits: reroll rather than bust
        return self.place(view, legal_actions)

    def decide(self, view: View) -> Any:
        turn = view["turn"]
        if not turn["stop_ok"] or turn["left"] > self.stop:
            return CONTINUE
        return STOP

    def place(self, view: View, legal_actions: Sequence[Any]) -> Any:
        geo, turn = self.geo(view), read_turn(view)
        places = [a for a in legal_actions if isinstance(a, Place)]
        best = max(places, key=lambda a: placement_key(geo, turn, a))
        last_dice = len(best.dice) == turn.left
        if SPEND_WOOL in legal_actions and last_dice and not placement_key(geo, turn, best)[0]:
            return SPEND_WOOL  # the only placements would end the turn in a bust
        return best
