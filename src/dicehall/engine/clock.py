"""Clocks for real-time games: the wall clock in live play, a manual clock in simulation."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since an arbitrary origin; never goes back."""
        ...


class WallClock:
    """Live play: monotonic wall time."""

    def now(self) -> float:
        return time.monotonic()


class ManualClock:
    """Simulation and tests: time moves only when told to (a discrete-event clock)."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance_to(self, when: float) -> None:
        if when < self._now:
            raise ValueError(f"a clock cannot go back ({when} < {self._now})")
        self._now = when
