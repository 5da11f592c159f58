"""Puru Puru Paradice rules: `PuruGame` (rules.md beside this module, also docs/rules/puru.md)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import permutations
from typing import TYPE_CHECKING, Any

from dicehall.core.chance import Distribution, draw_below, uniform
from dicehall.core.errors import IllegalActionError
from dicehall.core.evolve import constructor, replace
from dicehall.core.game import Game
from dicehall.core.tuples import adder
from dicehall.core.types import CHANCE, Result, Seat, View
from dicehall.games.puru import chances, powers
from dicehall.games.puru.actions import (
    CHOOSE,
    CODEC,
    DECLINE,
    GIVE_AWAY,
    IGNORE,
    INDEX,
    INDEX_SPACE_CHOICE,
    KEEP,
    KEPT_BY_REROLL,
    REROLLS,
    RESOLVE,
    SPACE_CHOICES,
    Character,
    Choose,
    Deal,
    Decline,
    GiveAway,
    IgnoreDrip,
    Keep,
    PuruAction,
    Reroll,
    Resolve,
    Roll,
    SpaceRoll,
)
from dicehall.games.puru.chances import repeating_deals
from dicehall.games.puru.dice import (
    ADDED,
    KEPT,
    MAX_DICE,
    Counts,
    parse_die,
    pattern,
    sub_multisets,
)
from dicehall.games.puru.roll_end import NO_DICE, PlainRoll, finish, finish_plain, plain_roll
from dicehall.games.puru.rolls import roll_tables
from dicehall.games.puru.scoring import final_result, player_names
from dicehall.games.puru.spec import BOARDS_PER_CHARACTER, SPEC, check_params
from dicehall.games.puru.state import (
    JELLY_START,
    PAID_REROLL,
    Phase,
    Power,
    PuruState,
    Resolution,
    Stage,
    Summary,
)

if TYPE_CHECKING:  # the rules never draw by themselves: `core.sample` passes its generator in
    import random

_DEAL, _ROLL, _CHOOSE, _OVER = Phase.DEAL, Phase.ROLL, Phase.CHOOSE, Phase.OVER
_KEEP, _POWER = Phase.KEEP, Phase.POWER
_NO_POWER = Power.NONE
_CHANCE_ONLY = (CHANCE,)
_KEEP_OR_GIVE = (KEEP, GIVE_AWAY)
_new_state = constructor(PuruState)  # `PuruState(...)`, faster (the hot path)
_new_summary = constructor(Summary)
_POWER_ACTIONS = {
    Power.JELLY_FISH: CHOOSE,
    Power.PURU_PURU: CHOOSE,
    Power.GRASS_JELLY: (*IGNORE, DECLINE),
    Power.SPACE_JELLY: SPACE_CHOICES,
}
BOARDS = BOARDS_PER_CHARACTER * len(Character)


@lru_cache(maxsize=8)  # one per player count (2 to 5) and rule, shared by every table
def deals(players: int, duplicates: bool = False) -> Distribution:
    """The Full game's deal: every ordered choice of one character per seat, equally likely.

    With the house rule `duplicates` (rules.md, *House rules*), "Each player takes 1 random
    Jelly board" from the 12 boards, 2 per character: a character may come twice, each deal
    as likely as drawing its boards one by one."""
    if not duplicates:
        return uniform([Deal(p) for p in permutations(Character, players)])
    out = []
    for deal in (*permutations(Character, players), *repeating_deals(players)):
        p = Fraction(1)
        for i, c in enumerate(deal):
            p *= Fraction(BOARDS_PER_CHARACTER - deal[:i].count(c), BOARDS - i)
        out.append((Deal(deal), p))
    return Distribution(out)


class PuruGame(Game[PuruState, PuruAction]):
    """One parameter set of Puru Puru Paradice."""

    spec = SPEC
    action_index = INDEX
    action_codec = CODEC

    def __init__(self, params: dict[str, Any]) -> None:
        self.chosen = check_params(params)
        self.params = dict(params)
        self.num_players = int(params["players"])
        self.full = bool(params["full"])
        self.solo = bool(params["solo"])
        self.auto_dice = (
            4 if params["super"] else 3
        )  # AutoPuray / SuperAutoPuray (rules.md, *Solo*)
        # house rules (rules.md, *House rules*)
        self.puru_total = params["puru_copy"] == "total"
        self.space_optional = params["space_roll"] == "optional"
        self.duplicates = bool(params["duplicates"])
        self.action_index = INDEX_SPACE_CHOICE if self.space_optional else INDEX
        self.num_actions = len(self.action_index)
        n = self.num_players
        # every roll raises sum(L + E + (20 - J)) by at least 2 and the game ends before 57 per
        # seat; a roll takes at most 9 actions (roll, 2 rerolls, keep, 3 powers) (*The end*),
        # one more for an optional Space Jelly roll, two more for a second Grass Jelly and
        # Puru Puru
        per_roll = 9 + self.space_optional + 2 * self.duplicates
        self.max_game_length = per_roll * (57 * n // 2 + 2) + 1
        self.neighbours = tuple(tuple(sorted({(r - 1) % n, (r + 1) % n})) for r in range(n))
        tables = roll_tables(parse_die(str(params["die"])))
        self._rolls, self._roll_counts, self._shown, self._draws = tables
        self._deal = deals(n, self.duplicates)
        self._seat_actors = tuple((s,) for s in range(n))
        self._plus = adder(n)
        self._pay = tuple(tuple(-(s == r) for s in range(n)) for r in range(n))  # 1 Jelly, by seat
        # the next roller and their dice (AutoPuray rolls fewer, rules.md *Solo*)
        self._next_roll = tuple(
            ((r + 1) % n, self.auto_dice if self.solo and (r + 1) % n == 1 else MAX_DICE)
            for r in range(n)
        )
        # final rolls' effects without characters, per (dice, roller): at most 210 x 6
        self._plain: dict[tuple[Counts, int], PlainRoll | None] = {}
        # legal choices per dice on the table, without and with rerolls left (bounded by the
        # multisets of at most 6 dice)
        self._choose_cache: tuple[dict[Counts, tuple[PuruAction, ...]], ...] = ({}, {})

    def chance_catalogue(self) -> Iterator[Any]:
        return chances.catalogue(self.num_players, self.duplicates)

    # --- dynamics -------------------------------------------------------------------
    def initial_state(self) -> PuruState:
        dealing = self.full and not self.chosen
        return PuruState(
            phase=Phase.DEAL if dealing else Phase.ROLL,
            roller=0,
            love=(0,) * self.num_players,
            excite=(0,) * self.num_players,
            jelly=(JELLY_START,) * self.num_players,
            dice=NO_DICE,
            n_dice=MAX_DICE,
            rerolls=0,
            characters=tuple(self.chosen),
        )

    def actors(self, state: PuruState) -> tuple[Seat, ...]:
        phase = state.phase
        if phase <= _ROLL:  # DEAL or ROLL
            return _CHANCE_ONLY
        if phase == _OVER:
            return ()
        return self._seat_actors[state.chooser if phase == _POWER else state.roller]

    def legal_actions(self, state: PuruState, seat: Seat) -> tuple[PuruAction, ...]:
        phase = state.phase
        if phase == _CHOOSE:
            if seat != state.roller:
                return ()
            can_reroll = state.rerolls < PAID_REROLL
            found = self._choose_cache[can_reroll].get(state.dice)
            return found if found is not None else self._choose_actions(state.dice, can_reroll)
        if seat < 0 or phase == _OVER or seat != self._actor(state):
            return ()
        if phase == _KEEP:
            return _KEEP_OR_GIVE
        return _POWER_ACTIONS[state.power]

    def _choose_actions(self, dice: Counts, can_reroll: bool) -> tuple[PuruAction, ...]:
        found: tuple[PuruAction, ...] = (RESOLVE,)
        if can_reroll:  # the index's own objects, in id order
            found = (RESOLVE, *sorted((REROLLS[c] for c in sub_multisets(dice)), key=INDEX.encode))
        self._choose_cache[can_reroll][dice] = found
        return found

    def chance_outcomes(self, state: PuruState) -> Sequence[tuple[PuruAction, Fraction]]:
        phase = state.phase
        if phase == _DEAL:
            return self._deal
        if phase != _ROLL:
            raise IllegalActionError("this is not a chance node")
        return self._rolls[state.n_dice - sum(state.dice)]

    def sample_chance(self, state: PuruState, rng: random.Random) -> PuruAction:
        """`core.sample`'s draw: the outcome `chance_outcomes(state).sample(rng)` gives, found
        by the same integer drawn, looked up in the roll's draw table."""
        if state.phase == _ROLL:
            by_draw = self._draws[state.n_dice - sum(state.dice)]
            if by_draw is not None:
                return by_draw[draw_below(rng, len(by_draw))]
        outcomes = self.chance_outcomes(state)
        assert isinstance(outcomes, Distribution)
        return outcomes.sample(rng)  # type: ignore[no-any-return]

    def apply(self, state: PuruState, seat: Seat, action: PuruAction) -> PuruState:
        phase = state.phase
        if phase == _ROLL:
            if seat != CHANCE:
                raise IllegalActionError(f"seat {seat} may not act now", seat=seat, action=action)
            return self._rolled(state, action)
        if phase == _CHOOSE and seat == state.roller:
            if type(action) is Reroll:
                return self._reroll(state, action)
            if type(action) is Resolve:
                return self._resolve(state)
            raise IllegalActionError(f"{action} is not possible now", seat=seat, action=action)
        if phase == _OVER:
            raise IllegalActionError("the game is over", seat=seat, action=action)
        if seat != self._actor(state):
            raise IllegalActionError(f"seat {seat} may not act now", seat=seat, action=action)
        if phase == _KEEP:
            if isinstance(action, Keep | GiveAway):
                return self._distribute(state, isinstance(action, Keep))
        elif phase == Phase.POWER:
            return self._power_choice(state, action)
        elif isinstance(action, Deal):
            return self._dealt(state, action)
        raise IllegalActionError(f"{action} is not possible now", seat=seat, action=action)

    @staticmethod
    def _actor(state: PuruState) -> Seat:
        phase = state.phase
        if phase == _ROLL or phase == Phase.DEAL:
            return CHANCE
        return state.chooser if phase == Phase.POWER else state.roller

    def _dealt(self, state: PuruState, action: Deal) -> PuruState:
        if self._deal.probability(action) == 0:
            raise IllegalActionError(f"not a possible deal: {action}", action=action)
        return replace(state, phase=Phase.ROLL, characters=tuple(action.characters))

    def _rolled(self, state: PuruState, action: PuruAction) -> PuruState:
        shown = self._shown.get(id(action))  # the distributions' own outcomes
        if shown is not None:
            dice = shown.get(state.dice)
        else:
            counts = self._roll_counts.get(action) if isinstance(action, Roll) else None
            if counts is None:
                raise IllegalActionError(f"not a possible roll here: {action}", action=action)
            dice = ADDED.get((state.dice, counts))
        if dice is None or sum(dice) != state.n_dice:
            raise IllegalActionError(f"{action}: the wrong number of dice", action=action)
        if self.solo and state.roller == 1:  # AutoPuray: no rerolls, applied at once (*Solo*)
            return finish(state, dice, powers.auto_puray(dice, self.num_players), self._next_roll)
        rerolls = state.rerolls
        if rerolls >= PAID_REROLL and not state.characters:
            plain = self._plain_roll(dice, state.roller)
            if plain is not None:  # no choice left: resolve (*A turn*)
                return finish_plain(state, dice, plain, self._next_roll)
        rolled = _new_state(
            _CHOOSE, state.roller, state.love, state.excite, state.jelly, dice, state.n_dice,
            rerolls, state.characters, -1, _NO_POWER, None, state.last, state.turns,
        )  # fmt: skip
        if rerolls >= PAID_REROLL:
            return self._resolve(rolled)  # no choice left: resolve
        return rolled

    def _reroll(self, state: PuruState, action: Reroll) -> PuruState:
        dice = state.dice
        if state.rerolls >= PAID_REROLL:
            raise IllegalActionError("no rerolls left", action=action)
        by_dice = KEPT_BY_REROLL.get(id(action))  # the index's own objects, found without hashing
        kept = KEPT.get((dice, action.counts)) if by_dice is None else by_dice.get(dice)
        if kept is None:  # not a non-empty part of the dice shown
            raise IllegalActionError(f"cannot {action}: the dice show otherwise", action=action)
        jelly = state.jelly
        if state.rerolls == PAID_REROLL - 1:
            # the second reroll costs 1 Jelly, paid first (*A turn*)
            r = state.roller
            jelly = self._plus(jelly, self._pay[r])
            if jelly[r] <= 0:  # dripped to 0 by paying: the game ends at once
                note = ("paid 1 Jelly for a reroll and dripped out",)
                none, paid = (0,) * len(jelly), self._pay[r]
                last = Summary(r, dice, -1, None, (), none, none, paid, note)
                return replace(state, phase=Phase.OVER, jelly=jelly, last=last)
        return _new_state(
            _ROLL, state.roller, state.love, state.excite, jelly, kept, state.n_dice,
            state.rerolls + 1, state.characters, -1, _NO_POWER, None, state.last, state.turns,
        )  # fmt: skip

    def _character(self, state: PuruState, seat: int) -> int | None:
        return state.characters[seat] if state.characters else None

    def _resolve(self, state: PuruState) -> PuruState:
        chars = state.characters
        if not chars:
            plain = self._plain_roll(state.dice, state.roller)
            if plain is not None:
                return finish_plain(state, state.dice, plain, self._next_roll)
        pat = pattern(state.dice)
        fruit = bool(chars) and chars[state.roller] == Character.FRUIT_JELLY
        if pat.all_same or (fruit and pat.majority_count >= MAX_DICE - 1):
            # 6 of a kind: keep or give; Fruit Jelly may keep 5+ of a kind (*Full game*)
            return replace(state, phase=Phase.KEEP)
        return self._distribute(state, None)

    def _plain_roll(self, dice: Counts, roller: int) -> PlainRoll | None:
        key = (dice, roller)
        found = self._plain.get(key)
        if found is None and key not in self._plain:
            found = plain_roll(dice, roller, self.neighbours[roller], self.num_players)
            self._plain[key] = found
        return found

    def _distribute(self, state: PuruState, kept: bool | None) -> PuruState:
        r, chars = state.roller, state.characters
        res = powers.distribute(
            state.dice, r, self.neighbours[r], self.num_players, kept, chars[r] if chars else None
        )
        if not chars:
            return finish(state, state.dice, res, self._next_roll)
        return self._advance(state, res)

    # --- powers (rules.md, *Full game*) --------------------------------------------------
    def _advance(self, state: PuruState, res: Resolution) -> PuruState:
        """Run the power checks from `res.stage` on; stop at the first choice to make."""
        chars, r = state.characters, state.roller
        while res.stage != Stage.DONE:
            stage = res.stage
            if stage == Stage.JELLY_FISH:
                if chars[r] == Character.JELLY_FISH and powers.jelly_fish_triggers(
                    res, r, self.neighbours[r]
                ):
                    return self._ask(state, res, Power.JELLY_FISH, r)
            elif stage == Stage.GRASS_JELLY:
                # one seat, or two in seat order with the house rule `duplicates`
                for g in _seats_of(chars, Character.GRASS_JELLY, res.cursor):
                    if powers.grass_jelly_triggers(res, g):
                        return self._ask(state, res, Power.GRASS_JELLY, g)
            else:
                for p in _seats_of(chars, Character.PURU_PURU, res.cursor):
                    if p == r:
                        continue  # "from any roll excluding yours"
                    tracks = powers.puru_puru_tracks(res, self.neighbours[p], self.puru_total)
                    if len(tracks) == 2:  # her choice when both qualify
                        return self._ask(state, res, Power.PURU_PURU, p)
                    if len(tracks) == 1:
                        label = tracks[0].label
                        res = powers.gain(res, p, tracks[0], 1, f"Puru Puru copied 1 {label}")
            res = powers.next_stage(res)
        return finish(state, state.dice, res, self._next_roll, self.space_optional)

    def _ask(self, state: PuruState, res: Resolution, power: Power, seat: int) -> PuruState:
        res = replace(res, cursor=seat)  # the stage goes on after this seat's choice
        return replace(state, phase=Phase.POWER, power=power, chooser=seat, res=res)

    def _power_choice(self, state: PuruState, action: PuruAction) -> PuruState:
        res, seat, power = state.res, state.chooser, state.power
        if power == Power.SPACE_JELLY:
            if not isinstance(action, SpaceRoll):
                raise IllegalActionError(f"Space Jelly cannot {action} now", action=action)
            return self._space_roll(state, action.again)
        assert res is not None
        if power == Power.GRASS_JELLY:
            if isinstance(action, IgnoreDrip):
                res = powers.ignore_drip(res, seat, action.track)
            elif not isinstance(action, Decline):
                raise IllegalActionError(f"Grass Jelly cannot {action} now", action=action)
            res = powers.checked(res, seat)
        elif isinstance(action, Choose):
            fish = power == Power.JELLY_FISH
            amount = powers.JELLY_FISH_GAIN if fish else 1
            name = "Jelly Fish stung" if fish else "Puru Puru copied"
            res = powers.gain(
                res, seat, action.track, amount, f"{name}: +{amount} {action.track.label}"
            )
            res = powers.next_stage(res) if fish else powers.checked(res, seat)
        else:
            raise IllegalActionError(f"{action} is not possible now: choose a track", action=action)
        plain = replace(state, phase=Phase.CHOOSE, power=Power.NONE, chooser=-1, res=None)
        return self._advance(plain, res)

    def _space_roll(self, state: PuruState, again: bool) -> PuruState:
        """House rule `space_roll=optional`: Space Jelly's choice after his roll has resolved
        (rules.md, *House rules*): one more roll with one die fewer, or the dice pass on."""
        r = state.roller
        nxt, n_dice = (r, state.n_dice - 1) if again else self._next_roll[r]
        return _new_state(
            _ROLL, nxt, state.love, state.excite, state.jelly, NO_DICE, n_dice, 0,
            state.characters, -1, _NO_POWER, None, state.last, state.turns,
        )  # fmt: skip

    def is_terminal(self, state: PuruState) -> bool:
        return state.phase == _OVER

    def result(self, state: PuruState) -> Result:
        if state.phase != Phase.OVER:
            raise IllegalActionError("the game is not over")
        return final_result(state.love, state.excite, state.jelly, self.player_names(state))

    def player_names(self, state: PuruState) -> tuple[str, ...]:
        auto = ("SuperAutoPuray" if self.auto_dice == 4 else "AutoPuray") if self.solo else ""
        return player_names(self.num_players, auto, state.characters)

    def automated_seats(self) -> frozenset[Seat]:
        """AutoPuray, seat 1 in Solo, is played by the rules (rules.md, *Solo*)."""
        return frozenset({1}) if self.solo else frozenset()

    # --- information and wire forms ---------------------------------------------------
    def observe(self, state: PuruState, seat: Seat | None) -> View:
        from dicehall.games.puru.observe import view

        return view(self, state, seat)

    def describe(self, action: PuruAction, viewer: Seat | None) -> str:
        from dicehall.games.puru.describe import describe

        return describe(action, viewer)


def _seats_of(characters: tuple[int, ...], character: Character, start: int) -> list[int]:
    """The seats from `start` on that play `character` (two at most, with `duplicates`)."""
    return [s for s in range(start, len(characters)) if characters[s] == character]


__all__ = ["PuruGame"]
