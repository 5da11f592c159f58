"""Discrete-event simulation of real-time matches (rounds in which every seat acts at once).

`simulate_realtime` drives an ordinary `Match` on a `ManualClock`: each seat that may act
schedules its next action after a reaction time drawn from its speed profile; the earliest
event happens next (a seat's action, or the engine's timer when its deadline comes first).
The rules code is the same as in live play; only the clock is simulated. Everything is drawn
from seeded generators, so a seed and the profiles give the same game every time.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from dicehall.bots.base import Bot
from dicehall.bots.speed import DECIDE, QUICK, SpeedProfile, profile
from dicehall.core.errors import DicehallError
from dicehall.core.game import Game
from dicehall.engine.clock import ManualClock
from dicehall.engine.match import Match

Speeds = Mapping[int, str | SpeedProfile]


def simulate_realtime(
    game: Game[Any, Any],
    seed: int,
    bots: Mapping[int, Bot],
    speeds: Speeds | None = None,
    max_events: int | None = None,
) -> Match:
    """Play a whole match between bots in simulated real time; returns the finished match.

    `speeds` maps seats to profile names or profiles ("human" for seats not listed).
    """
    missing = [s for s in range(game.num_players) if s not in bots]
    if missing:
        raise DicehallError(f"every seat needs a bot in a simulation; missing {missing}")
    clock = ManualClock()
    match = Match(game, seed, bots=dict(bots), clock=clock)
    sim = _Simulation(match, clock, seed, {s: profile((speeds or {}).get(s)) for s in bots})
    sim.run(max_events if max_events is not None else 4 * game.max_game_length)
    return match


class _Simulation:
    def __init__(self, match: Match, clock: ManualClock, seed: int,
                 speeds: dict[int, SpeedProfile]) -> None:  # fmt: skip
        self.match, self.clock, self.speeds = match, clock, speeds
        self.rngs = {s: random.Random(f"speed/{seed}/{s}") for s in speeds}
        self.due: dict[int, tuple[float, str]] = {}  # seat -> (when, kind of action)

    def run(self, max_events: int) -> None:
        for _ in range(max_events):
            if self.match.is_over:
                return
            self._schedule()
            self._next_event()
        raise DicehallError("the simulation did not finish within its event budget")

    def _schedule(self) -> None:
        """Forget seats that stopped acting; give newly acting seats a reaction time."""
        actors = self.match.actors()
        for seat in [s for s in self.due if s not in actors]:
            del self.due[seat]
        for seat in actors:
            if seat not in self.due and seat >= 0:
                self._react(seat, self._kind(seat))

    def _kind(self, seat: int) -> str:
        return QUICK if len(self.match.legal_actions(seat)) == 1 else DECIDE

    def _react(self, seat: int, kind: str) -> None:
        delay = self.speeds[seat].sample(self.rngs[seat], kind)
        self.due[seat] = (self.clock.now() + delay, kind)

    def _next_event(self) -> None:
        deadline = self.match.timer_deadline()
        if not self.due and deadline is None:
            raise DicehallError("nobody can act and no timer is running")
        seat, (when, kind) = min(
            self.due.items(), key=lambda item: (item[1][0], item[0]), default=(-1, (0.0, ""))
        )
        if deadline is not None and (seat < 0 or deadline <= when):
            self.clock.advance_to(max(deadline, self.clock.now()))
            self.match.fire_due_timers()
            self.due.clear()  # the timer ended a phase: everyone looks again
            return
        self.clock.advance_to(when)
        legal = self.match.legal_actions(seat)
        now_kind = QUICK if len(legal) == 1 else DECIDE
        if now_kind != kind:
            self._react(seat, now_kind)  # a new situation (e.g. a new round): react to it first
            return
        del self.due[seat]
        if len(legal) == 1:
            self.match.submit(seat, legal[0])  # a forced move (a roll): any bot would take it
        else:
            self.match.play_bot(seat)
