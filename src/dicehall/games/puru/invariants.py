"""Puru Puru invariants for the rules fuzzer (`dicehall.sim.fuzz`): pure checks of a state.

Puru Puru has no hidden information (every seat sees the whole table), so there are no
hidden variants; `SEAT_KEYS` names the only part of a view that differs between seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.core.parts import FuzzChecks
from dicehall.games.puru.actions import Reroll
from dicehall.games.puru.dice import MAX_DICE
from dicehall.games.puru.spec import BOARDS_PER_CHARACTER
from dicehall.games.puru.state import PAID_REROLL, TRACK_MAX, Phase, Power, PuruState

FUZZ_CONFIGS: tuple[dict[str, Any], ...] = (
    *({"players": n} for n in range(2, 6)),
    *({"players": n, "full": True} for n in range(2, 6)),
    {"solo": True},
    {"solo": True, "super": True},
    {"players": 3, "die": "HSCA"},
    # the house rules (rules.md, *House rules*)
    {"players": 3, "full": True, "puru_copy": "total", "space_roll": "optional"},
    {"players": 5, "full": True, "duplicates": True},
    {
        "players": 4,
        "full": True,
        "puru_copy": "total",
        "space_roll": "optional",
        "duplicates": True,
    },
)
"""The variants, player counts and parameters the rules fuzzer plays (`dicehall fuzz`)."""

if TYPE_CHECKING:
    from dicehall.games.puru.rules import PuruGame

SEAT_KEYS = ("viewer",)
"""View keys that may differ between seats (everything else is public)."""


def violations(game: PuruGame, s: PuruState) -> list[str]:
    """What is wrong with `s` (empty when every invariant holds)."""
    n, out = game.num_players, []
    tracks = {"love": s.love, "excitement": s.excite, "jelly": s.jelly}
    for name, track in tracks.items():
        if len(track) != n or any(not 0 <= v <= TRACK_MAX for v in track):
            out.append(f"{name} track out of 0..{TRACK_MAX}: {track}")
    if not 0 <= s.roller < n:
        out.append(f"roller {s.roller} is not a seat")
    out += _dice(game, s)
    if not 0 <= s.rerolls <= PAID_REROLL:
        out.append(f"{s.rerolls} rerolls taken (at most {PAID_REROLL}, rules.md, *A turn*)")
    waiting = s.phase == Phase.POWER
    if s.power == Power.SPACE_JELLY:  # house rule `space_roll=optional`: his own choice
        pending = game.space_optional and s.res is None and s.chooser == s.roller
    else:
        pending = s.res is not None and s.power != Power.NONE and 0 <= s.chooser < n
    if waiting != pending:
        out.append(f"a pending power needs the POWER phase: {s.phase.name}, {s.power.name}")
    if game.solo and s.roller == 1 and s.phase in (Phase.CHOOSE, Phase.KEEP):
        out.append("AutoPuray never decides (rules.md, *Solo*)")
    out += _characters(game, s)
    ended = TRACK_MAX in s.love or TRACK_MAX in s.excite or 0 in s.jelly
    if ended != (s.phase == Phase.OVER):
        out.append(f"the end check (*The end*): end reached {ended}, phase {s.phase.name}")
    if s.phase == Phase.OVER and ended:
        out += _winners(game, s)
    return out


def _dice(game: PuruGame, s: PuruState) -> list[str]:
    """Dice are conserved: never more on the table than this roll uses."""
    out = []
    auto = game.solo and s.roller == 1
    allowed = (
        {game.auto_dice} if auto else {MAX_DICE, MAX_DICE - 1}
    )  # -1: Space Jelly (*Full game*)
    if s.n_dice not in allowed:
        out.append(f"a roll of {s.n_dice} dice (allowed {sorted(allowed)})")
    if any(c < 0 for c in s.dice) or sum(s.dice) > s.n_dice:
        out.append(f"dice {s.dice} do not fit a roll of {s.n_dice}")
    if s.phase in (Phase.CHOOSE, Phase.KEEP, Phase.POWER) and sum(s.dice) != s.n_dice:
        out.append(f"{sum(s.dice)} dice on the table after a roll of {s.n_dice}")
    return out


def _characters(game: PuruGame, s: PuruState) -> list[str]:
    if not game.full:
        return [f"characters {s.characters} outside the Full game"] if s.characters else []
    if s.phase == Phase.DEAL:
        return [] if not s.characters else ["characters before the deal"]
    if len(s.characters) != game.num_players:
        return [f"one character per seat: {s.characters}"]
    most = max(s.characters.count(c) for c in s.characters)
    if most > (BOARDS_PER_CHARACTER if game.duplicates else 1):  # house rule `duplicates`
        return [f"each seat needs a different character: {s.characters}"]
    return []


def _winners(game: PuruGame, s: PuruState) -> list[str]:
    """The result agrees with the tracks: Paradice first, else the best lower track of the
    players not at 0 Jelly; nobody when all are (rules.md, *The end*)."""
    seats = range(game.num_players)
    top = [p for p in seats if TRACK_MAX in (s.love[p], s.excite[p])]
    if not top:
        alive = [p for p in seats if s.jelly[p] > 0]  # all dripped out: nobody wins
        best = max((min(s.love[p], s.excite[p]) for p in alive), default=0)
        top = [p for p in alive if min(s.love[p], s.excite[p]) == best]
    winners = game.result(s).winners
    return [] if list(winners) == top else [f"winners {winners}, the tracks say {top}"]


def step_violations(game: PuruGame, s: PuruState, action: object, t: PuruState) -> list[str]:
    """One action: tracks move only when a roll is resolved, exactly as its summary says;
    otherwise only the paid second reroll costs the roller 1 Jelly (rules.md, *A turn* and
    *The end*)."""
    if t.turns == s.turns + 1:
        if t.last is None:
            return ["a roll was resolved without a summary"]
        moved = tuple(
            tuple(b - a for a, b in zip(x, y, strict=True))
            for x, y in ((s.love, t.love), (s.excite, t.excite), (s.jelly, t.jelly))
        )
        shown = (t.last.love, t.last.excite, t.last.jelly)
        return [] if moved == shown else [f"tracks moved by {moved}, the summary says {shown}"]
    if t.turns != s.turns:
        return [f"{t.turns - s.turns} rolls resolved by one action"]
    jelly = [b - a for a, b in zip(s.jelly, t.jelly, strict=True)]
    paid = [-1 if p == s.roller else 0 for p in range(len(jelly))]
    reroll = isinstance(action, Reroll) and s.rerolls == PAID_REROLL - 1
    if s.love != t.love or s.excite != t.excite or (any(jelly) and (jelly != paid or not reroll)):
        return [f"tracks moved outside a resolution: {action}"]
    return []


CHECKS = FuzzChecks(
    violations=violations,
    step_violations=step_violations,
    seat_keys=SEAT_KEYS,
    configs=FUZZ_CONFIGS,
)
"""This game's `checks` part (`GameParts.checks`)."""
