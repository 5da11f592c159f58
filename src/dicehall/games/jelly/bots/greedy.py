"""A greedy Jelly Monster bot: the heuristics a casual player would recognise.

From its view only: place the die that most improves what it controls (never cancelling its
own dice by accident), contest high rewards, use 1-2 to knock out the leader's biggest die,
3-4 to move a Target to the zone best for it, lock its best district, flip the timer when it
is ahead (out of dice and behind, it keeps the flip in hand and looks again later, while the
rules let it wait), choose the better neighbour, and give Jelly to the weakest opponent.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from dicehall.core.types import View
from dicehall.games.jelly.actions import (
    ChooseSide,
    FlipTimer,
    GiveJelly,
    Lock,
    Pass,
    Place,
    PlaceMove,
    PlaceRemove,
    Reroll,
    Wait,
)
from dicehall.games.jelly.bots.gains import GAINS, WORTHS, DistrictKey, token
from dicehall.games.jelly.content import (
    EITHER,
    LEFT,
    Adjacent,
    Atom,
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
    parse_reward,
)
from dicehall.games.jelly.rewards import Standing, standing
from dicehall.games.jelly.state import Die, Grant, JellyState, Phase, RerollDie

POD = 3.5  # a Jelly-pod is worth one die roll on average
DENY = 0.35  # weight of what opponents lose
TIE = 0.6  # a tie shares the reward's worth with someone else


class GreedyBot:
    level = "greedy"

    def __init__(self, game: Any = None, seat: int = 0) -> None:
        self.seat = seat
        self._zones: dict[str, tuple[Reward, ...]] = {}

    def zones(self, district: dict[str, Any]) -> tuple[Reward, ...]:
        """A district's zone rewards, parsed once per face."""
        key = district["face"]
        if key not in self._zones:
            self._zones[key] = tuple(parse_reward(z, "view") for z in district["zones"])
        return self._zones[key]

    # --- entry point ---------------------------------------------------------------
    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        return self.decide(_Context.from_view(view, self.zones), legal_actions)

    def act_on_state(self, game: Any, state: JellyState, legal_actions: Sequence[Any]) -> Any:
        """The move `act` makes from this seat's view of `state`, read from the state itself
        (what the view shows of it, without building the view: MCTS rollouts)."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        return self.decide(_Context.from_state(game, state, self.seat), legal_actions)

    def decide(self, ctx: _Context, legal_actions: Sequence[Any]) -> Any:
        first = legal_actions[0]
        if isinstance(first, GiveJelly):
            return min(legal_actions, key=lambda a: (ctx.score(a.to), a.to))
        if isinstance(first, ChooseSide):
            return max(legal_actions, key=lambda a: ctx.side_value(a.side))
        if any(isinstance(a, Pass) for a in legal_actions):
            return self._out_of_dice(ctx, legal_actions)
        return self._place(ctx, legal_actions)

    def _out_of_dice(self, ctx: _Context, legal: Sequence[Any]) -> Any:
        locks = [a for a in legal if isinstance(a, Lock)]
        if locks:  # lock the district worth most to us
            best = max(locks, key=lambda a: (ctx.mine(a.district), -a.district))
            if ctx.mine(best.district) > 0:
                return best
        if any(isinstance(a, FlipTimer) for a in legal) and ctx.ahead():
            return FlipTimer()
        if Wait() in legal:  # behind for now: keep the flip (and lock) in hand, look again later
            return Wait()
        return Pass()

    def _place(self, ctx: _Context, legal: Sequence[Any]) -> Any:
        best: Any = None
        best_score = float("-inf")
        for action in ctx.candidates(legal):
            score = ctx.gain(action)
            if score > best_score:
                best, best_score = action, score
        if best is None or (best_score < -1.0 and Reroll() in legal):
            return Reroll()  # every placement hurts us: roll again
        return best


@lru_cache(maxsize=8192)  # entrances recur across the decisions of a search's rollouts
def _placing(
    entrance: tuple[Die, ...], removed: Die | None, value: int, me: int, players: int
) -> tuple[Standing, tuple[int, ...], float, bool]:
    """An entrance's standing after `me` places `value` (having removed `removed`), its other
    controllers, the safety of the margin and whether the die cancels one of ours."""
    if removed is not None:
        i = entrance.index(removed)
        entrance = entrance[:i] + entrance[i + 1 :]
    after = standing((*entrance, (me, value)), players)
    others = tuple(p for p in after.controllers if p != me)
    margin = after.totals[me] - max(t for p, t in enumerate(after.totals) if p != me)
    placed = sum(o == me for o, _ in entrance) + 1
    cancelled = len(after.dice[me]) < placed
    return after, others, 0.05 * min(max(margin, -6), 6), cancelled


class Valuer:
    """What a reward is worth to a seat, from the zone rewards, the Targets and every seat's
    Jelly and pods (the part of the table a reward's value depends on, besides the seat's
    counting dice)."""

    def __init__(
        self,
        me: int,
        pods: Sequence[int],
        jelly: Sequence[int],
        zones: Sequence[tuple[Reward, ...]],
        targets: Sequence[int],
    ) -> None:
        self.me, self.n = me, len(pods)
        self.pods, self.jelly, self.zones = pods, jelly, zones
        self.targets = targets
        self._seats_key = (me, tuple(pods), tuple(jelly))

    def atom_value(self, atom: Atom, p: int, st: Standing, d: int, nested: bool) -> float:
        match atom:
            case Jelly(n):
                return float(n)
            case TakePod():
                return POD
            case DiscardPod():
                return -POD if self.pods[p] else 0.0
            case JellyPerPod(n):
                return float(n * self.pods[p])
            case JellyPerDie(n, parity):
                return float(n * sum((v % 2 == 1) == (parity == "odd") for v in st.dice[p]))
            case Tribute(n):
                return float(sum(min(n, j) for q, j in enumerate(self.jelly) if q != p))
            case Give(n):
                return -float(min(self.jelly[p], n * (self.n - 1)))
            case Adjacent(side):
                if nested:
                    return 0.0
                sides = (LEFT, "right") if side == EITHER else (side,)
                return max(self.reward_value(self._target(d, s), p, st, d, True) for s in sides)
            case DiceCount(up_to, few, many):
                branch = few if len(st.dice[p]) <= up_to else many
                return self.reward_value(branch, p, st, d, True)
            case Podium(ranks, _):
                return self.reward_value(ranks[0], p, st, d, True)
        return 0.0  # pragma: no cover

    def reward_value(self, reward: Reward, p: int, st: Standing, d: int, nested: bool) -> float:
        """Reads only `st.dice[p]` of the standings (what `worth` remembers values by)."""
        return sum(self.atom_value(a, p, st, d, nested) for a in reward)

    def reads_dice(self, reward: Reward, d: int, nested: bool) -> bool:
        """Whether `reward_value(reward, p, st, d, nested)` reads `st.dice[p]` (per counting
        die, by how many): the same branches as `atom_value`."""
        for atom in reward:
            match atom:
                case JellyPerDie() | DiceCount():
                    return True
                case Adjacent(side) if not nested:
                    sides = (LEFT, "right") if side == EITHER else (side,)
                    if any(self.reads_dice(self._target(d, s), d, True) for s in sides):
                        return True
                case Podium(ranks, _):
                    if self.reads_dice(ranks[0], d, True):
                        return True
        return False

    def _target(self, d: int, side: str) -> Reward:
        other = (d + (-1 if side == LEFT else 1)) % len(self.zones)
        return self.zones[other][self.targets[other]]

    def reward_key(self, d: int) -> DistrictKey:
        """Everything the value of a reward of district `d` depends on, besides its zone, the
        seat and the seat's dice: the zone rewards here and next door (the Targets of the
        neighbours, for "adjacent" rewards), and every seat's Jelly and pods."""
        count = len(self.zones)
        left, right = (d - 1) % count, (d + 1) % count
        zones, targets = self.zones, self.targets
        return (
            token(zones[left]), token(zones[d]), token(zones[right]),
            targets[left], targets[right], self._seats_key,
        )  # fmt: skip


class _Context(Valuer):
    """The table as the bot reads it from the view."""

    def __init__(
        self,
        me: int,
        pods: Sequence[int],
        jelly: Sequence[int],
        zones: Sequence[tuple[Reward, ...]],
        entrances: Sequence[tuple[Die, ...]],
        targets: Sequence[int],
        pending_district: int,
    ) -> None:
        super().__init__(me, pods, jelly, zones, targets)
        self.entrances = entrances
        self.pending_district = pending_district
        self.base = [standing(e, self.n) for e in self.entrances]
        self._before: list[tuple[float, ...] | None] = [None] * len(self.base)
        self._worths: list[dict[Any, float] | None] = [None] * len(self.base)
        self._before_split: list[tuple[float, float] | None] = [None] * len(self.base)
        self._known: list[dict[Any, float] | None] = [None] * len(self.base)

    @classmethod
    def from_view(
        cls, view: View, zones: Callable[[dict[str, Any]], tuple[Reward, ...]]
    ) -> _Context:
        table, districts = view["table"], view["districts"]
        pending = view["pending"] or {}
        return cls(
            me=view["seat"],
            pods=[p["pods"] for p in table],
            jelly=[p["jelly"] for p in table],
            zones=[zones(d) for d in districts],
            entrances=[tuple((o, v) for o, v in d["dice"]) for d in districts],
            targets=[d["target"] for d in districts],
            pending_district=pending.get("district", 0),
        )

    @classmethod
    def from_state(cls, game: Any, s: JellyState, seat: int) -> _Context:
        """What `from_view` reads from the seat's view (observe.py), taken from the state."""
        faces = game.table.faces
        n_districts = len(s.faces)
        pending = 0
        if s.phase == Phase.SCORING and s.queue and isinstance(s.queue[0], RerollDie | Grant):
            pending = s.queue[0].district
        return cls(
            me=seat,
            pods=s.pods,
            jelly=s.jelly,
            zones=[faces[f].zones for f in s.faces],
            entrances=s.entrances or ((),) * n_districts,
            targets=s.targets or (0,) * n_districts,
            pending_district=pending,
        )

    # --- valuing ---------------------------------------------------------------------
    def worth(self, p: int, st: Standing, d: int, zone: int) -> float:
        """What seat `p` expects from district `d` with standings `st` and Target at `zone`."""
        controllers = st.controllers
        if p not in controllers:
            return 0.0
        known = self._worths[d]
        if known is None:
            known = self._worths[d] = WORTHS.of(self.reward_key(d))
        key = (zone, p, st.dice[p])  # a reward's value depends on p's own dice only
        value = known.get(key)
        if value is None:
            value = known[key] = self.reward_value(self.zones[d][zone], p, st, d, False)
        return value * (TIE if len(controllers) > 1 else 1.0)

    def before(self, d: int) -> tuple[float, ...]:
        """Every seat's worth from district `d` as it stands (computed once)."""
        if self._before[d] is None:
            st, zone = self.base[d], self.targets[d]
            self._before[d] = tuple(self.worth(p, st, d, zone) for p in range(self.n))
        found = self._before[d]
        assert found is not None
        return found

    def before_split(self, d: int) -> tuple[float, float]:
        """Our worth from district `d` as it stands, and the other seats' together."""
        before = self.before(d)
        found = self._before_split[d] = (before[self.me], sum(before) - before[self.me])
        return found

    def mine(self, d: int) -> float:
        return self.worth(self.me, self.base[d], d, self.targets[d])

    def score(self, p: int) -> float:
        here = sum(self.worth(p, self.base[d], d, self.targets[d]) for d in range(len(self.base)))
        return self.jelly[p] + POD * self.pods[p] + here

    def ahead(self) -> bool:
        mine = self.score(self.me)
        return all(mine >= self.score(p) for p in range(self.n) if p != self.me)

    def side_value(self, side: str) -> float:
        d = self.pending_district
        return self.reward_value(self._target(d, side), self.me, self.base[d], d, True)

    # --- placing ---------------------------------------------------------------------
    def candidates(self, legal: Sequence[Any]) -> list[Any]:
        """Plain placements and moves, and removals of each opponent's biggest die (or of
        our own die that would cancel)."""
        out = []
        for a in legal:
            if isinstance(a, PlaceRemove):
                st = self.base[a.district]
                own_clash = a.owner == self.me and a.target == a.value
                if not own_clash and (
                    a.owner == self.me or a.target != max(st.dice[a.owner] or (0,))
                ):
                    continue
            if not isinstance(a, Reroll):
                out.append(a)
        return out

    def gain(self, a: Place | PlaceRemove | PlaceMove) -> float:
        """What placing `a` is worth to us (remembered across decisions, see `gains.py`)."""
        d = a.district
        known = self._known[d]
        if known is None:
            known = self._known[d] = GAINS.of(self.district_key(d))
        value = known.get(a)
        if value is None:
            value = known[a] = self.compute_gain(a)
        return value

    def district_key(self, d: int) -> DistrictKey:
        """Everything a placement's value in district `d` depends on."""
        count = len(self.zones)
        left, right = (d - 1) % count, (d + 1) % count
        zones, targets = self.zones, self.targets
        return (
            token(zones[left]), token(zones[d]), token(zones[right]),
            targets[left], targets[d], targets[right], self.entrances[d], self._seats_key,
        )  # fmt: skip

    def compute_gain(self, a: Place | PlaceRemove | PlaceMove) -> float:
        d, me = a.district, self.me
        zone = self.targets[d]
        removed = None
        if type(a) is PlaceRemove:
            removed = (a.owner, a.target)
        elif type(a) is PlaceMove:
            zone = a.zone
        after, others, safety, cancelled = _placing(self.entrances[d], removed, a.value, me, self.n)
        mine_before, theirs_before = self._before_split[d] or self.before_split(d)
        mine = self.worth(me, after, d, zone) - mine_before
        theirs = sum([self.worth(p, after, d, zone) for p in others])
        theirs -= theirs_before
        return float(mine - DENY * theirs + safety - 2.0 * cancelled - 0.02 * a.value)
