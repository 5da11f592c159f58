"""Jelly Monster actions: player actions (with integer ids), the engine's TimeUp, chance outcomes.

Districts are lettered A, B, C... clockwise from the Drone's district; zones count 1..3 from
the entrance in text (0..2 in data).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from dicehall.core import ActionCodec, ActionIndex


def letter(district: int) -> str:
    """A, B, C...; a number that is no district stays a number (in error messages)."""
    return chr(ord("A") + district) if 0 <= district < 26 else f"#{district}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Roll all your unplaced dice again (every seat's dice are rolled when a round starts).

    Records saved before this class was renamed call it `Roll`: they still load.
    """

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Place:
    """Place a die of your roll on a district entrance, without using its effect."""

    value: int
    district: int

    def __str__(self) -> str:
        return f"place {self.value} on {letter(self.district)}"


@dataclass(frozen=True, slots=True)
class PlaceRemove:
    """Place a 1 or 2 and send another die of that entrance (owner, value) to the city centre."""

    value: int
    district: int
    owner: int
    target: int

    def __str__(self) -> str:
        return (
            f"place {self.value} on {letter(self.district)}, "
            f"sending seat {self.owner}'s {self.target} to the centre"
        )


@dataclass(frozen=True, slots=True)
class PlaceMove:
    """Place a 3 or 4 and move that district's Target marker to the adjacent zone `zone`."""

    value: int
    district: int
    zone: int

    def __str__(self) -> str:
        return f"place {self.value} on {letter(self.district)}, target to zone {self.zone + 1}"


@dataclass(frozen=True, slots=True)
class Lock:
    """Out of dice: lock a district entrance with your screen until the next round."""

    district: int

    def __str__(self) -> str:
        return f"lock {letter(self.district)}"


@dataclass(frozen=True, slots=True)
class FlipTimer:
    """Out of dice: flip the sand timer (once per round, by anyone)."""

    def __str__(self) -> str:
        return "flip the sand timer"


@dataclass(frozen=True, slots=True)
class Pass:
    """Out of dice: neither lock nor flip any more this round."""

    def __str__(self) -> str:
        return "done for the round"


@dataclass(frozen=True, slots=True)
class Wait:
    """Out of dice: not now; keep the lock and the timer flip in hand for later this round."""

    def __str__(self) -> str:
        return "wait (keep the lock and flip for later)"


@dataclass(frozen=True, slots=True)
class ChooseSide:
    """An "either" adjacent reward: vote for the left or right neighbour."""

    side: str

    def __str__(self) -> str:
        return f"choose the {self.side} neighbour"


@dataclass(frozen=True, slots=True)
class GiveJelly:
    """Short of Jelly while paying: give your next Jelly to seat `to`."""

    to: int

    def __str__(self) -> str:
        return f"give 1 Jelly to seat {self.to}"


@dataclass(frozen=True, slots=True)
class TimeUp:
    """Engine action: the sand timer ran out."""

    def __str__(self) -> str:
        return "time is up"


@dataclass(frozen=True, slots=True)
class DrawFace:
    """Chance: the next district (clockwise) gets face number `face` of the content."""

    face: int

    def __str__(self) -> str:
        return f"district face #{self.face}"


@dataclass(frozen=True, slots=True)
class RollDice:
    """Chance: `seat` rolls `values` (sorted)."""

    seat: int
    values: tuple[int, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} rolls {' '.join(map(str, self.values))}"


@dataclass(frozen=True, slots=True)
class PodValue:
    """Chance: one of `seat`'s Jelly-pods is worth `value`."""

    seat: int
    value: int

    def __str__(self) -> str:
        return f"a Jelly-pod of seat {self.seat} holds {self.value}"


@dataclass(frozen=True, slots=True)
class DieValue:
    """Chance, promotional Cannes: a die on `district`'s entrance is rerolled to `value`."""

    district: int
    index: int
    value: int

    def __str__(self) -> str:
        return f"a die on {letter(self.district)} is rerolled: {self.value}"


@dataclass(frozen=True, slots=True)
class TickOrder:
    """Chance, tick mode: the order in which the seats act this tick."""

    seats: tuple[int, ...]

    def __str__(self) -> str:
        return "tick order: " + " ".join(f"seat {p}" for p in self.seats)


PlayerAction = (
    Reroll
    | Place
    | PlaceRemove
    | PlaceMove
    | Lock
    | FlipTimer
    | Pass
    | ChooseSide
    | GiveJelly
    | Wait
)
JellyAction: TypeAlias = (
    PlayerAction | TimeUp | DrawFace | RollDice | PodValue | TickOrder | DieValue
)
"""Every action of the game: the players', the engine's (the sand timer) and chance outcomes."""
CODEC = ActionCodec(
    Reroll, Place, PlaceRemove, PlaceMove, Lock, FlipTimer, Pass, ChooseSide, GiveJelly, Wait,
    TimeUp, DrawFace, RollDice, PodValue, TickOrder, DieValue,
    renamed={"Roll": Reroll},  # records saved before the rename
)  # fmt: skip


def build_index(players: int, districts: int) -> ActionIndex:
    """Every player action of a table of `players` with `districts` districts, in id order."""
    actions: list[object] = [Reroll()]
    for d in range(districts):
        actions += [Place(v, d) for v in range(1, 7)]
        for v in (1, 2):
            actions += [PlaceRemove(v, d, o, t) for o in range(players) for t in range(1, 7)]
        actions += [PlaceMove(v, d, z) for v in (3, 4) for z in range(3)]
    actions += [Lock(d) for d in range(districts)]
    actions += [FlipTimer(), Pass(), ChooseSide("left"), ChooseSide("right")]
    actions += [GiveJelly(s) for s in range(players)]
    actions += [Wait()]
    return ActionIndex(actions)
