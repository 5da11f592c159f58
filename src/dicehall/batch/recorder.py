"""Every game's trajectory in a batch: its player actions and chance codes, in order.

`Recorder` keeps the batch's events as arrays (cheap while stepping) and turns them into one
`Trajectory` per finished game on demand, for the differential tests and `dicehall fuzz
--batch` to replay through the rules engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

ACTION, CHANCE = 0, 1
STARTING, ENDED = -2, -1


@dataclass(frozen=True, slots=True)
class Trajectory:
    """One finished game: `events` as `(ACTION, seat, action id)` or `(CHANCE, -1, code)`,
    its final `scores` and `winners` (seats); `slot` is its place in the batch and `ordinal`
    how many games that slot finished before it while recorded."""

    events: tuple[tuple[int, int, int], ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    slot: int
    ordinal: int
    ended: bool = True
    """False for a game still running (`Recorder.first_games`)."""

    @property
    def length(self) -> int:
        """Player actions in the game."""
        return sum(1 for kind, _, _ in self.events if kind == ACTION)


class Recorder:
    """The events of a batch of `size` games, turned into trajectories by `finished()`."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._log: list[tuple[int, Any, Any, Any]] = []

    def actions(self, seats: np.ndarray, actions: np.ndarray) -> None:
        self._log.append((ACTION, None, seats.copy(), actions.copy()))

    def chance(self, idx: np.ndarray, codes: np.ndarray) -> None:
        self._log.append((CHANCE, idx.copy(), None, np.asarray(codes).copy()))

    def end(self, idx: np.ndarray, scores: np.ndarray, winners: np.ndarray) -> None:
        self._log.append((ENDED, idx.copy(), winners.copy(), np.asarray(scores, dtype=float)))

    def finished(self) -> list[Trajectory]:
        """The games that ended after starting while recorded (`reset` after `record`), in the
        order they ended."""
        running: list[list[tuple[int, int, int]] | None] = [None] * self.size
        ordinals = [0] * self.size
        done: list[Trajectory] = []
        for kind, idx, seats, values in self._log:
            if kind == ACTION:
                pairs = zip(seats.tolist(), values.tolist(), strict=True)
                for i, (seat, action) in enumerate(pairs):
                    events = running[i]
                    if events is not None:
                        events.append((ACTION, seat, action))
            elif kind == CHANCE:
                for i, code in zip(idx.tolist(), values.tolist(), strict=True):
                    events = running[i]
                    if events is not None:
                        events.append((CHANCE, -1, code))
            elif kind == STARTING:
                running = [[] for _ in range(self.size)]
            else:
                rows = zip(idx.tolist(), values.tolist(), seats.tolist(), strict=True)
                for i, scores, won in rows:
                    events = running[i]
                    if events is not None:
                        winners = tuple(s for s, w in enumerate(won) if w)
                        made = Trajectory(tuple(events), tuple(scores), winners, i, ordinals[i])
                        done.append(made)
                        ordinals[i] += 1
                    running[i] = []
        return done

    def first_games(self) -> list[Trajectory]:
        """Each slot's first game since the last start (`reset` or `load`): its events up to
        its end, with its scores and winners, or, for a game still running, the events so far
        with empty `scores` (`Trajectory.ended` False)."""
        events: list[list[tuple[int, int, int]]] = [[] for _ in range(self.size)]
        ended: dict[int, tuple[tuple[float, ...], tuple[int, ...]]] = {}
        for kind, idx, seats, values in self._log:
            if kind == STARTING:
                events, ended = [[] for _ in range(self.size)], {}
            elif kind == ACTION:
                for i, (seat, action) in enumerate(
                    zip(seats.tolist(), values.tolist(), strict=True)
                ):
                    if i not in ended:
                        events[i].append((ACTION, seat, action))
            elif kind == CHANCE:
                for i, code in zip(idx.tolist(), values.tolist(), strict=True):
                    if i not in ended:
                        events[i].append((CHANCE, -1, code))
            else:
                rows = zip(idx.tolist(), values.tolist(), seats.tolist(), strict=True)
                for i, scores, won in rows:
                    if i not in ended:
                        ended[i] = (tuple(scores), tuple(s for s, w in enumerate(won) if w))
        return [
            Trajectory(tuple(e), *ended.get(i, ((), ())), slot=i, ordinal=0, ended=i in ended)
            for i, e in enumerate(events)
        ]

    def starting(self) -> None:
        """Mark that every game starts now (after `reset` or `load`): their trajectories are
        whole from here."""
        self._log.append((STARTING, None, None, None))
