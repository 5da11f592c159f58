"""The end of a roll (rules.md, *The end*): its effects applied as a whole, the end check,
then the dice passed on.

`finish` does it for any roll. A roll of a game without characters has effects that depend
only on the dice and the roller, so `plain_roll` prepares them once per (dice, roller) and
`finish_plain` applies them with the summary already made, falling back to `finish` when a
track reaches its end.
"""

from __future__ import annotations

from operator import add, sub
from typing import NamedTuple

from dicehall.core.evolve import constructor
from dicehall.core.tuples import adder
from dicehall.games.puru import powers
from dicehall.games.puru.actions import Character
from dicehall.games.puru.dice import MAX_DICE, Counts, pattern
from dicehall.games.puru.state import TRACK_MAX, Phase, Power, PuruState, Resolution, Summary

NO_DICE: Counts = (0, 0, 0, 0)
_ROLL, _OVER, _NO_POWER = Phase.ROLL, Phase.OVER, Power.NONE
_new_state = constructor(PuruState)  # `PuruState(...)`, faster (the hot path)
_new_summary = constructor(Summary)

NextRoll = tuple[tuple[int, int], ...]
"""Per roller: who rolls next and with how many dice, when no power says otherwise."""


class PlainRoll(NamedTuple):
    """A final roll's effects without characters, and its summary when no track ends."""

    res: Resolution
    jelly: tuple[int, ...]
    """Jelly gained per seat (regained less drips)."""
    last: Summary


def plain_roll(
    dice: Counts, roller: int, neighbours: tuple[int, ...], players: int
) -> PlainRoll | None:
    """None for 6 of a kind: the roller keeps or gives the majority (*Resolving: the majority
    face*)."""
    if pattern(dice).all_same:
        return None
    res = powers.distribute(dice, roller, neighbours, players, None, None)
    jelly = tuple(map(sub, res.regain, res.drips))
    summary = _new_summary(
        roller, dice, res.majority, res.kept, res.receivers, res.love, res.excite, jelly,
        res.events,
    )  # fmt: skip
    return PlainRoll(res, jelly, summary)


def finish_plain(
    state: PuruState, dice: Counts, plain: PlainRoll, next_roll: NextRoll
) -> PuruState:
    res, plus = plain.res, adder(len(state.love))
    love = plus(state.love, res.love)
    excite = plus(state.excite, res.excite)
    jelly = plus(state.jelly, plain.jelly)
    if max(love) < TRACK_MAX and max(excite) < TRACK_MAX and min(jelly) > 0:
        # no track at its end, none past it (Jelly never rises here): the dice pass on
        nxt, n_dice = next_roll[state.roller]
        return _new_state(
            _ROLL, nxt, love, excite, jelly, NO_DICE, n_dice, 0, state.characters, -1,
            _NO_POWER, None, plain.last, state.turns + 1,
        )  # fmt: skip
    return finish(state, dice, res, next_roll)


def finish(
    state: PuruState, dice: Counts, res: Resolution, next_roll: NextRoll, space_choice: bool = False
) -> PuruState:
    """Apply a roll's effects as a whole, then check the end (*The end*), then pass the dice.
    `space_choice`: the house rule `space_roll=optional` (Space Jelly chooses his extra roll)."""
    gained_love, gained_excite = res.love, res.excite
    gained_jelly = tuple(map(sub, res.regain, res.drips))
    love = tuple(map(add, state.love, gained_love))
    excite = tuple(map(add, state.excite, gained_excite))
    jelly = tuple(map(add, state.jelly, gained_jelly))
    if (
        max(love) >= TRACK_MAX
        or max(excite) >= TRACK_MAX
        or not 0 < min(jelly) <= max(jelly) <= TRACK_MAX
    ):
        # tracks stop at 20 and Jelly at 0 (*The end*)
        love = tuple(min(TRACK_MAX, t) for t in love)
        excite = tuple(min(TRACK_MAX, t) for t in excite)
        jelly = tuple(max(0, min(TRACK_MAX, t)) for t in jelly)
        gained_love = tuple(map(sub, love, state.love))
        gained_excite = tuple(map(sub, excite, state.excite))
        gained_jelly = tuple(map(sub, jelly, state.jelly))
    r = state.roller
    events = res.events
    again = bool(state.characters) and space_jelly_again(state, dice)
    if again:
        may = "may roll" if space_choice else "rolls"
        events = (*events, f"Space Jelly {may} again with one die fewer")
    last = _new_summary(
        r, dice, res.majority, res.kept, res.receivers, gained_love, gained_excite,
        gained_jelly, events,
    )  # fmt: skip
    if TRACK_MAX in love or TRACK_MAX in excite or 0 in jelly:  # the end check (*The end*)
        return _new_state(
            _OVER, r, love, excite, jelly, dice, state.n_dice, state.rerolls,
            state.characters, -1, _NO_POWER, None, last, state.turns + 1,
        )  # fmt: skip
    if again and space_choice:  # house rule `space_roll=optional`: he chooses (*House rules*)
        return _new_state(
            Phase.POWER, r, love, excite, jelly, dice, state.n_dice, state.rerolls,
            state.characters, r, Power.SPACE_JELLY, None, last, state.turns + 1,
        )  # fmt: skip
    if again:  # Space Jelly (*Full game*): one more roll with one die fewer
        nxt, n_dice = r, state.n_dice - 1
    else:
        nxt, n_dice = next_roll[r]
    return _new_state(
        _ROLL, nxt, love, excite, jelly, NO_DICE, n_dice, 0,
        state.characters, -1, _NO_POWER, None, last, state.turns + 1,
    )  # fmt: skip


def space_jelly_again(state: PuruState, dice: Counts) -> bool:
    """Space Jelly rolls again after six of a kind or a 3-3 split of all 6 dice (*Full game*)."""
    chars = state.characters
    if not chars or chars[state.roller] != Character.SPACE_JELLY:
        return False
    pat = pattern(dice)
    return state.n_dice == MAX_DICE and (pat.all_same or pat.three_three)
