"""The greedy bot's placement for MCTS rollouts: the move `GreedyBot.act_on_state` makes, found
without valuing every legal placement one by one.

A rollout asks the greedy bot for a placement at every decision of the round, from tables
that differ in one entrance at a time. `act_on_state` values each candidate (`_Context.gain`)
and plays the best, the first in legal order (action id order) among equals, or rolls again
when every placement costs more than 1. Here the same values are worked out per district and
per die value, from each seat's dice counts on the entrance (who controls it after a die is
added or sent to the centre), and the best of each (district, value) is remembered: it
depends only on the entrance, the Targets of the district and of its neighbours, the zone
rewards, every seat's Jelly and pods, and the seat deciding, which is the key. A decision then
compares one entry per unlocked district (its best for the values rolled, also remembered).

The values are the floats `compute_gain` makes, by the same operations in the same order.
`tests/games/jelly/test_rollout_policy.py` compares the moves at every decision of varied games.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from dicehall.games.jelly.actions import Place, PlaceMove
from dicehall.games.jelly.bots.gains import token
from dicehall.games.jelly.bots.greedy import DENY, TIE, Valuer
from dicehall.games.jelly.content import Reward
from dicehall.games.jelly.play import ROLL, _one, _remove, _values
from dicehall.games.jelly.rewards import ONCE, Standing
from dicehall.games.jelly.state import NOBODY, JellyState

KEPT = 4096
"""Districts remembered (least recently used dropped first), each with at most 6 values' bests
and 63 rolls' (sets of values)."""
ROUNDS_KEPT = 256
"""Tables (faces, seat deciding, Jelly and pods) numbered at once; then they are forgotten
together (numbers are never reused)."""
REWARDS_KEPT = 4096
"""Districts' reward values (`_Rewards`) kept at once; then they are forgotten together."""

SHIFT = (0, 0, 2, 4, 6, 8, 10)
"""A seat's dice on one entrance as a code: 2 bits per value v at `SHIFT[v]`, how many dice of
that value it has there (3: three or more)."""


def _counting() -> tuple[tuple[tuple[int, ...], int], ...]:
    table = []
    for code in range(4**6):
        shown_once = sum(1 << v for v in range(1, 7) if (code >> SHIFT[v]) & 3 == 1)
        table.append(ONCE[shown_once])
    return tuple(table)


COUNTING = _counting()
"""By code: the seat's counting dice and their total, `standing`'s own tuples (docs/rules/jelly.md,
*Scoring a round*: a player's dice showing the same value cancel)."""


class _Rewards:
    """What each seat's reward is worth in one district's zones, by zone, seat and counting
    dice (`_Context.worth`'s values before a tie's share): the dice only where the reward
    reads them (`Valuer.reads_dice`), so a value is found again whatever dice the seat has."""

    __slots__ = ("d", "known", "players", "reads", "valuer")

    def __init__(self, valuer: Valuer, d: int) -> None:
        self.valuer, self.d, self.players = valuer, d, valuer.n
        self.reads = tuple(valuer.reads_dice(zone, d, False) for zone in valuer.zones[d])
        self.known: dict[tuple[int, int, tuple[int, ...] | None], float] = {}

    def value(self, zone: int, p: int, dice: tuple[int, ...]) -> float:
        key = (zone, p, dice if self.reads[zone] else None)
        found = self.known.get(key)
        if found is None:
            st = Standing(tuple(dice if q == p else () for q in range(self.players)), (), ())
            valuer, d = self.valuer, self.d
            found = self.known[key] = valuer.reward_value(valuer.zones[d][zone], p, st, d, False)
        return found


class _District:
    """One district for one seat: the dice codes, what every seat gets from it as it stands,
    and per die value the best placement found (score, rank in id order, action), and per
    roll (its distinct values) the best of those."""

    __slots__ = (
        "before_me", "before_them", "best", "chosen", "codes", "d", "dice", "me", "mine",
        "others_top", "top_seats", "totals", "value", "zone",
    )  # fmt: skip

    def __init__(self, s: JellyState, me: int, d: int, rewards: _Rewards) -> None:
        n = len(s.jelly)
        codes = [0] * n
        mine = 0
        for o, v in s.entrances[d]:
            c, shift = codes[o], SHIFT[v]
            if (c >> shift) & 3 != 3:
                codes[o] = c + (1 << shift)
            if o == me:
                mine += 1
        counted = [COUNTING[c] for c in codes]
        self.d, self.me, self.zone, self.codes, self.mine = d, me, s.targets[d], codes, mine
        self.value = value = rewards.value
        self.dice = dice = [c[0] for c in counted]
        self.totals = totals = [c[1] for c in counted]
        self.others_top = others_top = max(t for p, t in enumerate(totals) if p != me)
        # the other seats that control the district while our total is at most theirs
        self.top_seats = (
            [p for p, t in enumerate(totals) if t == others_top and p != me] if others_top else []
        )
        self.best: list[tuple[float, int, Any] | None] = [None] * 7
        self.chosen: dict[tuple[int, ...], tuple[float, int, Any]] = {}
        # what every seat expects from the district as it stands (`_Context.before`)
        top = max(totals)
        controllers = [p for p, t in enumerate(totals) if t == top] if top else []
        tie = TIE if len(controllers) > 1 else 1.0
        zone = self.zone
        before = tuple(value(zone, p, dice[p]) * tie if p in controllers else 0.0 for p in range(n))
        self.before_me, self.before_them = before[me], sum(before) - before[me]

    def choose(self, values: tuple[int, ...]) -> tuple[float, int, Any]:
        """The best placement here of a roll showing `values` (the first in id order among
        equals)."""
        found: tuple[float, int, Any] | None = None
        for v in values:
            entry = self.best[v]
            if entry is None:
                entry = self.best[v] = self.best_of(v)
            if (
                found is None
                or entry[0] > found[0]
                or (entry[0] == found[0] and entry[1] < found[1])
            ):
                found = entry
        assert found is not None  # a roll shows at least one value
        self.chosen[values] = found
        return found

    def plain_gain(self, v: int, zone: int, my_code: int, placed: int) -> float:
        """`_Context.compute_gain` of placing `v` (no die sent to the centre) with the Target
        at `zone`, our dice code after it `my_code`, `placed` our dice there after it. Only
        our total changes: we control alone, tie with the others on top, or leave it them."""
        my_dice, my_total = COUNTING[my_code]
        top, top_seats, value = self.others_top, self.top_seats, self.value
        if my_total > top:
            mine = value(zone, self.me, my_dice) * 1.0 - self.before_me
            theirs: float = 0
        elif my_total == top and top:
            mine = value(zone, self.me, my_dice) * TIE - self.before_me
            theirs = sum([value(zone, p, self.dice[p]) * TIE for p in top_seats])
        else:
            mine = 0.0 - self.before_me
            tie = TIE if len(top_seats) > 1 else 1.0
            theirs = sum([value(zone, p, self.dice[p]) * tie for p in top_seats])
        theirs -= self.before_them
        safety = 0.05 * min(max(my_total - top, -6), 6)
        cancelled = len(my_dice) < placed
        return float(mine - DENY * theirs + safety - 2.0 * cancelled - 0.02 * v)

    def removal_gain(self, v: int, my_code: int, o: int, o_code: int, placed: int) -> float:
        """`_Context.compute_gain` of placing `v` and sending a die of seat `o` (not us) to
        the centre, `o`'s dice code after it `o_code`."""
        me, dice, zone = self.me, self.dice, self.zone
        my_dice, my_total = COUNTING[my_code]
        o_dice, o_total = COUNTING[o_code]
        totals = self.totals.copy()
        totals[me], totals[o] = my_total, o_total
        margin = my_total - max(t for p, t in enumerate(totals) if p != me)
        top = max(totals)
        controllers = [p for p, t in enumerate(totals) if t == top] if top else []
        tie = TIE if len(controllers) > 1 else 1.0
        mine = (self.value(zone, me, my_dice) * tie if me in controllers else 0.0) - self.before_me
        theirs = sum(
            [
                self.value(zone, p, o_dice if p == o else dice[p]) * tie
                for p in controllers
                if p != me
            ]
        )
        theirs -= self.before_them
        safety = 0.05 * min(max(margin, -6), 6)
        cancelled = len(my_dice) < placed
        return float(mine - DENY * theirs + safety - 2.0 * cancelled - 0.02 * v)

    def best_of(self, v: int) -> tuple[float, int, Any]:
        """The best placement of a `v` here among the greedy bot's candidates, the first in id
        order among equals: plain, then (a 1 or 2) removals of each opponent's biggest
        counting die or of our own die of that value, then (a 3 or 4) Target moves."""
        me, d, zone, codes, rank = self.me, self.d, self.zone, self.codes, self.d * 1000
        shift = SHIFT[v]
        my_code = codes[me]
        after = my_code + (1 << shift) if (my_code >> shift) & 3 != 3 else my_code
        placed = self.mine + 1
        best = (self.plain_gain(v, zone, after, placed), rank + v, _one(Place, v, d))
        if v <= 2:
            for o in range(len(codes)):
                if o == me:
                    if not (my_code >> shift) & 3:
                        continue
                    # our own die of this value, which the new one would cancel: no change
                    t, score = v, self.plain_gain(v, zone, my_code, self.mine)
                else:
                    if not self.dice[o]:
                        continue
                    t = self.dice[o][-1]  # their biggest counting die
                    score = self.removal_gain(v, after, o, codes[o] - (1 << SHIFT[t]), placed)
                if score > best[0]:
                    best = (score, rank + 10 + 100 * v + 10 * o + t, _remove(v, d, o, t))
        elif v <= 4:
            for z in (zone - 1, zone + 1):
                if 0 <= z <= 2:
                    score = self.plain_gain(v, z, after, placed)
                    if score > best[0]:
                        best = (score, rank + 500 + 10 * v + z, _one(PlaceMove, v, d, z))
        return best


class _Districts:
    """A bounded LRU of `_District`s by (table number, district, the Targets of it and of its
    neighbours, its entrance)."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.found: OrderedDict[tuple[Any, ...], _District] = OrderedDict()
        self.rounds: dict[tuple[Any, ...], tuple[int, list[tuple[Reward, ...]]]] = {}
        self.rewards: dict[tuple[int, ...], _Rewards] = {}
        self.numbered = 0

    def table(self, game: Any, s: JellyState, me: int) -> tuple[int, list[tuple[Reward, ...]]]:
        """A number for what the values depend on besides one district (the content's faces
        and those drawn, the seat, every seat's Jelly and pods) and the zone rewards."""
        key = (token(game.table.faces), s.faces, me, s.pods, s.jelly)
        found = self.rounds.get(key)
        if found is None:
            if len(self.rounds) >= ROUNDS_KEPT:
                self.rounds.clear()  # numbers are never reused: no stale district is found
                self.rewards.clear()
            self.numbered += 1
            faces = game.table.faces
            found = self.rounds[key] = (self.numbered, [faces[f].zones for f in s.faces])
        return found

    def district(
        self, s: JellyState, me: int, d: int, number: int, zones: list[tuple[Reward, ...]]
    ) -> _District:
        targets = s.targets
        # reward values depend on the Targets next door too (adjacent rewards)
        key = (number, d, targets[d - 1], targets[(d + 1) % len(targets)])
        rewards = self.rewards.get(key)
        if rewards is None:
            if len(self.rewards) >= REWARDS_KEPT:
                self.rewards.clear()
            rewards = self.rewards[key] = _Rewards(Valuer(me, s.pods, s.jelly, zones, targets), d)
        return _District(s, me, d, rewards)

    def clear(self) -> None:
        self.found.clear()
        self.rounds.clear()
        self.rewards.clear()

    def __len__(self) -> int:
        return len(self.found)


DISTRICTS = _Districts()


def place(game: Any, s: JellyState, me: int, may_roll: bool) -> Any:
    """`GreedyBot(game, me).act_on_state(game, s, legal)` where `me` holds a roll in play and
    `legal` are its placements, after a `Reroll` when it `may_roll` again."""
    number, zones = DISTRICTS.table(game, s, me)
    found, kept = DISTRICTS.found, DISTRICTS.kept
    values = _values(s.rolls[me])
    targets, entrances = s.targets, s.entrances
    count = len(targets)
    best: Any = None
    best_score = float("-inf")
    for d, lock in enumerate(s.locks):
        if lock != NOBODY:
            continue
        key = (number, d, targets[d - 1], targets[d], targets[(d + 1) % count], entrances[d])
        district = found.get(key)
        if district is None:
            if len(found) >= kept:
                found.popitem(last=False)
            district = found[key] = DISTRICTS.district(s, me, d, number, zones)
        else:
            try:  # noqa: SIM105 (free when nothing is raised, unlike contextlib.suppress)
                found.move_to_end(key)
            except KeyError:  # dropped meanwhile by another thread: the district is still right
                pass
        entry = district.chosen.get(values)
        if entry is None:
            entry = district.choose(values)
        if entry[0] > best_score:  # districts come in id order: a later one must be better
            best_score, best = entry[0], entry[2]
    if best is None or (best_score < -1.0 and may_roll):
        return ROLL  # every placement hurts us: roll again
    return best
