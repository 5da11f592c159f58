"""The state of a Jelly Monster game: an immutable snapshot of the whole table."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from dicehall.core.evolve import changer, evolver
from dicehall.games.jelly.content import Atom, Face

NOBODY = -1
ROUNDS = 4
DICE = 7
PODS = 30
START_JELLY = 2


class Phase(enum.IntEnum):
    SETUP = 0  # chance: district faces are drawn one by one
    PLAY = 1  # the real-time round (or its tick variant)
    SCORING = 2  # the scoring queue waits for a player's choice
    PODS = 3  # chance: Jelly-pod values are rolled one by one
    OVER = 4


class RoundEnd(enum.IntEnum):
    ALL_PLACED = 0  # every player ran out of dice
    TIMER = 1  # the sand timer ran out (TimeUp, or the tick count in tick mode)


@dataclass(frozen=True, slots=True)
class ScoreDistrict:
    """Scoring step: cancel dice, find the controllers, queue the Target reward."""

    district: int
    rerolled: bool = False  # promotional Cannes: its dice were rerolled already


@dataclass(frozen=True, slots=True)
class RerollDie:
    """Chance step (promotional Cannes): die number `index` of `district`'s entrance is rerolled."""

    district: int
    index: int


@dataclass(frozen=True, slots=True)
class ScoreCentre:
    """Scoring step: most dice in the city centre takes a Jelly-pod."""


@dataclass(frozen=True, slots=True)
class Grant:
    """Resolve one reward atom for `seats`, with `district`'s standings.

    `adjacent` is True when the atom came from a neighbour (adjacent rewards never chain).
    """

    atom: Atom
    seats: tuple[int, ...]
    district: int
    adjacent: bool = False


@dataclass(frozen=True, slots=True)
class Debt:
    """`giver` owes `amount` Jelly to each of `owed` (recipients still unpaid, with counts)."""

    giver: int
    owed: tuple[tuple[int, int], ...]  # (recipient, Jelly still owed)


Op = ScoreDistrict | ScoreCentre | Grant | Debt | RerollDie
Die = tuple[int, int]  # (owner seat, value 1..6)


@dataclass(frozen=True, slots=True)
class JellyState:
    phase: Phase
    faces: tuple[int, ...]  # face index per district, in clockwise order (drawn at setup)
    round: int  # 0..3
    targets: tuple[int, ...]  # zone 0..2 of each district's Target marker (0: first zone)
    entrances: tuple[tuple[Die, ...], ...]  # dice on each district entrance, in placement order
    locks: tuple[int, ...]  # per district: the seat whose screen locks it, or NOBODY
    centre: tuple[int, ...]  # per seat: its dice in the city centre
    unplaced: tuple[int, ...]  # per seat: dice not yet placed this round
    rolls: tuple[tuple[int, ...], ...]  # per seat: current roll (sorted), () when none
    rerolls: tuple[int, ...]  # per seat: rolls again (holding a roll) since its last placement
    done: tuple[bool, ...]  # per seat: out of dice and finished (passed or flipped)
    flipped_by: int  # seat that flipped the sand timer this round, or NOBODY
    to_roll: tuple[int, ...]  # seats whose roll is the pending chance node
    tick: int  # tick mode: ticks played this round
    tick_queue: tuple[int, ...]  # tick mode: seats still to act in this tick, in order
    ticks_left: int  # tick mode: ticks left on the sand timer (-1: not flipped)
    jelly: tuple[int, ...]
    pods: tuple[int, ...]
    pod_stack: int
    queue: tuple[Op, ...]  # scoring work still to do
    votes: tuple[int, ...]  # side votes (0 left, 1 right) for an "either" reward in progress
    pod_values: tuple[tuple[int, ...], ...]  # end of game: rolled value of each seat's pods
    round_ends: tuple[RoundEnd, ...]  # how each finished round ended
    round_placed: tuple[int, ...]  # dice placed in each round (all seats)
    waits: tuple[int, ...] = ()  # per seat: times it waited out of dice this round (() = none)

    @property
    def players(self) -> int:
        return len(self.jelly)


evolve: Callable[..., JellyState] = evolver(JellyState)
"""`evolve(state, **changes)`: `dataclasses.replace` for `JellyState`, without its layers."""

# positional copiers (`core.evolve.changer`) of the hot transitions, about half a keyword copy
with_placed = changer(
    JellyState, "entrances", "centre", "targets", "unplaced", "rolls", "rerolls", "to_roll",
    "round_placed",
)  # fmt: skip
"""A die placed (`play._place`)."""
with_roll_asked = changer(JellyState, "rolls", "rerolls", "to_roll")
"""A seat rolls (again): `play._roll`."""
with_rolled = changer(JellyState, "rolls", "to_roll")
"""A roll's chance outcome."""
with_tick_queue = changer(JellyState, "tick_queue")
"""The next seat of a tick, or a tick's order drawn."""


@dataclass(frozen=True, slots=True)
class Table:
    """What the rules functions need to know about the game being played (not the state)."""

    players: int
    districts: int
    tick: bool  # tick mode instead of real time
    faces: tuple[Face, ...]  # the content's faces; a state's `faces` index into it
