"""District standings and the resolution of one reward atom (rulebook, "District Rewards").

`resolve` returns the new state and the ops to run next (at the front of the scoring queue);
choices (an "either" neighbour, who gets a short player's Jelly) are left in the queue for
`scoring.advance` to hand to the right player.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from dicehall.core.tuples import replace_at
from dicehall.games.jelly.content import (
    EITHER,
    LEFT,
    Adjacent,
    DiceCount,
    DiscardPod,
    Give,
    Jelly,
    JellyPerDie,
    JellyPerPod,
    Podium,
    Reward,
    TakePod,
    Tribute,
)
from dicehall.games.jelly.state import Debt, Die, Grant, JellyState, Op, Table
from dicehall.games.jelly.state import evolve as replace


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrance after cancelling: per seat its counting dice and their total."""

    dice: tuple[tuple[int, ...], ...]  # per seat: values of its counting dice
    totals: tuple[int, ...]
    controllers: tuple[int, ...]  # highest total; ties all control; no counting die, nobody

    def groups(self) -> tuple[tuple[int, ...], ...]:
        """Seats with counting dice grouped by total, highest first (podium ranks)."""
        levels = sorted({t for t in self.totals if t > 0}, reverse=True)
        return tuple(tuple(s for s, t in enumerate(self.totals) if t == lv) for lv in levels)


ONCE = tuple(
    (tuple(v for v in range(1, 7) if mask >> v & 1), sum(v for v in range(1, 7) if mask >> v & 1))
    for mask in range(1 << 7)
)
"""By the bit mask of the values a seat shows exactly once (bit v for value v): those values
in order, and their total."""


@lru_cache(maxsize=4096)
def standing(entrance: tuple[Die, ...], players: int) -> Standing:
    """Cancel each seat's dice that show the same value (all of them), then total the rest."""
    once, twice = [0] * players, [0] * players  # per seat: values seen once, seen again
    for owner, value in entrance:
        bit = 1 << value
        if once[owner] & bit:
            twice[owner] |= bit
        else:
            once[owner] |= bit
    counting = [ONCE[o & ~t] for o, t in zip(once, twice, strict=True)]
    totals = tuple([total for _, total in counting])
    best = max(totals)
    controllers = tuple([s for s, t in enumerate(totals) if t == best]) if best else ()
    return Standing(tuple([dice for dice, _ in counting]), totals, controllers)


def add(values: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    """`values` with `amount` added at `seat`, never below 0 (Jelly never goes below 0)."""
    return replace_at(values, seat, max(0, values[seat] + amount))


def neighbour(table: Table, district: int, side: str) -> int:
    """Districts form a ring: left is counter-clockwise (A's left is the last district)."""
    step = -1 if side == LEFT else 1
    return (district + step) % table.districts


def target_grants(table: Table, s: JellyState, district: int, seats: tuple[int, ...],
                  context: int, adjacent: bool) -> tuple[Op, ...]:  # fmt: skip
    """Grants of `district`'s Target reward to `seats`, scored with `context`'s standings."""
    zones = table.faces[s.faces[district]].zones
    return tuple(Grant(a, seats, context, adjacent) for a in zones[s.targets[district]])


def resolve(table: Table, s: JellyState, g: Grant) -> tuple[JellyState, tuple[Op, ...]]:
    """Apply one automatic atom; returns the state and the ops it queues."""
    atom, seats = g.atom, g.seats
    st = standing(s.entrances[g.district], table.players)
    match atom:
        case Jelly(n):
            return _each(s, seats, lambda _: n), ()
        case JellyPerPod(n):
            return _each(s, seats, lambda p: n * s.pods[p]), ()
        case JellyPerDie(n, parity):
            want = 1 if parity == "odd" else 0
            return _each(s, seats, lambda p: n * sum(v % 2 == want for v in st.dice[p])), ()
        case TakePod():
            return take_pods(s, seats), ()
        case DiscardPod():
            pods = tuple(max(0, c - 1) if p in seats else c for p, c in enumerate(s.pods))
            return replace(s, pods=pods), ()
        case Tribute(n):
            givers = [p for p in range(table.players) if p not in seats]
            return s, tuple(Debt(p, tuple((r, n) for r in seats)) for p in givers)
        case Give(n):
            others = tuple((r, n) for r in range(table.players) if r not in seats)
            return s, tuple(Debt(p, others) for p in seats)
        case Adjacent(side):
            if g.adjacent or side == EITHER:
                return s, ()  # never chains; "either" is decided by the players first
            return s, target_grants(table, s, neighbour(table, g.district, side), seats,
                                    g.district, True)  # fmt: skip
        case DiceCount(up_to, few, many):
            few_seats = tuple(p for p in seats if len(st.dice[p]) <= up_to)
            many_seats = tuple(p for p in seats if len(st.dice[p]) > up_to)
            return s, _grants(few, few_seats, g) + _grants(many, many_seats, g)
        case Podium(ranks, others):
            return s, _podium(st, ranks, others, g)
    raise TypeError(atom)  # pragma: no cover


def _each(s: JellyState, seats: tuple[int, ...], amount: Callable[[int], int]) -> JellyState:
    jelly = s.jelly
    for p in seats:
        jelly = add(jelly, p, amount(p))
    return replace(s, jelly=jelly)


def take_pods(s: JellyState, seats: tuple[int, ...]) -> JellyState:
    """Each seat takes a pod; if the stack cannot serve them all, none of them takes one."""
    if not seats or s.pod_stack < len(seats):
        return s
    pods = tuple(c + 1 if p in seats else c for p, c in enumerate(s.pods))
    return replace(s, pods=pods, pod_stack=s.pod_stack - len(seats))


def _grants(reward: Reward, seats: tuple[int, ...], g: Grant) -> tuple[Op, ...]:
    if not seats:
        return ()
    return tuple(Grant(a, seats, g.district, g.adjacent) for a in reward)


def _podium(st: Standing, ranks: tuple[Reward, ...], others: Reward,
            g: Grant) -> tuple[Op, ...]:  # fmt: skip
    """Rank i's reward to the i-th highest total (the first to the rewarded seats themselves);
    `others` to every other seat with a counting die on the entrance."""
    groups = [g.seats, *(grp for grp in st.groups() if not set(grp) & set(g.seats))]
    out: tuple[Op, ...] = ()
    ranked: set[int] = set()
    for reward, group in zip(ranks, groups, strict=False):
        out += _grants(reward, group, g)
        ranked.update(group)
    if others:
        rest = tuple(p for p, d in enumerate(st.dice) if d and p not in g.seats)
        out += _grants(others, tuple(p for p in rest if p not in ranked), g)
    return out
