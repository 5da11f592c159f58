"""Round life cycle: start, end, the scoring queue and its player choices, the end of the game.

Scoring (rulebook, "Scoring a Round") is a queue of ops: each district from the Drone's
district clockwise, then the city centre. `advance` runs the queue until a player must choose
(an "either" neighbour, or who receives Jelly from a player who cannot pay everyone).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from dicehall.core.tuples import replace_at
from dicehall.games.jelly.content import EITHER, LEFT, RIGHT, Adjacent
from dicehall.games.jelly.rewards import add, neighbour, resolve, standing, take_pods, target_grants
from dicehall.games.jelly.state import (
    DICE,
    NOBODY,
    ROUNDS,
    Debt,
    Grant,
    JellyState,
    Op,
    Phase,
    RerollDie,
    RoundEnd,
    ScoreCentre,
    ScoreDistrict,
    Table,
)
from dicehall.games.jelly.state import evolve as replace

# enum members as module constants: reading one from its class is slow (Python 3.11)
_OVER = Phase.OVER
_PLAY = Phase.PLAY
_PODS = Phase.PODS
_SCORING = Phase.SCORING

SIDES = (LEFT, RIGHT)
_EITHER = Adjacent(EITHER)

Traced = list[tuple[Op, JellyState, JellyState]]
"""Each scoring op `advance` ran, with the state before and after it (the log's reasons)."""
_TRACE: ContextVar[Traced | None] = ContextVar("jelly_scoring_trace", default=None)


@contextmanager
def traced() -> Iterator[Traced]:
    """Record every op `advance` runs inside the block (jelly/reasons.py: one log line per
    change, with the op that made it); off everywhere else, so play pays one lookup a call."""
    ops: Traced = []
    token = _TRACE.set(ops)
    try:
        yield ops
    finally:
        _TRACE.reset(token)


def breakdown(seat: int, jelly: int, pods: tuple[int, ...]) -> str:
    """'Player 1: 12 Jelly + pods 4 + 2 = 18' (docs/rules/jelly.md, "End of the game")."""
    pod_text = f"pods {' + '.join(map(str, pods))}" if pods else "no pods"
    return f"Player {seat + 1}: {jelly} Jelly + {pod_text} = {jelly + sum(pods)}"


def start_round(table: Table, s: JellyState, number: int) -> JellyState:
    """Dice back to everyone, Target markers to the first zone, screens and timer reset."""
    n, d = table.players, table.districts
    return replace(
        s,
        phase=_PLAY,
        round=number,
        targets=(0,) * d,
        entrances=((),) * d,
        locks=(NOBODY,) * d,
        centre=(0,) * n,
        unplaced=(DICE,) * n,
        rolls=((),) * n,
        rerolls=(0,) * n,
        waits=(0,) * n,
        done=(False,) * n,
        flipped_by=NOBODY,
        # tick mode: everyone rolls at once when the round starts
        to_roll=tuple(range(n)) if table.tick else (),
        tick=0,
        tick_queue=(),  # tick mode: the first tick's order is drawn after the rolls
        ticks_left=-1,
        queue=(),
        votes=(),
        round_placed=(*s.round_placed, 0),
    )


def end_round(table: Table, s: JellyState, how: RoundEnd) -> JellyState:
    """Unplaced dice stop counting; score every district, then the city centre."""
    ops: tuple[Op, ...] = tuple(ScoreDistrict(i) for i in range(table.districts))
    s = replace(
        s,
        phase=_SCORING,
        rolls=((),) * table.players,
        to_roll=(),
        tick_queue=(),
        queue=(*ops, ScoreCentre()),
        round_ends=(*s.round_ends, how),
    )
    return advance(table, s)


def chooser(s: JellyState) -> int:
    """The seat that must choose now (scoring phase)."""
    head = s.queue[0]
    if isinstance(head, Debt):
        return head.giver
    assert isinstance(head, Grant)
    return head.seats[len(s.votes)]  # tied controllers vote in seat order


def _is_choice(op: Op) -> bool:
    if isinstance(op, Debt):
        return True
    return isinstance(op, Grant) and op.atom == _EITHER and not op.adjacent


def advance(table: Table, s: JellyState) -> JellyState:
    """Run automatic ops until a player must choose or the queue is empty."""
    trace = _TRACE.get()
    while s.queue:
        head, rest = s.queue[0], s.queue[1:]
        if isinstance(head, Debt):
            was = s
            s, left = _settle_debt(s, head)
            if trace is not None:
                trace.append((head, was, s))
            if left is not None:
                return replace(s, queue=(left, *rest))
            s = replace(s, queue=rest)
            continue
        if _is_choice(head) or isinstance(head, RerollDie):
            return s  # a player's choice, or a chance node
        was = s
        s, ops = _run(table, s, head)  # an op never reads or changes the queue
        if trace is not None:
            trace.append((head, was, s))
        s = replace(s, queue=(*ops, *rest))
    return _after_scoring(table, s)


def _run(table: Table, s: JellyState, op: Op) -> tuple[JellyState, tuple[Op, ...]]:
    if isinstance(op, ScoreDistrict):
        face = table.faces[s.faces[op.district]]
        dice = len(s.entrances[op.district])
        if face.reroll and dice and not op.rerolled:
            # promotional Cannes: every die on the entrance is rerolled before scoring
            rolls = tuple(RerollDie(op.district, i) for i in range(dice))
            return s, (*rolls, ScoreDistrict(op.district, rerolled=True))
        controllers = standing(s.entrances[op.district], table.players).controllers
        if not controllers:
            return s, ()  # a district with no counting die scores nothing
        return s, target_grants(table, s, op.district, controllers, op.district, False)
    if isinstance(op, ScoreCentre):
        best = max(s.centre)
        if best == 0:
            return s, ()
        # most dice (not values) in the city centre; ties each take one, if the stack allows
        return take_pods(s, tuple(p for p, c in enumerate(s.centre) if c == best)), ()
    assert isinstance(op, Grant)
    return resolve(table, s, op)


def _settle_debt(s: JellyState, d: Debt) -> tuple[JellyState, Debt | None]:
    """Pay what is due; a giver short of Jelly chooses recipients (left as a Debt)."""
    owed = tuple((r, n) for r, n in d.owed if n > 0)
    have = s.jelly[d.giver]
    if have >= sum(n for _, n in owed):
        jelly = s.jelly
        for r, n in owed:
            jelly = add(add(jelly, d.giver, -n), r, n)
        return replace(s, jelly=jelly), None
    if have == 0 or not owed:
        return s, None
    if len(owed) == 1:
        r = owed[0][0]
        return replace(s, jelly=add(add(s.jelly, d.giver, -have), r, have)), None
    return s, Debt(d.giver, owed)


def reroll_die(table: Table, s: JellyState, value: int) -> JellyState:
    """The chance outcome of a Cannes reroll: the die shows `value` now."""
    head = s.queue[0]
    assert isinstance(head, RerollDie)
    entrance = list(s.entrances[head.district])
    entrance[head.index] = (entrance[head.index][0], value)
    entrances = (*s.entrances[: head.district], tuple(entrance), *s.entrances[head.district + 1 :])
    return advance(table, replace(s, entrances=entrances, queue=s.queue[1:]))


def choose_side(table: Table, s: JellyState, side: str) -> JellyState:
    """A vote on an "either" reward; tied controllers who disagree get nothing (0 Jelly)."""
    head = s.queue[0]
    assert isinstance(head, Grant)
    votes = (*s.votes, SIDES.index(side))
    if len(votes) < len(head.seats):
        return replace(s, votes=votes)
    s = replace(s, votes=(), queue=s.queue[1:])
    if len(set(votes)) == 1:
        other = neighbour(table, head.district, SIDES[votes[0]])
        ops = target_grants(table, s, other, head.seats, head.district, True)
        s = replace(s, queue=(*ops, *s.queue))
    return advance(table, s)


def give_jelly(table: Table, s: JellyState, to: int) -> JellyState:
    """A short giver hands one Jelly to `to`."""
    head = s.queue[0]
    assert isinstance(head, Debt)
    jelly = add(add(s.jelly, head.giver, -1), to, 1)
    owed = tuple((r, n - 1 if r == to else n) for r, n in head.owed)
    return advance(table, replace(s, jelly=jelly, queue=(Debt(head.giver, owed), *s.queue[1:])))


def _after_scoring(table: Table, s: JellyState) -> JellyState:
    if s.round + 1 < ROUNDS:
        return start_round(table, s, s.round + 1)
    phase = _PODS if any(s.pods) else _OVER
    return replace(s, phase=phase, queue=(), votes=())


def next_pod_owner(s: JellyState) -> int:
    """End of game: the first seat with a pod still to roll, or NOBODY."""
    for p, n in enumerate(s.pods):
        if len(s.pod_values[p]) < n:
            return p
    return NOBODY


def roll_pod(s: JellyState, seat: int, value: int) -> JellyState:
    s = replace(s, pod_values=replace_at(s.pod_values, seat, (*s.pod_values[seat], value)))
    return s if next_pod_owner(s) != NOBODY else replace(s, phase=_OVER)
