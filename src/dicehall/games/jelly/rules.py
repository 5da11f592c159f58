"""Attack of the Jelly Monster: the rules object (setup, the round, chance, results).

Real-time mode: every seat with something to do is an actor at once; `Reroll` makes a chance
node for that seat's dice; the sand timer is a `TimerRequest` whose `TimeUp` the engine issues.
Tick mode (a documented variant): seats act one at a time in a rotating order, one action per
tick each; placing a die rolls the rest at once; the timer runs a fixed number of ticks.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from dicehall.core import (
    CHANCE,
    ENGINE,
    Distribution,
    Game,
    IllegalActionError,
    Result,
    Seat,
    TimerRequest,
    View,
    competition_ranks,
    uniform,
)
from dicehall.core.tuples import holds, replace_at
from dicehall.games.jelly import chances, play, scoring
from dicehall.games.jelly import describe as describe_mod
from dicehall.games.jelly import observe as observe_mod
from dicehall.games.jelly.actions import (
    CODEC,
    ChooseSide,
    DieValue,
    DrawFace,
    GiveJelly,
    JellyAction,
    PodValue,
    RollDice,
    TickOrder,
    TimeUp,
    build_index,
)
from dicehall.games.jelly.content import Face, boards
from dicehall.games.jelly.spec import SPEC
from dicehall.games.jelly.state import (
    NOBODY,
    PODS,
    ROUNDS,
    START_JELLY,
    Debt,
    JellyState,
    Phase,
    RerollDie,
    RoundEnd,
    Table,
    with_rolled,
    with_tick_queue,
)
from dicehall.games.jelly.state import evolve as replace

if TYPE_CHECKING:  # the rules never draw by themselves: `core.sample` passes its generator in
    import random

# enum members as module constants: reading one from its class is slow (Python 3.11)
_OVER = Phase.OVER
_PLAY = Phase.PLAY
_PODS = Phase.PODS
_ROUNDEND_TIMER = RoundEnd.TIMER
_SCORING = Phase.SCORING
_SETUP = Phase.SETUP

SAND_SECONDS = 10.0
FACE_DRAWS_KEPT = 1024  # setup distributions remembered per game object


@lru_cache(maxsize=64)
def roll_distribution(seat: int, k: int) -> Distribution:
    """`k` dice as sorted multisets with multinomial probabilities."""
    total = 6**k
    pairs = []
    for values in combinations_with_replacement(range(1, 7), k):
        ways = math.factorial(k)
        for v in set(values):
            ways //= math.factorial(values.count(v))
        pairs.append((RollDice(seat, values), Fraction(ways, total)))
    return Distribution(pairs)


@lru_cache(maxsize=256)
def die_values(district: int, index: int) -> Distribution:
    return uniform([DieValue(district, index, v) for v in range(1, 7)])


@lru_cache(maxsize=8)
def pod_values(seat: int) -> Distribution:
    return uniform([PodValue(seat, v) for v in range(1, 7)])


class JellyGame(Game[JellyState, JellyAction]):
    spec = SPEC
    action_codec = CODEC

    def __init__(self, params: dict[str, Any], faces: tuple[Face, ...], digest: str) -> None:
        self.params = params
        self.num_players = n = int(params["players"])
        self.content_hash = digest
        self.table = Table(n, n + 2, params["mode"] == "tick", faces)
        self.boards = boards(faces, bool(params["first_game"]))
        self.action_index = build_index(n, n + 2)
        self.num_actions = len(self.action_index)
        # per die: rolls, rerolls, placing; then waits, a lock, a flip or done (each may come
        # with a chance node: a roll or a tick order)
        per_seat = 2 * (7 * (2 + play.MAX_REROLLS) + play.MAX_WAITS) + 10
        # per district: "either" votes, Jelly handed out one by one, Cannes rerolls (<= 7n dice)
        scoring_choices = self.table.districts * (n + 20 * n * n + 7 * n)
        self.max_game_length = n + 2 + PODS + ROUNDS * (n * per_seat + 1 + scoring_choices)
        self._face_draws: dict[frozenset[int], Distribution] = {}  # by the boards taken
        self._legal_memo: tuple[JellyState | None, Seat, tuple[Any, ...]] = (None, CHANCE, ())
        self._actors_memo: tuple[JellyState | None, tuple[Seat, ...]] = (None, ())
        self._drawn: tuple[JellyState | None, Any] = (None, None)  # `sample_chance`'s last

    def chance_catalogue(self) -> Iterator[Any]:
        return chances.catalogue(self.num_players, self.table.districts, len(self.table.faces))

    # --- dynamics -------------------------------------------------------------------
    def initial_state(self) -> JellyState:
        n = self.num_players
        return JellyState(
            phase=_SETUP, faces=(), round=0, targets=(), entrances=(), locks=(),
            centre=(0,) * n, unplaced=(0,) * n, rolls=((),) * n, rerolls=(0,) * n,
            done=(False,) * n, flipped_by=NOBODY, to_roll=(), tick=0, tick_queue=(),
            ticks_left=-1, jelly=(START_JELLY,) * n, pods=(0,) * n, pod_stack=PODS, queue=(),
            votes=(), pod_values=((),) * n, round_ends=(), round_placed=(),
        )  # fmt: skip

    def actors(self, s: JellyState) -> tuple[Seat, ...]:
        memo = self._actors_memo  # asked several times per state: remember the last answer
        if memo[0] is s:
            return memo[1]
        found = self._actors(s)
        self._actors_memo = (s, found)
        return found

    def _actors(self, s: JellyState) -> tuple[Seat, ...]:
        if s.phase in (_SETUP, _PODS):
            return (CHANCE,)
        if s.phase == _OVER:
            return ()
        if s.phase == _SCORING:
            if isinstance(s.queue[0], RerollDie):
                return (CHANCE,)
            return (scoring.chooser(s),)
        if s.to_roll:
            return (CHANCE,)
        if self.table.tick:
            return (s.tick_queue[0],) if s.tick_queue else (CHANCE,)
        return tuple(p for p in range(self.num_players) if play.can_act(s, p))

    def legal_actions(self, s: JellyState, seat: Seat) -> tuple[JellyAction, ...]:
        if seat == ENGINE:
            return (TimeUp(),) if self._time_up_legal(s) else ()
        if seat not in self.actors(s) or seat == CHANCE:
            return ()
        memo = self._legal_memo  # asked again by `apply` for the same state and seat
        if memo[0] is s and memo[1] == seat:
            return memo[2]
        scoring_ = s.phase == _SCORING
        found = self._choices(s) if scoring_ else play.actions(self.table, s, seat)
        self._legal_memo = (s, seat, found)
        return found

    def _choices(self, s: JellyState) -> tuple[Any, ...]:
        head = s.queue[0]
        if isinstance(head, Debt):
            return tuple(GiveJelly(r) for r, n in head.owed if n > 0)
        return (ChooseSide("left"), ChooseSide("right"))

    def _time_up_legal(self, s: JellyState) -> bool:
        return not self.table.tick and s.phase == _PLAY and s.flipped_by != NOBODY

    def chance_outcomes(self, s: JellyState) -> Sequence[tuple[Any, Fraction]]:
        if s.phase == _SETUP:
            return self._face_distribution(s.faces)
        if s.phase == _SCORING and isinstance(s.queue[0], RerollDie):
            return die_values(s.queue[0].district, s.queue[0].index)
        if s.phase == _PODS:
            seat = scoring.next_pod_owner(s)
            return pod_values(seat)
        if s.phase == _PLAY and s.to_roll:
            seat = s.to_roll[0]
            return roll_distribution(seat, s.unplaced[seat])
        if s.phase == _PLAY and self.table.tick and not s.tick_queue:
            return play.tick_orders(play.tick_order_seats(s))
        raise IllegalActionError("this is not a chance node")

    def sample_chance(self, s: JellyState, rng: random.Random) -> Any:
        """`core.sample`'s draw: `Distribution.sample` on the same distribution objects that
        `chance_outcomes` returns. The outcome is remembered with the state it was drawn for
        (the state itself, never its id), so that `apply` of that very outcome to that very
        state skips checking it again."""
        if s.phase == _PLAY and s.to_roll:
            seat = s.to_roll[0]
            found = roll_distribution(seat, s.unplaced[seat])
        elif s.phase == _PLAY and self.table.tick and not s.tick_queue:
            found = play.tick_orders(play.tick_order_seats(s))
        else:
            listed = self.chance_outcomes(s)  # a Distribution at every chance node
            found = listed if isinstance(listed, Distribution) else Distribution(listed)
        outcome = found.sample(rng)
        self._drawn = (s, outcome)
        return outcome

    def _face_distribution(self, used: tuple[int, ...]) -> Distribution:
        """Setup: a random board not in play yet, then a random allowed side of it."""
        taken = frozenset(self.table.faces[f].board for f in used)  # the order drawn is moot
        found = self._face_draws.get(taken)
        if found is None:
            free = [b for b in self.boards if self.table.faces[b[0]].board not in taken]
            pairs = [(DrawFace(f), Fraction(1, len(free) * len(b))) for b in free for f in b]
            if len(self._face_draws) >= FACE_DRAWS_KEPT:  # bounded: forget the oldest
                del self._face_draws[next(iter(self._face_draws))]
            found = self._face_draws[taken] = Distribution(pairs)
        return found

    def apply(self, s: JellyState, seat: Seat, action: JellyAction) -> JellyState:
        if seat == CHANCE:
            return self._apply_chance(s, action)
        if seat == ENGINE:
            if action != TimeUp() or not self._time_up_legal(s):
                raise IllegalActionError("the sand timer is not running", seat=seat, action=action)
            # the sand timer ran out: unplaced dice do not count this round
            return scoring.end_round(self.table, s, _ROUNDEND_TIMER)
        if seat not in self.actors(s):
            raise IllegalActionError(f"seat {seat} may not act now", seat=seat, action=action)
        legal = self.legal_actions(s, seat)
        if not holds(legal, action):
            reason = play.why_illegal(self.table, s, seat, action)
            raise IllegalActionError(reason, seat=seat, action=action)
        if isinstance(action, ChooseSide):
            return scoring.choose_side(self.table, s, action.side)
        if isinstance(action, GiveJelly):
            return scoring.give_jelly(self.table, s, action.to)
        return play.apply(self.table, s, seat, action)

    def _apply_chance(self, s: JellyState, outcome: Any) -> JellyState:
        drawn = self._drawn
        if drawn[0] is not s or drawn[1] is not outcome:  # else drawn for `s` by `sample_chance`
            if self.actors(s) != (CHANCE,):
                raise IllegalActionError("this is not a chance node", seat=CHANCE, action=outcome)
            if not self._possible(s, outcome):
                raise IllegalActionError(
                    f"impossible outcome {outcome}", seat=CHANCE, action=outcome
                )
        if isinstance(outcome, RollDice):  # the most frequent outcome first
            return with_rolled(s, replace_at(s.rolls, outcome.seat, outcome.values), s.to_roll[1:])
        if isinstance(outcome, DrawFace):
            s = replace(s, faces=(*s.faces, outcome.face))
            if len(s.faces) < self.table.districts:
                return s
            return scoring.start_round(self.table, s, 0)
        if isinstance(outcome, PodValue):
            return scoring.roll_pod(s, outcome.seat, outcome.value)
        if isinstance(outcome, TickOrder):
            return with_tick_queue(s, outcome.seats)
        if isinstance(outcome, DieValue):
            return scoring.reroll_die(self.table, s, outcome.value)
        raise IllegalActionError(f"impossible outcome {outcome}", seat=CHANCE, action=outcome)

    def _possible(self, s: JellyState, outcome: Any) -> bool:
        if isinstance(outcome, RollDice):  # checked directly: a roll has up to 792 outcomes
            v = outcome.values
            return (
                s.to_roll[:1] == (outcome.seat,)
                and len(v) == s.unplaced[outcome.seat]
                and list(v) == sorted(v)
                and (not v or (v[0] >= 1 and v[-1] <= 6))  # sorted: the ends bound the rest
            )
        found = self.chance_outcomes(s)
        if isinstance(found, Distribution):  # its own outcome objects: found by identity first
            return holds(found.outcomes, outcome)
        return any(o == outcome for o, _ in found)

    def is_terminal(self, s: JellyState) -> bool:
        return s.phase == _OVER

    def result(self, s: JellyState) -> Result:
        if s.phase != _OVER:
            raise IllegalActionError("the game is not over")
        scores = tuple(float(j + sum(v)) for j, v in zip(s.jelly, s.pod_values, strict=True))
        ranks = competition_ranks(scores)
        notes = tuple(
            scoring.breakdown(p, s.jelly[p], s.pod_values[p]) for p in range(self.num_players)
        )
        winners = tuple(p for p, r in enumerate(ranks) if r == 1)
        return Result(scores, winners, ranks, "four rounds played: most Jelly wins", notes)

    def timer(self, s: JellyState) -> TimerRequest | None:
        """Real time: the sand timer, once flipped, ends the round ten seconds later."""
        if not self._time_up_legal(s):
            return None
        return TimerRequest(f"sand/{s.round}", SAND_SECONDS, TimeUp())

    # --- information and wire forms -------------------------------------------------
    def observe(self, s: JellyState, seat: Seat | None) -> View:
        return observe_mod.view(self, s, seat)

    def describe(self, action: JellyAction, viewer: Seat | None) -> str:
        return describe_mod.describe(action, viewer, self.table.faces)

    def action_from_json(self, data: Any) -> JellyAction:
        key = _json_key(data)
        found = _PARSED.get(key) if key is not None else None
        if found is None:
            parsed: JellyAction = CODEC.from_json(data)
            found = parsed
            if key is not None and len(_PARSED) < 100_000:
                _PARSED[key] = found
        return found


_PARSED: dict[tuple[Any, ...], JellyAction] = {}
"""Memo of parsed wire forms (logs repeat the same few hundred actions)."""


def _json_key(data: Any) -> tuple[Any, ...] | None:
    """A hashable key of a wire-form action whose values are ints, text or lists of ints."""
    if not isinstance(data, dict):
        return None
    items = []
    for k, v in sorted(data.items()):
        if isinstance(v, list):
            if not all(type(x) is int for x in v):
                return None
            v = ("list", *v)
        elif type(v) not in (int, str):
            return None
        items.append((k, type(v).__name__, v))
    return tuple(items)
