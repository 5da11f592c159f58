"""The round in play: rolling, placing with die effects, locking, the sand timer, ticks.

Rulebook, "Playing a Round": roll your unplaced dice, place one of them on an unlocked
district entrance (optionally using its effect) or place none and roll again; after your last
die you may lock one entrance, then flip the sand timer if no one has this round.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Any

from dicehall.core import Distribution, uniform
from dicehall.core.tuples import replace_at
from dicehall.games.jelly.actions import (
    FlipTimer,
    Lock,
    Pass,
    Place,
    PlaceMove,
    PlaceRemove,
    Reroll,
    TickOrder,
    Wait,
    letter,
)
from dicehall.games.jelly.scoring import end_round
from dicehall.games.jelly.state import (
    NOBODY,
    Die,
    JellyState,
    Phase,
    RoundEnd,
    Table,
    with_placed,
    with_roll_asked,
    with_tick_queue,
)
from dicehall.games.jelly.state import evolve as replace

# enum members as module constants: reading one from its class is slow (Python 3.11)
_PLAY = Phase.PLAY
_ROUNDEND_ALL_PLACED = RoundEnd.ALL_PLACED
_ROUNDEND_TIMER = RoundEnd.TIMER

Placing = Place | PlaceRemove | PlaceMove
MAX_ROLLS_WITHOUT_PLACING = 20
"""Digital safeguard (rules.md, *A round*): a seat rolls at most 20 times without placing a die
in between (since its last placement, or the round's start), which keeps every game finite."""
MAX_REROLLS = MAX_ROLLS_WITHOUT_PLACING - 1
"""Of those, the rolls again while holding a roll (`JellyState.rerolls` counts them)."""
MAX_WAITS = 30
"""Digital safeguard (rules.md, *A round*): times a seat out of dice may wait in one round."""
TICKS_AFTER_FLIP = 3
"""Tick mode: full ticks played after the tick in which the sand timer is flipped."""
ROLL = Reroll()
_PASS = Pass()
_FLIP = FlipTimer()
_WAIT = Wait()


def can_act(s: JellyState, p: int) -> bool:
    """Dice left, or out of dice with a lock or the timer flip still to decide."""
    if s.unplaced[p]:
        return True
    return not s.done[p] and (p not in s.locks or s.flipped_by == NOBODY)


@lru_cache(maxsize=4096)
def _plain_and_moves(values: tuple[int, ...], d: int, zone: int) -> tuple[
    tuple[Place, ...], tuple[PlaceMove, ...]
]:  # fmt: skip
    moves = [z for z in (zone - 1, zone + 1) if 0 <= z <= 2]
    return (
        tuple(_one(Place, v, d) for v in values),
        tuple(_one(PlaceMove, v, d, z) for v in values if v in (3, 4) for z in moves),
    )


_ONE: dict[tuple[Any, ...], Any] = {}


def _one(kind: Any, *numbers: int) -> Any:
    """The one `Place`/`PlaceMove` object of these numbers (at most 6 x 2 x 3 per district),
    as `_remove` does for removals: every legal tuple then holds the same objects."""
    key = (kind, *numbers)
    found = _ONE.get(key)
    if found is None:
        found = _ONE[key] = kind(*numbers)
    return found


def _removing(values: tuple[int, ...]) -> tuple[int, ...]:
    """The values of a sorted roll that may send a die to the centre: a 1, a 2, or both."""
    if values[0] == 1:
        return (1, 2) if len(values) > 1 and values[1] == 2 else (1,)
    return (2,) if values[0] == 2 else ()


@lru_cache(maxsize=4096)
def _removals_of(value: int, d: int, targets: tuple[Die, ...]) -> tuple[PlaceRemove, ...]:
    """The removals a die of `value` (1 or 2) placed in district `d` may make, by target."""
    return tuple(map(_removes_of(value, d).__getitem__, targets))


@lru_cache(maxsize=64)
def _removes_of(value: int, d: int) -> dict[Die, PlaceRemove]:
    """The removals `value` may make in district `d`, by the die removed."""
    return _RemovesOf(value, d)


class _RemovesOf(dict[Die, PlaceRemove]):
    def __init__(self, value: int, d: int) -> None:
        super().__init__()
        self.value, self.d = value, d

    def __missing__(self, die: Die) -> PlaceRemove:
        found = self[die] = _remove(self.value, self.d, die[0], die[1])
        return found


def _remove(value: int, d: int, owner: int, target: int) -> PlaceRemove:
    """The one `PlaceRemove` object of these numbers (at most 2 x 6 x districts x players)."""
    key = (value, d, owner, target)
    found = _REMOVES.get(key)
    if found is None:
        found = _REMOVES[key] = PlaceRemove(value, d, owner, target)
    return found


_REMOVES: dict[tuple[int, int, int, int], PlaceRemove] = {}


@lru_cache(maxsize=4096)
def _targets(entrance: tuple[Die, ...]) -> tuple[Die, ...]:
    """The distinct dice of an entrance, sorted (what a 1 or 2 may send to the centre)."""
    return tuple(sorted(set(entrance)))


def actions(table: Table, s: JellyState, seat: int) -> tuple[Any, ...]:
    """Legal play actions of an acting seat, sorted by id."""
    if not s.unplaced[seat]:
        return _out_of_dice_actions(table, s, seat)
    roll = s.rolls[seat]
    if not roll:
        return (ROLL,)
    values = _values(roll)
    # only a 1 or 2 can send a die to the centre
    targets = tuple(map(_targets, s.entrances)) if values[0] <= 2 else ()
    placing = _all_placements(values, s.locks, targets, s.targets)
    return _with_roll(placing) if may_roll_again(s, seat) else placing


_WITH_ROLL: dict[int, tuple[tuple[Any, ...], tuple[Any, ...]]] = {}


def _with_roll(placing: tuple[Any, ...]) -> tuple[Any, ...]:
    """`(ROLL, *placing)`, one tuple per `placing` tuple (remembered by identity, at most 4096:
    `_all_placements` hands out one tuple per input, and callers may then remember ours)."""
    found = _WITH_ROLL.get(id(placing))
    if found is not None and found[0] is placing:
        return found[1]
    if len(_WITH_ROLL) >= 4096:
        _WITH_ROLL.clear()
    out = (ROLL, *placing)
    _WITH_ROLL[id(placing)] = (placing, out)
    return out


@lru_cache(maxsize=4096)
def _values(roll: tuple[int, ...]) -> tuple[int, ...]:
    """The distinct values of a roll, sorted."""
    return tuple(sorted(set(roll)))


@lru_cache(maxsize=4096)
def _all_placements(
    values: tuple[int, ...],
    locks: tuple[int, ...],
    targets: tuple[tuple[Die, ...], ...],
    zones: tuple[int, ...],
) -> tuple[Any, ...]:
    """Every placement of `values` on the districts not locked, in id order; `targets` are
    each entrance's dice a 1 or 2 may remove (empty when the roll has neither). Per district:
    plain, then 1-2 removals, then 3-4 moves."""
    out: tuple[Any, ...] = ()
    removing = _removing(values) if targets else ()
    for d, lock in enumerate(locks):
        if lock != NOBODY:
            continue
        plain, moves = _plain_and_moves(values, d, zones[d])
        dice = targets[d] if removing else ()
        if dice:
            out += plain
            for value in removing:
                out += _removals_of(value, d, dice)
            out += moves
        else:
            out += plain + moves
    return out


def _out_of_dice_actions(table: Table, s: JellyState, seat: int) -> tuple[Any, ...]:
    if not can_act(s, seat):
        return ()
    locks = s.locks if seat not in s.locks else ()
    return _out_of_dice(locks, s.flipped_by == NOBODY, may_wait(s, seat))


@lru_cache(maxsize=1024)
def _out_of_dice(locks: tuple[int, ...], flip: bool, wait: bool) -> tuple[Any, ...]:
    """Lock a district still free (`locks`: `()` once the seat has locked one), flip the
    timer, done, wait: one tuple per situation, made once."""
    out: tuple[Any, ...] = tuple(Lock(d) for d, lock in enumerate(locks) if lock == NOBODY)
    if flip:
        out += (_FLIP,)
    return (*out, _PASS, _WAIT) if wait else (*out, _PASS)


def may_wait(s: JellyState, seat: int) -> bool:
    """Out of dice with a lock or the flip in hand: the seat may put the choice off (in tick
    mode for this tick), at most `MAX_WAITS` times a round (rules.md, *A round*)."""
    return waits_of(s, seat) < MAX_WAITS


def waits_of(s: JellyState, seat: int) -> int:
    return s.waits[seat] if s.waits else 0


def apply(table: Table, s: JellyState, seat: int, action: Any) -> JellyState:
    """Apply a legal play action (checked by the caller)."""
    if isinstance(action, Reroll):
        s = _roll(s, seat)
    elif isinstance(action, Place | PlaceRemove | PlaceMove):
        s = _place(table, s, seat, action)
    elif isinstance(action, Lock):
        # the screen stays on this entrance: nobody may place there until the next round
        s = replace(s, locks=replace_at(s.locks, action.district, seat))
    elif isinstance(action, Wait):
        s = replace(
            s, waits=replace_at(s.waits or (0,) * len(s.jelly), seat, waits_of(s, seat) + 1)
        )
    elif isinstance(action, FlipTimer):
        ticks = TICKS_AFTER_FLIP + 1 if table.tick else -1
        s = replace(s, flipped_by=seat, done=replace_at(s.done, seat, True), ticks_left=ticks)
    else:
        s = replace(s, done=replace_at(s.done, seat, True))
    if table.tick and s.phase == _PLAY:
        s = _next_in_tick(table, s)
    return s


def may_roll_again(s: JellyState, seat: int) -> bool:
    """Whether `seat` may roll again without placing: fewer than 20 rolls since its last
    placement (rules.md, *A round*, the digital safeguard)."""
    return s.rerolls[seat] < MAX_REROLLS


def _roll(s: JellyState, seat: int) -> JellyState:
    rerolls = s.rerolls[seat] + (1 if s.rolls[seat] else 0)
    return with_roll_asked(
        s, replace_at(s.rolls, seat, ()), replace_at(s.rerolls, seat, rerolls), (seat,)
    )


def _place(table: Table, s: JellyState, seat: int, a: Placing) -> JellyState:
    entrance = s.entrances[a.district]
    centre, targets = s.centre, s.targets
    if isinstance(a, PlaceRemove):
        # a 1 or 2 sends another die of this entrance to the city centre
        i = entrance.index((a.owner, a.target))
        entrance = entrance[:i] + entrance[i + 1 :]
        centre = replace_at(centre, a.owner, centre[a.owner] + 1)
    elif isinstance(a, PlaceMove):
        # a 3 or 4 moves this district's Target marker to an adjacent zone
        targets = replace_at(targets, a.district, a.zone)
    left = s.unplaced[seat] - 1
    s = with_placed(
        s,
        replace_at(s.entrances, a.district, (*entrance, (seat, a.value))),
        centre,
        targets,
        replace_at(s.unplaced, seat, left),
        replace_at(s.rolls, seat, ()),  # the other dice are rolled again
        replace_at(s.rerolls, seat, 0),  # the safeguard counts rolls since this placement
        (seat,) if table.tick and left else (),
        (*s.round_placed[:-1], s.round_placed[-1] + 1),
    )
    if not any(s.unplaced):
        return end_round(table, s, _ROUNDEND_ALL_PLACED)  # every player is out of dice
    return s


def _next_in_tick(table: Table, s: JellyState) -> JellyState:
    """Tick mode: the next seat of this tick, or the next tick (the timer counts ticks)."""
    queue = tuple(p for p in s.tick_queue[1:] if can_act(s, p))
    if queue:
        return with_tick_queue(s, queue)
    ticks_left = s.ticks_left - 1 if s.ticks_left > 0 else s.ticks_left
    if ticks_left == 0:
        return end_round(table, replace(s, ticks_left=0), _ROUNDEND_TIMER)
    # the next tick's order is a chance node (TickOrder): who is quicker varies at random
    return replace(s, tick=s.tick + 1, tick_queue=(), ticks_left=ticks_left)


def tick_order_seats(s: JellyState) -> tuple[int, ...]:
    """Tick mode: the seats that take part in the next tick (their order is drawn)."""
    return tuple(p for p in range(len(s.jelly)) if can_act(s, p))


@lru_cache(maxsize=64)
def tick_orders(seats: tuple[int, ...]) -> Distribution:
    """Every order of `seats`, equally likely."""
    return uniform([TickOrder(o) for o in permutations(seats)])


def why_illegal(table: Table, s: JellyState, seat: int, action: Any) -> str:
    """A readable reason for an action that is not legal now."""
    if s.phase != _PLAY:
        return f"{action} is not possible while scoring; choose where your Jelly goes"
    if isinstance(action, Place | PlaceRemove | PlaceMove):
        if not s.unplaced[seat]:
            return "you have no dice left to place"
        if action.value not in s.rolls[seat]:
            return f"your roll shows no {action.value}"
        if not 0 <= action.district < table.districts:
            return f"there is no district {letter(action.district)}"
        if s.locks[action.district] != NOBODY:
            locker = s.locks[action.district]
            return f"district {letter(action.district)} is locked by seat {locker}"
        if isinstance(action, PlaceRemove):
            return "a 1 or 2 may send only a die already on that entrance to the centre"
        if isinstance(action, PlaceMove):
            return "a 3 or 4 moves the Target marker one zone, from where it is"
    if isinstance(action, Reroll):
        return "you cannot roll now (no dice left, or too many rolls without placing)"
    if isinstance(action, Lock | FlipTimer | Pass | Wait):
        return (
            "lock, flip, done and wait come after your last die (lock before flipping, once "
            f"each; at most {MAX_WAITS} waits a round)"
        )
    return f"{action} is not legal now"
