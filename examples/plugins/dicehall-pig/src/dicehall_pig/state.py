"""Pig's state and actions: immutable values, as the dicehall protocol wants."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Roll:
    """The player rolls the die once more."""


@dataclass(frozen=True, slots=True)
class Hold:
    """The player banks the turn's points and passes the die."""


@dataclass(frozen=True, slots=True)
class Face:
    """A chance outcome: the die shows `value`."""

    value: int


ROLL, HOLD = Roll(), Hold()
PigAction = Roll | Hold | Face


@dataclass(frozen=True, slots=True)
class PigState:
    """`seat` is on turn with `turn_total` points at risk; `rolling` while the die is in the air.

    `decisions` counts rolls and holds (the horizon's clock); `last` is the last face rolled
    (0 before the first roll) and `busted` whether it lost a turn.
    """

    scores: tuple[int, ...]
    seat: int = 0
    turn_total: int = 0
    rolling: bool = False
    decisions: int = 0
    last: int = 0
    busted: bool = False
