"""Puru Puru actions and chance outcomes: small frozen dataclasses with readable `str()`."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TypeAlias

from dicehall.core.actions import ActionCodec, ActionIndex
from dicehall.games.puru.dice import (
    KEPT,
    MAX_DICE,
    Counts,
    Face,
    counts_of,
    counts_text,
    multisets,
)


class Track(IntEnum):
    """A track a power lets its player choose."""

    LOVE = 0
    EXCITEMENT = 1

    @property
    def label(self) -> str:
        return "Love" if self is Track.LOVE else "Excitement"


class Character(IntEnum):
    """The six Full-game characters (rules.md, *Full game: characters and powers*)."""

    PURU_PURU = 0
    SPACE_JELLY = 1
    JELLY_FISH = 2
    FRUIT_JELLY = 3
    GRASS_JELLY = 4
    RAINBOW_JELLY = 5

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").title()


# --- chance outcomes -------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Roll:
    """The faces the rolled dice show, as a sorted multiset."""

    faces: tuple[Face, ...]

    def __str__(self) -> str:
        return f"rolled {counts_text(counts_of(self.faces))}"


@dataclass(frozen=True, slots=True)
class Deal:
    """The characters dealt to the seats, in seat order (Full game)."""

    characters: tuple[Character, ...]

    def __str__(self) -> str:
        return "dealt " + ", ".join(c.label for c in self.characters)


# --- player actions --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Resolve:
    def __str__(self) -> str:
        return "resolve the dice"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Reroll this many dice of each face (the rest are kept)."""

    heart: int = 0
    star: int = 0
    crying: int = 0
    angry: int = 0

    @property
    def counts(self) -> tuple[int, int, int, int]:
        return (self.heart, self.star, self.crying, self.angry)

    def __str__(self) -> str:
        return f"reroll {counts_text(self.counts)}"


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep the majority dice yourself (6 of a kind; Fruit Jelly's 5 of a kind)."""

    def __str__(self) -> str:
        return "keep the majority"


@dataclass(frozen=True, slots=True)
class GiveAway:
    def __str__(self) -> str:
        return "give the majority away"


@dataclass(frozen=True, slots=True)
class Choose:
    """Take a power's gain on this track (Jelly Fish, Puru Puru)."""

    track: Track

    def __str__(self) -> str:
        return f"choose {self.track.label}"


@dataclass(frozen=True, slots=True)
class IgnoreDrip:
    """Grass Jelly: ignore 1 drip and gain 1 on this track instead."""

    track: Track

    def __str__(self) -> str:
        return f"ignore 1 drip, gain 1 {self.track.label}"


@dataclass(frozen=True, slots=True)
class Decline:
    """Grass Jelly: take every drip."""

    def __str__(self) -> str:
        return "take the drips"


@dataclass(frozen=True, slots=True)
class SpaceRoll:
    """Space Jelly, under the house rule `space_roll=optional`: take the extra roll or not."""

    again: bool

    def __str__(self) -> str:
        return "roll again with one die fewer" if self.again else "pass the dice on"


PuruAction: TypeAlias = (
    Roll | Deal | Resolve | Reroll | Keep | GiveAway | Choose | IgnoreDrip | Decline | SpaceRoll
)

RESOLVE = Resolve()
KEEP = Keep()
GIVE_AWAY = GiveAway()
DECLINE = Decline()
CHOOSE = (Choose(Track.LOVE), Choose(Track.EXCITEMENT))
IGNORE = (IgnoreDrip(Track.LOVE), IgnoreDrip(Track.EXCITEMENT))


def _all_rerolls() -> list[Reroll]:
    return [Reroll(*c) for n in range(1, MAX_DICE + 1) for c in multisets(n)]


_REROLL_LIST = _all_rerolls()
INDEX = ActionIndex([RESOLVE, KEEP, GIVE_AWAY, *CHOOSE, *IGNORE, DECLINE, *_REROLL_LIST])
SPACE_CHOICES = (SpaceRoll(True), SpaceRoll(False))
INDEX_SPACE_CHOICE = ActionIndex([*INDEX.actions, *SPACE_CHOICES])
"""The actions of a game with the house rule `space_roll=optional`: `INDEX`'s, same ids, and
Space Jelly's choice after them (other games keep `INDEX`'s action space)."""
REROLLS = {r.counts: r for r in _REROLL_LIST}
"""Every reroll by its counts: the index's own objects, which legal actions hand out."""


def _kept_by_reroll() -> dict[int, dict[Counts, Counts]]:
    by_part: dict[Counts, dict[Counts, Counts]] = {}
    for (dice, part), kept in KEPT.items():
        by_part.setdefault(part, {})[dice] = kept
    return {id(REROLLS[part]): found for part, found in by_part.items()}


KEPT_BY_REROLL = _kept_by_reroll()
"""By the identity of the index's own rerolls (they live as long as the module), found without
hashing: dice shown -> dice kept."""
CODEC = ActionCodec(
    Roll, Deal, Resolve, Reroll, Keep, GiveAway, Choose, IgnoreDrip, Decline, SpaceRoll
)
