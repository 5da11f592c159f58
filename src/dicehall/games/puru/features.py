"""Puru Puru features: every number on the table, scaled to about 0..1 (tracks run to 20)."""

from __future__ import annotations

from typing import Any

from dicehall.core import View
from dicehall.core.features import Vec, hot, padded, seat_labels
from dicehall.games.puru.dice import NO_MAJORITY, pattern
from dicehall.games.puru.state import PAID_REROLL, Phase, Power

FACES = ("heart", "star", "crying", "angry")
PHASES = ("deal", "roll", "choose", "keep", "power", "over")
MODES = ("basic", "full", "solo", "super-solo")
CHARACTERS = (
    "puru_puru", "space_jelly", "jelly_fish", "fruit_jelly", "grass_jelly", "rainbow_jelly",
)  # fmt: skip
PENDING = ("keep_or_give", "jelly_fish", "grass_jelly", "puru_puru")
TRACK = 20.0


def _dice(v: Vec, dice: dict[str, int] | None, name: str) -> None:
    v.nums([(dice or {}).get(f, 0) for f in FACES], 4, 6.0, name, FACES)


def encode(game: Any, view: View) -> list[float]:
    return _fill(Vec(), game, view).out


def names(game: Any) -> list[str]:
    """One name per entry of `encode`'s vector (seats written `seat<k>`)."""
    return list(_fill(Vec(named=True), game, game.observe(game.initial_state(), 0)).names or ())


def _fill(v: Vec, game: Any, view: View) -> Vec:
    n = game.num_players
    seats = seat_labels(n)
    v.one_hot(view["viewer"], range(n), "viewer")
    v.one_hot(view["mode"], MODES, "mode")
    v.one_hot(view["phase"], PHASES, "phase")
    v.one_hot(view["roller"], range(n), "roller", seats)
    v.mask(view["to_act"], n, "to_act", seats)
    for p in view["players"]:
        with v.scope(seats[p["seat"]]):
            v.num(p["love"], TRACK, "love")
            v.num(p["excitement"], TRACK, "excitement")
            v.num(p["jelly"], TRACK, "jelly")
            v.one_hot(p["character"], CHARACTERS, "character")
            v.num(p["auto"], name="auto")
    _dice(v, view["dice"], "dice")
    v.num(view["num_dice"], 6.0, "num_dice")
    v.num(view["rolling"], 6.0, "rolling")
    v.num(view["rerolls_used"], 3.0, "rerolls_used")
    v.num(view["rerolls_left"], 3.0, "rerolls_left")
    v.num(view["next_reroll_cost"], name="next_reroll_cost")
    majority = view["majority"] or {}
    v.one_hot(majority.get("face"), FACES, "majority")
    v.num(majority.get("count"), 6.0, "majority_count")
    pending = view["pending"] or {}
    v.one_hot(pending.get("kind"), PENDING, "pending")
    v.one_hot(pending.get("seat"), range(n), "pending_seat", seats)
    effects = view["pending_effects"] or {}
    for key in ("love", "excitement", "drips"):
        v.nums(effects.get(key, ()), n, 6.0, f"effects.{key}", seats)
    v.one_hot(effects.get("majority"), FACES, "effects.majority")
    last = view["last"] or {}
    v.one_hot(last.get("roller"), range(n), "last.roller", seats)
    _dice(v, last.get("dice"), "last.dice")
    v.one_hot(last.get("majority"), FACES, "last.majority")
    for key in ("love", "excitement", "jelly"):
        v.nums(last.get(key, ()), n, 6.0, f"last.{key}", seats)
    return v


def _dice_counts(counts: tuple[int, ...] | None) -> list[float]:
    return [c / 6.0 for c in counts] if counts else [0.0] * 4


_MODE_ROWS = {mode: hot(i, 4) for i, mode in enumerate(MODES)}
_PHASE_ROWS = tuple(hot(i, 6) for i in range(6))
# The last block made of each kind, with the objects it was made from: consecutive states share
# these objects (a state changes a few fields), so most states find their blocks here. One
# tuple per slot, read once: safe when threads share a game.
_seats_memo: tuple[Any, ...] = ()
_res_memo: tuple[Any, ...] = ()
_last_memo: tuple[Any, ...] = ()


def _seats(game: Any, state: Any, n: int) -> tuple[float, ...]:
    """Each seat's love, excitement, jelly, character and whether the rules play it."""
    global _seats_memo
    memo, love, excite, jelly = _seats_memo, state.love, state.excite, state.jelly
    chars = state.characters
    same = memo and memo[0] is love and memo[1] is excite and memo[2] is jelly
    if same and memo[3] is chars and memo[4] == (n, game.solo):
        found: tuple[float, ...] = memo[5]
        return found
    out: list[float] = []
    for s in range(n):
        out += (love[s] / TRACK, excite[s] / TRACK, jelly[s] / TRACK)
        out += hot(chars[s] if chars else None, 6)
        out.append(1.0 if game.solo and s == 1 else 0.0)
    made = tuple(out)
    _seats_memo = (love, excite, jelly, chars, (n, game.solo), made)
    return made


def _resolution(res: Any, n: int) -> tuple[float, ...]:
    """The effects of the roll being resolved (zeros when none)."""
    global _res_memo
    memo = _res_memo
    if memo and memo[0] is res and memo[1] == n:
        found: tuple[float, ...] = memo[2]
        return found
    if res is None:
        made: tuple[float, ...] = (0.0,) * (3 * n + 4)
    else:
        made = (*padded(res.love, n, 6.0), *padded(res.excite, n, 6.0))
        made += (*padded(res.drips, n, 6.0), *hot(res.majority, 4))
    _res_memo = (res, n, made)
    return made


def _last_roll(last: Any, n: int) -> tuple[float, ...]:
    """The last resolved roll (zeros before the first)."""
    global _last_memo
    memo = _last_memo
    if memo and memo[0] is last and memo[1] == n:
        found: tuple[float, ...] = memo[2]
        return found
    if last is None:
        made: tuple[float, ...] = (0.0,) * (n + 8 + 3 * n)
    else:
        made = (*hot(last.roller, n), *_dice_counts(last.dice), *hot(last.majority, 4))
        made += (*padded(last.love, n, 6.0), *padded(last.excite, n, 6.0))
        made += tuple(padded(last.jelly, n, 6.0))
    _last_memo = (last, n, made)
    return made


def encode_state(game: Any, state: Any, seat: int) -> list[float]:
    """The same vector as `encode(game, game.observe(state, seat))`, read from the state
    (Puru Puru has no hidden information: the view is the whole table)."""
    n, phase, dice = game.num_players, state.phase, state.dice
    mode = ("super-solo" if game.auto_dice == 4 else "solo") if game.solo else None
    mode = mode or ("full" if game.full else "basic")
    acting = [0.0] * n
    for s in game.actors(state):
        if s >= 0:
            acting[s] = 1.0
    out = [*hot(seat, n), *_MODE_ROWS[mode], *_PHASE_ROWS[phase], *hot(state.roller, n), *acting]
    out += _seats(game, state, n)
    out += _dice_counts(dice)
    auto = game.solo and state.roller == 1
    left = 0 if auto else PAID_REROLL - state.rerolls
    placed = sum(dice)
    rolling = state.n_dice - placed if phase == Phase.ROLL else 0
    out += (state.n_dice / 6.0, rolling / 6.0, state.rerolls / 3.0, left / 3.0)
    out.append(1.0 if left == 1 else 0.0)
    pat = pattern(dice) if placed == state.n_dice and phase != Phase.ROLL else None
    if pat is None or pat.majority == NO_MAJORITY:
        out += (0.0,) * 5
    else:
        out += (*hot(pat.majority, 4), pat.majority_count / 6.0)
    out += _pending_state(state, n)
    out += _resolution(state.res, n)
    out += _last_roll(state.last, n)
    return out


_POWER_KIND = {Power.JELLY_FISH: 1, Power.GRASS_JELLY: 2, Power.PURU_PURU: 3}


def _pending_state(state: Any, n: int) -> list[float]:
    if state.phase == Phase.KEEP:
        return [*hot(0, 4), *hot(state.roller, n)]
    if state.phase == Phase.POWER:
        # Space Jelly's optional roll (a house rule) has no kind of its own: the phase and
        # the chooser tell it, as `encode` of its view does
        kind = _POWER_KIND.get(state.power)
        return [*(hot(kind, 4) if kind is not None else [0.0] * 4), *hot(state.chooser, n)]
    return [0.0] * (4 + n)
