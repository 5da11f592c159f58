"""Puru Puru states: frozen dataclasses of ints and tuples."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from dicehall.games.puru.dice import Counts

TRACK_MAX = 20
JELLY_START = 20
PAID_REROLL = 2
"""Rerolls per roll; the last one costs 1 Jelly (rules.md, *A turn*)."""


class Phase(IntEnum):
    DEAL = 0  # chance: characters dealt (Full game)
    ROLL = 1  # chance: the dice not kept are rolled
    CHOOSE = 2  # the roller: resolve or reroll
    KEEP = 3  # the roller: keep or give away the majority
    POWER = 4  # a power's owner makes its choice
    OVER = 5


class Power(IntEnum):
    """A pending power choice (who makes it is `PuruState.chooser`)."""

    NONE = 0
    JELLY_FISH = 1
    GRASS_JELLY = 2
    PURU_PURU = 3
    SPACE_JELLY = 4  # house rule `space_roll=optional`: roll again or not (no `res`)


class Stage(IntEnum):
    """The power checks of one resolution, in the order they are made."""

    JELLY_FISH = 0
    GRASS_JELLY = 1
    PURU_PURU = 2
    DONE = 3


@dataclass(frozen=True, slots=True)
class Resolution:
    """A roll's effects being gathered, applied as a whole at the end (rules.md, *The end*).

    Per seat: `love`/`excite` gained, `drips` taken from dice, `regain` Jelly regained.
    """

    love: tuple[int, ...]
    excite: tuple[int, ...]
    drips: tuple[int, ...]
    regain: tuple[int, ...]
    stage: Stage
    majority: int
    kept: bool | None
    receivers: tuple[int, ...]
    events: tuple[str, ...]
    cursor: int = 0
    """The first seat the current stage still checks: with the house rule `duplicates` two
    seats may hold Grass Jelly or Puru Puru, each checked in seat order."""


@dataclass(frozen=True, slots=True)
class Summary:
    """What the last resolved roll did (for the table and the log)."""

    roller: int
    dice: Counts
    majority: int
    kept: bool | None
    receivers: tuple[int, ...]
    love: tuple[int, ...]
    excite: tuple[int, ...]
    jelly: tuple[int, ...]
    events: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PuruState:
    """The table. `dice` are the counts of the dice on the table (kept dice while rolling);
    `n_dice` how many this roll uses; `rerolls` how many rerolls were taken; `turns` how many
    rolls were resolved."""

    phase: Phase
    roller: int
    love: tuple[int, ...]
    excite: tuple[int, ...]
    jelly: tuple[int, ...]
    dice: Counts
    n_dice: int
    rerolls: int
    characters: tuple[int, ...] = ()
    chooser: int = -1
    power: Power = Power.NONE
    res: Resolution | None = None
    last: Summary | None = None
    turns: int = 0
    """Rolls resolved so far (a Space Jelly extra roll counts as one)."""
