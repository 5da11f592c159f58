"""`Match`: the authoritative runner of one game between seats.

It holds the rules object, the current state, the match seed (never shown to players or
bots), the action log and a version counter. Every caller (CLI, web server, simulations,
tests) goes through `submit`, so they all enforce the same checks in the same order.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dicehall.bots.base import Bot
from dicehall.core import chance
from dicehall.core.errors import DicehallError, IllegalActionError
from dicehall.core.game import Game
from dicehall.core.seeding import bot_rng, bot_seed, chance_rng
from dicehall.core.types import CHANCE, ENGINE, Result, Seat, View
from dicehall.engine.clock import Clock


class MatchOverError(DicehallError):
    """The match has ended; no more actions are taken."""


class StaleVersionError(DicehallError):
    """The action was chosen against an older version of the match."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One applied action: who took it, its wire form and, in real time, when."""

    seat: Seat
    action: dict[str, Any]
    t: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "action": self.action}
        if self.t is not None:
            out["t"] = self.t
        return out


@dataclass(frozen=True, slots=True)
class Event:
    """What the table is told after an action: the log entry, its text (as the viewer asked
    for may read it; the spectators' by default) and the new version."""

    index: int
    seat: Seat
    action: dict[str, Any]
    text: str
    version: int


@dataclass(slots=True)
class _Timer:
    key: str
    deadline: float
    action: Any


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A match as it was: `Match.rollback` puts it back (e.g. when saving a move failed)."""

    state: Any
    version: int
    log_length: int
    timer: _Timer | None
    held: bool = False


@dataclass
class Match:
    """One match. `bots` maps seats to bots; other seats are people."""

    game: Game[Any, Any]
    seed: int
    bots: dict[Seat, Bot] = field(default_factory=dict)
    clock: Clock | None = None
    state: Any = None
    version: int = 0
    log: list[LogEntry] = field(default_factory=list)
    _timer: _Timer | None = None
    _t0: float = 0.0
    pause: Callable[[Any, Any], bool] | None = None
    """Where the match holds (a front end's pause, e.g. a round's summary): called with the
    states before and after each action; True holds the match (nobody acts, no chance is
    resolved, no timer runs) until `release`."""
    held: bool = False

    def __post_init__(self) -> None:
        if self.seed < 0:
            raise DicehallError("a match seed must be >= 0")
        if self.state is None:
            self.state = self.game.initial_state()
        if self.clock is not None:
            self._t0 = self.clock.now()
        self._settle()

    # --- queries --------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.game.is_terminal(self.state)

    def result(self) -> Result | None:
        return self.game.result(self.state) if self.is_over else None

    def actors(self) -> tuple[Seat, ...]:
        return () if self.held else self.game.actors(self.state)

    def legal_actions(self, seat: Seat) -> tuple[Any, ...]:
        if seat not in self.actors():
            return ()
        return self.game.legal_actions(self.state, seat)

    def view(self, seat: Seat | None) -> View:
        return self.game.observe(self.state, seat)

    def bots_to_act(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.actors() if s in self.bots)

    def timer_deadline(self) -> float | None:
        return self._timer.deadline if self._timer else None

    # --- acting ---------------------------------------------------------------------
    def submit(self, seat: Seat, action: Any, version: int | None = None) -> list[Event]:
        """Apply `seat`'s action after the checks, in order: over, turn, legality, version.

        Returns the events this caused (the action, then any chance resolved after it).
        """
        start = len(self.log)
        self.play(seat, action, version)
        return self.events_since(start)

    def play(self, seat: Seat, action: Any, version: int | None = None) -> None:
        """`submit` without the events' texts (a server that writes its log its own way)."""
        if self.is_over:
            raise MatchOverError("the match is over")
        if seat not in self.actors():
            raise IllegalActionError(f"seat {seat} may not act now", seat=seat, action=action)
        if action not in self.game.legal_actions(self.state, seat):
            # let the rules say why in their own words
            self.game.apply(self.state, seat, action)
            raise IllegalActionError("that action is not legal now", seat=seat, action=action)
        if version is not None and version != self.version:
            raise StaleVersionError(
                f"the action was chosen at version {version}; the match is at {self.version}"
            )
        self._apply(seat, action)
        self._settle()

    def bot_inputs(self, seat: Seat) -> tuple[Bot, View, tuple[Any, ...], random.Random]:
        """What the bot at `seat` decides from: itself, its view, its legal actions, its rng.

        A server may run `bot.act(view, legal, rng)` in a worker thread, then `submit`.
        """
        rng = bot_rng(self.seed, seat, len(self.log))
        return self.bots[seat], self.view(seat), self.legal_actions(seat), rng

    def bot_seed(self, seat: Seat) -> str:
        """The text the rng of `bot_inputs(seat)` is seeded with (`random.Random(text)`)."""
        return bot_seed(self.seed, seat, len(self.log))

    def play_bot(self, seat: Seat) -> list[Event]:
        """Let the bot at `seat` choose and submit one action."""
        bot, view, legal, rng = self.bot_inputs(seat)
        return self.submit(seat, bot.act(view, legal, rng))

    def run_bots(self, max_steps: int | None = None) -> list[Event]:
        """Play bots (lowest seat first) until a person must act or the match ends."""
        events: list[Event] = []
        steps = 0
        while not self.is_over and (max_steps is None or steps < max_steps):
            waiting = self.bots_to_act()
            if not waiting:
                break
            events += self.play_bot(waiting[0])
            steps += 1
        return events

    def fire_due_timers(self) -> list[Event]:
        """Issue an engine action whose clock deadline has passed (real-time games)."""
        if self.clock is None or self._timer is None or self.is_over:
            return []
        if self.clock.now() < self._timer.deadline:
            return []
        start = len(self.log)
        action = self._timer.action
        self._timer = None
        self._apply(ENGINE, action)
        self._settle()
        return self.events_since(start)

    def release(self) -> list[Event]:
        """End a hold (`pause`): resolve the chance it held back and arm the timers."""
        start = len(self.log)
        self.held = False
        self._settle()
        return self.events_since(start)

    def events_since(self, start: int, viewer: Seat | None = None) -> list[Event]:
        """The log from `start` on, each text as `viewer` may read it (`Game.describe`)."""
        out = []
        for i in range(start, len(self.log)):
            entry = self.log[i]
            text = self.game.describe(self.game.action_from_json(entry.action), viewer)
            out.append(Event(i, entry.seat, entry.action, text, i + 1))
        return out

    # --- undo for callers that must save before a move counts ----------------------
    def checkpoint(self) -> Checkpoint:
        """The match as it is now, to `rollback` to if what follows cannot be kept."""
        return Checkpoint(self.state, self.version, len(self.log), self._timer, self.held)

    def rollback(self, checkpoint: Checkpoint) -> None:
        """Put the match back as it was at `checkpoint`: state, version, log and timer."""
        self.state, self.version = checkpoint.state, checkpoint.version
        self._timer, self.held = checkpoint.timer, checkpoint.held
        del self.log[checkpoint.log_length :]

    # --- internals ------------------------------------------------------------------
    def _apply(self, seat: Seat, action: Any) -> None:
        # everything is computed first, so an interrupt cannot split state from log
        state = self.game.apply(self.state, seat, action)
        t = None if self.clock is None else round(self.clock.now() - self._t0, 3)
        entry = LogEntry(seat, self.game.action_to_json(action), t)
        held = self.pause is not None and self.pause(self.state, state)
        self.state, self.version = state, self.version + 1
        self.log.append(entry)
        self.held = self.held or held

    def _settle(self) -> None:
        """Resolve chance nodes with the match seed and arm any timer the rules request."""
        while not self.held and not self.is_over and self.game.actors(self.state) == (CHANCE,):
            rng = chance_rng(self.seed, len(self.log))
            self._apply(CHANCE, chance.sample(self.game, self.state, rng))
        self._arm_timer()

    def _arm_timer(self) -> None:
        request = None if self.held else self.game.timer(self.state)
        if request is None:
            self._timer = None
        elif self._timer is None or self._timer.key != request.key:
            if self.clock is None:
                raise DicehallError(f"{self.game.id} needs a clock for its timers")
            self._timer = _Timer(request.key, self.clock.now() + request.seconds, request.action)
