"""Who receives which dice, and the Full-game powers (rules.md, *Resolving: the majority face*
and *Full game: characters and powers*).

These are pure helpers over a `Resolution`: the rules module decides when a power's owner
must choose, these functions say what each choice does.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from dicehall.core.evolve import replace
from dicehall.core.tuples import add_at
from dicehall.games.puru.actions import Character, Track
from dicehall.games.puru.dice import NO_MAJORITY, Counts, counts_text, pattern
from dicehall.games.puru.state import Resolution, Stage

THRESHOLD_PURU = 3  # Puru Puru copies a neighbour's gain of 3+ (*Full game*)
GRASS_MIN_DRIPS = 2  # Grass Jelly may ignore a drip when a roll drips her 2+
JELLY_FISH_GAIN = 2


@lru_cache(maxsize=4096)  # a few rolls per seat and character: immutable results, shared
def distribute(
    dice: Counts,
    roller: int,
    neighbours: tuple[int, ...],
    players: int,
    kept: bool | None,
    character: int | None,
) -> Resolution:
    """The dice effects of one final roll; `kept` is the roller's keep/give choice, if any."""
    love, excite, drips = [0] * players, [0] * players, [0] * players
    regain = [0] * players

    def give(seat: int, c: Sequence[int]) -> None:
        love[seat] += c[0]
        excite[seat] += c[1]
        drips[seat] += c[2] + c[3]

    pat = pattern(dice)
    receivers: tuple[int, ...] = ()
    events: list[str] = []
    if pat.majority == NO_MAJORITY:
        give(roller, dice)  # no majority: the roller receives every die
    else:
        major = tuple(n if f == pat.majority else 0 for f, n in enumerate(dice))
        rest = tuple(n - m for n, m in zip(dice, major, strict=True))
        if kept:
            give(roller, major)  # 6 of a kind kept, or Fruit Jelly keeps 5+
            others = tuple(s for s in range(players) if s != roller)
            if any(rest):
                receivers = others
                for seat in others:
                    give(seat, rest)  # Fruit Jelly: every other player gets the remaining die
        else:
            receivers = neighbours
            for seat in neighbours:
                give(seat, major)  # each neighbour receives the whole majority
            give(roller, rest)
        if kept is not None:
            events.append("kept the majority" if kept else "gave the majority away")
    if character == Character.RAINBOW_JELLY and pat.all_four:
        love[roller] += 1  # Rainbow Jelly: all 4 faces give +1 Love, +1 Excitement, +1 Jelly
        excite[roller] += 1
        regain[roller] += 1
        events.append("Rainbow Jelly: all four faces, +1 Love, +1 Excitement, +1 Jelly")
    return Resolution(
        love=tuple(love),
        excite=tuple(excite),
        drips=tuple(drips),
        regain=tuple(regain),
        stage=Stage.JELLY_FISH,
        majority=pat.majority,
        kept=kept,
        receivers=receivers,
        events=tuple(events),
    )


def auto_puray(dice: Counts, players: int) -> Resolution:
    """AutoPuray's roll (rules.md, *Solo*): Heart and Star feed seat 1, Crying and Angry drip
    seat 0."""
    love, excite, drips = [0] * players, [0] * players, [0] * players
    love[1], excite[1], drips[0] = dice[0], dice[1], dice[2] + dice[3]
    return Resolution(
        love=tuple(love),
        excite=tuple(excite),
        drips=tuple(drips),
        regain=(0,) * players,
        stage=Stage.DONE,
        majority=NO_MAJORITY,
        kept=None,
        receivers=(),
        events=(f"AutoPuray rolled {counts_text(dice)}",),
    )


def gain(res: Resolution, seat: int, track: Track, amount: int, event: str) -> Resolution:
    """Add a power's gain (the caller moves on to the next power check)."""
    if track is Track.LOVE:
        res = replace(res, love=add_at(res.love, seat, amount))
    else:
        res = replace(res, excite=add_at(res.excite, seat, amount))
    return replace(res, events=(*res.events, event))


def checked(res: Resolution, seat: int) -> Resolution:
    """`seat`'s power of the current stage is settled: the stage goes on after it."""
    return replace(res, cursor=seat + 1)


def next_stage(res: Resolution) -> Resolution:
    return replace(res, stage=Stage(res.stage + 1), cursor=0)


def ignore_drip(res: Resolution, seat: int, track: Track) -> Resolution:
    """Grass Jelly turns one drip of this roll into 1 Love or 1 Excitement."""
    res = replace(res, drips=add_at(res.drips, seat, -1))
    return gain(res, seat, track, 1, f"Grass Jelly ignored a drip for 1 {track.label}")


def jelly_fish_triggers(res: Resolution, roller: int, neighbours: tuple[int, ...]) -> bool:
    """Jelly Fish: his roll made a neighbour drip (checked before other powers change drips)."""
    return any(res.drips[n] > 0 for n in neighbours)


def grass_jelly_triggers(res: Resolution, seat: int) -> bool:
    return res.drips[seat] >= GRASS_MIN_DRIPS


def puru_puru_tracks(
    res: Resolution, neighbours: tuple[int, ...], total: bool = False
) -> tuple[Track, ...]:
    """The tracks Puru Puru may copy: "If your neighbour(s) gain 3 or more Love or Excitement
    from any roll excluding yours, copy 1 of the type(s) that they received."

    By default the tracks on which a neighbour gained 3+ in this roll. With the house rule
    `puru_copy=total` (rules.md, *House rules*) a neighbour who gained 3+ Love and Excitement
    together qualifies, and she copies a type that neighbour received.
    """
    if total:
        qualify = [n for n in neighbours if res.love[n] + res.excite[n] >= THRESHOLD_PURU]
        love = any(res.love[n] > 0 for n in qualify)
        excite = any(res.excite[n] > 0 for n in qualify)
    else:
        love = any(res.love[n] >= THRESHOLD_PURU for n in neighbours)
        excite = any(res.excite[n] >= THRESHOLD_PURU for n in neighbours)
    return (Track.LOVE,) * love + (Track.EXCITEMENT,) * excite
