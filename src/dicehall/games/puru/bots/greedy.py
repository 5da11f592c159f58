"""Greedy Puru Puru bot: rerolls for the best expected resolution, one reroll ahead.

It values a player's tracks with a simple position score (the higher of Love and Excitement,
half the lower one, and Jelly worth more as it runs low), scores each possible final roll
by what it does to itself and to its opponents, and takes the reroll (or resolve) with the
best exact expectation from the game's roll tables. It pays for the second reroll only when
the gain beats the Jelly, and never when its Jelly is low. Out of turn it takes whatever
helps its own position most. It reads only the view and the legal actions. Its knob `guard`
(`greedy:guard=6`) is that Jelly floor: it never pays a Jelly for a reroll at or below it.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from dicehall.core.parts import BotKnobs, Knob
from dicehall.core.types import View
from dicehall.games.puru import powers
from dicehall.games.puru.actions import (
    DECLINE,
    GIVE_AWAY,
    KEEP,
    RESOLVE,
    SPACE_CHOICES,
    Character,
    Choose,
    IgnoreDrip,
    Reroll,
    Track,
)
from dicehall.games.puru.dice import (
    DEFAULT_DIE,
    Counts,
    parse_die,
    pattern,
    sub_multisets,
    tables,
)
from dicehall.games.puru.state import JELLY_START, Resolution

WIN, LOSE = 100.0, -100.0
LOW_JELLY = 3  # never pay a Jelly for a reroll at or below this
GUARD = Knob(
    "guard",
    "never pay a Jelly for a reroll with this much Jelly or less; default 3",
    default=LOW_JELLY,
    low=0,
    high=JELLY_START,
)
KNOBS: BotKnobs = {"greedy": (GUARD,)}
"""The knobs of Puru Puru's bots (`GameParts.knobs`)."""
SPACE_BONUS = 2.5  # the value of Space Jelly's extra roll
FINALS_KEPT = 4  # positions whose final-roll values a bot remembers (a turn's decisions share one)


def position(love: int, excite: int, jelly: int) -> float:
    """A player's standing: racing one track to 20 while keeping Jelly above 0."""
    if love >= 20 or excite >= 20:
        return WIN
    if jelly <= 0:
        return LOSE
    return max(love, excite) + 0.5 * min(love, excite) + 10.0 * math.log(jelly)


class GreedyBot:
    """One-step expectimax over the exact roll tables with a hand-made position score."""

    level = "greedy"

    def __init__(self, game: Any, seat: int, guard: int = GUARD.default) -> None:
        self.seat, self.guard = seat, guard
        self._weights = parse_die(str(getattr(game, "params", {}).get("die", DEFAULT_DIE)))
        self._rolls = _float_rolls(self._weights)
        self._effects: dict[tuple[Counts, bool | None, str | None], Resolution] = {}
        self._finals: OrderedDict[Any, dict[Counts, float]] = OrderedDict()

    # --- decisions ------------------------------------------------------------------
    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        pending = view["pending"]
        if pending is not None and pending["kind"] == "keep_or_give":
            return self._keep_or_give(view, legal_actions)
        if pending is not None and pending["kind"] == "space_jelly":
            return self._space_roll(view)
        if pending is not None:
            return self._power_choice(view, legal_actions)
        if RESOLVE in legal_actions and len(legal_actions) > 1:
            return self._reroll_or_resolve(view, legal_actions)
        return legal_actions[0]

    def _keep_or_give(self, view: View, legal: Sequence[Any]) -> Any:
        dice = _counts(view["dice"])
        keep = self._value(view, dice, True)
        give = self._value(view, dice, False)
        return KEEP if keep >= give and KEEP in legal else GIVE_AWAY

    def _space_roll(self, view: View) -> Any:
        """House rule `space_roll=optional`: roll again when a roll of one die fewer is worth
        more than nothing on average (it can also feed the rivals), valued as the bot plays
        it: the better of resolving and its best free reroll (one reroll ahead)."""
        fewer = {**view, "num_dice": view["num_dice"] - 1}
        finals = self._final_values(fewer)
        expected = 0.0
        for counts, p in self._rolls[fewer["num_dice"]]:
            best = finals[counts]
            for sub in sub_multisets(counts):
                kept = (counts[0] - sub[0], counts[1] - sub[1], counts[2] - sub[2],
                        counts[3] - sub[3])  # fmt: skip
                after = _finals_after(self._weights, kept, sum(sub))
                best = max(best, sum(q * finals[final] for final, q in after))
            expected += p * best
        return SPACE_CHOICES[0] if expected > 0 else SPACE_CHOICES[1]

    def _power_choice(self, view: View, legal: Sequence[Any]) -> Any:
        track = self._best_track(view)
        for action in (Choose(track), IgnoreDrip(track)):
            if action in legal:
                return action
        return DECLINE if DECLINE in legal else legal[0]

    def _best_track(self, view: View) -> Track:
        me = view["players"][self.seat]
        love, excite = me["love"], me["excitement"]
        effects = view["pending_effects"]
        if effects is not None:
            love += effects["love"][self.seat]
            excite += effects["excitement"][self.seat]
        return Track.LOVE if love >= excite else Track.EXCITEMENT

    def _reroll_or_resolve(self, view: View, legal: Sequence[Any]) -> Any:
        dice = _counts(view["dice"])
        finals = self._final_values(view)
        best = finals[dice]
        choice_: Any = RESOLVE
        cost = 0.0
        if view["next_reroll_cost"]:
            jelly = view["players"][self.seat]["jelly"]
            if jelly <= self.guard:
                return RESOLVE  # guard the Jelly
            cost = 10.0 * (math.log(jelly) - math.log(jelly - 1))
        for action in legal:
            if not isinstance(action, Reroll):
                continue
            sub = action.counts
            kept = (dice[0] - sub[0], dice[1] - sub[1], dice[2] - sub[2], dice[3] - sub[3])
            ev = -cost
            for final, p in _finals_after(self._weights, kept, sum(sub)):
                ev += p * finals[final]
            if ev > best + 1e-9:
                best, choice_ = ev, action
        return choice_

    # --- evaluation -----------------------------------------------------------------
    def _final_values(self, view: View) -> dict[Counts, float]:
        """The value of resolving each possible final roll of this many dice (the same for
        every decision of a turn: the tracks move only when the dice resolve)."""
        players = view["players"]
        key = (view["num_dice"], view["num_players"], tuple(_standing(p) for p in players))
        values = self._finals.get(key)
        if values is not None:
            self._finals.move_to_end(key)
            return values
        before = {p["seat"]: position(p["love"], p["excitement"], p["jelly"]) for p in players}
        values = {}
        for counts, _ in self._rolls[view["num_dice"]]:
            options: list[bool | None] = [None]
            if self._keep_option(view, counts):
                options = [True, False]
            values[counts] = max(self._value(view, counts, k, before) for k in options)
        self._finals[key] = values
        if len(self._finals) > FINALS_KEPT:
            self._finals.popitem(last=False)
        return values

    def _keep_option(self, view: View, dice: Counts) -> bool:
        pat = pattern(dice)
        fruit = view["players"][self.seat]["character"] == "fruit_jelly"
        return pat.all_same or (fruit and pat.majority_count >= 5)

    def _resolution(self, view: View, dice: Counts, kept: bool | None) -> Resolution:
        me = view["players"][self.seat]
        key = (dice, kept, me["character"])
        res = self._effects.get(key)
        if res is None:
            character = _character(me["character"])
            neighbours = tuple(me["neighbours"])
            res = powers.distribute(
                dice, self.seat, neighbours, view["num_players"], kept, character
            )
            self._effects[key] = res
        return res

    def _value(
        self, view: View, dice: Counts, kept: bool | None, before: dict[int, float] | None = None
    ) -> float:
        """My gain less my rivals' (weighted) from resolving `dice`; `before` is each
        player's `position` now, when the caller has it."""
        res = self._resolution(view, dice, kept)
        players = view["players"]
        me = players[self.seat]
        character = me["character"]
        rivals = max(1, len(players) - 1)
        weight = 1.0 if rivals == 1 else 1.5 / rivals
        total = 0.0
        for p in players:
            s = p["seat"]
            dl, de, dd, dj = res.love[s], res.excite[s], res.drips[s], res.regain[s]
            if s == self.seat:
                bonus = self._power_bonus(character, res, me, dice, view)
                dl, dd = dl + bonus[0], dd - bonus[1]
            if not (dl or de or dd or dj):
                continue
            now = position(p["love"], p["excitement"], p["jelly"]) if before is None else before[s]
            after = position(
                min(20, p["love"] + dl), min(20, p["excitement"] + de),
                max(0, min(20, p["jelly"] - dd + dj)),
            )  # fmt: skip
            total += (after - now) if s == self.seat else -weight * (after - now)
        if character == "space_jelly" and view["num_dice"] == 6:
            pat = pattern(dice)
            if pat.all_same or pat.three_three:
                total += SPACE_BONUS
        return total

    def _power_bonus(
        self, character: str | None, res: Resolution, me: dict[str, Any], dice: Counts,
        view: View,
    ) -> tuple[int, int]:  # fmt: skip
        """(extra gain on the leading track, drips avoided) from my own powers."""
        if character == "jelly_fish" and any(res.drips[n] for n in me["neighbours"]):
            return (powers.JELLY_FISH_GAIN, 0)
        if character == "grass_jelly" and res.drips[self.seat] >= powers.GRASS_MIN_DRIPS:
            return (1, 1)
        return (0, 0)


@lru_cache(maxsize=8)
def _float_rolls(weights: tuple[int, int, int, int]) -> list[list[tuple[Counts, float]]]:
    """Every roll of 0..6 dice with its chance as a float (one copy per die, shared by bots)."""
    return [[(c, float(p)) for c, p in pairs] for pairs in tables(weights).rolls]


@lru_cache(maxsize=4096)
def _finals_after(
    weights: tuple[int, int, int, int], kept: Counts, rerolled: int
) -> tuple[tuple[Counts, float], ...]:
    """Each final roll after rerolling `rerolled` dice beside `kept`, with its chance."""
    return tuple(
        ((kept[0] + o[0], kept[1] + o[1], kept[2] + o[2], kept[3] + o[3]), p)
        for o, p in _float_rolls(weights)[rerolled]
    )


def _standing(p: dict[str, Any]) -> tuple[Any, ...]:
    """What `_value` reads of a player."""
    return (p["seat"], p["love"], p["excitement"], p["jelly"], p["character"], *p["neighbours"])


def _counts(dice: dict[str, int]) -> Counts:
    return (dice["heart"], dice["star"], dice["crying"], dice["angry"])


def _character(name: str | None) -> int | None:
    return None if name is None else Character[name.upper()]
