"""Jelly Monster invariants for the rules fuzzer (`dicehall.sim.fuzz`): pure checks of a state.

Each seat's 7 dice are conserved in a round (unplaced, on entrances, in the city centre; the
rulebook's cancelled dice still lie on the entrance while scoring), rolls hold exactly the
unplaced dice, Jelly and Jelly-pods never go negative and pods are never more than the 30.

Hidden information (rules.md, *A round*): a seat's current roll is behind its screen.
`hidden_variants` changes one seat's roll; `chance_witnesses` says that only the roller sees a
roll's outcome.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any, Protocol

from dicehall.core.parts import FuzzChecks
from dicehall.core.tuples import replace_at
from dicehall.games.jelly.play import MAX_REROLLS, MAX_WAITS, TICKS_AFTER_FLIP, waits_of
from dicehall.games.jelly.state import DICE, NOBODY, PODS, ROUNDS, JellyState, Phase

FUZZ_CONFIGS: tuple[dict[str, Any], ...] = (
    *({"players": n, "mode": "tick"} for n in range(3, 6)),
    {"players": 4, "mode": "tick", "content": "promo"},
    {"players": 4, "mode": "realtime"},
)
"""The variants, player counts and parameters the rules fuzzer plays (`dicehall fuzz`)."""

if TYPE_CHECKING:
    from dicehall.games.jelly.rules import JellyGame

SEAT_KEYS = ("seat", "roll")
"""View keys that may differ between seats: who looks, and that seat's own roll."""


class Rng(Protocol):
    """What the probes need of a random generator (games stay free of `random`)."""

    def randrange(self, stop: int, /) -> int: ...


def violations(game: JellyGame, s: JellyState) -> list[str]:
    """What is wrong with `s` (empty when every invariant holds)."""
    return [*_tokens(s), *_dice(game, s), *_round(game, s), *_scores(game, s)]


def _scores(game: JellyGame, s: JellyState) -> list[str]:
    """End of game: each score is Jelly plus the rolled pods; the most Jelly wins (ties share)."""
    if s.phase != Phase.OVER:
        return []
    totals = [j + sum(v) for j, v in zip(s.jelly, s.pod_values, strict=True)]
    result = game.result(s)
    best = [p for p, t in enumerate(totals) if t == max(totals)]
    if list(result.scores) != totals or list(result.winners) != best:
        return [f"scores {result.scores} winners {result.winners}, the table says {totals}"]
    return []


def _tokens(s: JellyState) -> list[str]:
    out = []
    if any(j < 0 for j in s.jelly):
        out.append(f"negative Jelly: {s.jelly}")
    if any(p < 0 for p in s.pods) or s.pod_stack < 0 or s.pod_stack + sum(s.pods) > PODS:
        out.append(f"pods {s.pods} + stack {s.pod_stack} (of {PODS}, none below 0)")
    for seat, values in enumerate(s.pod_values):
        if len(values) > s.pods[seat] or any(not 1 <= v <= 6 for v in values):
            out.append(f"seat {seat}: pod values {values} for {s.pods[seat]} pods")
        if s.phase == Phase.OVER and len(values) != s.pods[seat]:
            out.append(f"seat {seat}: {len(values)} of {s.pods[seat]} pods rolled at the end")
    return out


def _dice(game: JellyGame, s: JellyState) -> list[str]:
    """Seven dice per seat; a roll shows exactly the unplaced dice (or nothing yet)."""
    out, n = [], game.num_players
    started = s.phase != Phase.SETUP
    for seat in range(n):
        on = sum(1 for e in s.entrances for o, _ in e if o == seat)
        total = s.unplaced[seat] + on + s.centre[seat]
        if total != (DICE if started else 0) or s.unplaced[seat] < 0:
            out.append(f"seat {seat}: {total} dice (unplaced, entrances, centre), not {DICE}")
        roll = s.rolls[seat]
        if roll and (len(roll) != s.unplaced[seat] or list(roll) != sorted(roll)):
            out.append(f"seat {seat}: roll {roll} for {s.unplaced[seat]} unplaced dice")
        if roll and s.phase != Phase.PLAY:
            out.append(f"seat {seat}: a roll outside the round")
        if not 0 <= s.rerolls[seat] <= MAX_REROLLS:
            out.append(f"seat {seat}: {s.rerolls[seat]} rolls without placing")
        if not 0 <= waits_of(s, seat) <= MAX_WAITS or (waits_of(s, seat) and s.unplaced[seat]):
            out.append(f"seat {seat}: waited {waits_of(s, seat)} times with dice or too often")
    if any(not 1 <= v <= 6 for e in s.entrances for _, v in e) or any(
        not 1 <= v <= 6 for r in s.rolls for v in r
    ):
        out.append("a die showing a value outside 1..6")
    if (
        started
        and s.round_placed
        and s.round_placed[-1] != sum(map(len, s.entrances)) + sum(s.centre)
    ):
        out.append(f"{s.round_placed[-1]} dice placed this round, the table shows otherwise")
    return out


def _round(game: JellyGame, s: JellyState) -> list[str]:
    out, districts = [], game.table.districts
    if s.phase == Phase.SETUP:
        return [] if len(s.faces) < districts else ["setup with every district drawn"]
    boards = [game.table.faces[f].board for f in s.faces]
    if len(s.faces) != districts or len(set(boards)) != districts:
        out.append(f"districts {s.faces} are not {districts} different boards")
    if not 0 <= s.round < ROUNDS or len(s.round_placed) != s.round + 1:
        out.append(f"round {s.round} with {len(s.round_placed)} rounds started")
    if any(not 0 <= t <= 2 for t in s.targets):
        out.append(f"a Target marker outside its 3 zones: {s.targets}")
    lockers = [p for p in s.locks if p != NOBODY]
    if len(set(lockers)) != len(lockers) or any(s.unplaced[p] for p in lockers):
        out.append(f"locks {s.locks}: one per seat, after its last die")
    if any(d and s.unplaced[p] for p, d in enumerate(s.done)):
        out.append("a seat is done with dice left")
    if s.flipped_by != NOBODY and (s.unplaced[s.flipped_by] or not s.done[s.flipped_by]):
        out.append(f"seat {s.flipped_by} flipped the sand timer before its last die")
    if not -1 <= s.ticks_left <= TICKS_AFTER_FLIP + 1:
        out.append(f"{s.ticks_left} ticks left on the sand timer")
    finished = s.round + (s.phase != Phase.PLAY)
    if len(s.round_ends) != finished:
        out.append(f"{len(s.round_ends)} round ends recorded after {finished} rounds")
    return out


def hidden_variants(game: JellyGame, s: JellyState, rng: Rng) -> Iterator[tuple[int, JellyState]]:
    """For each seat holding a roll: the same table with another roll behind its screen."""
    for seat, roll in enumerate(s.rolls):
        if roll:
            others = [r for r in _rolls(len(roll)) if r != roll]
            if others:
                rolls = replace_at(s.rolls, seat, others[rng.randrange(len(others))])
                yield seat, replace(s, rolls=rolls)


def chance_witnesses(game: JellyGame, s: JellyState) -> tuple[int, ...] | None:
    """Who sees this chance node's outcome: the roller alone, or everyone (None)."""
    if s.phase == Phase.PLAY and s.to_roll:
        return (s.to_roll[0],)
    return None


@lru_cache(maxsize=16)
def _rolls(k: int) -> tuple[tuple[int, ...], ...]:
    return tuple(combinations_with_replacement(range(1, 7), k))


def step_violations(game: JellyGame, s: JellyState, action: object, t: JellyState) -> list[str]:
    """One action: the pod stack only shrinks, rolled pods stay, Jelly moves only when a round
    is scored, and a play action adds at most one die to the entrances and the centre."""
    out = []
    if t.pod_stack > s.pod_stack or any(
        b[: len(a)] != a for a, b in zip(s.pod_values, t.pod_values, strict=True)
    ):
        out.append("a pod went back to the stack or a rolled pod changed")
    in_play = s.phase == t.phase == Phase.PLAY and s.round == t.round
    if in_play and t.jelly != s.jelly:
        out.append(f"Jelly moved during the round: {s.jelly} -> {t.jelly}")
    if s.phase == Phase.PLAY and s.round == t.round:
        before = sum(map(len, s.entrances)) + sum(s.centre)
        after = sum(map(len, t.entrances)) + sum(t.centre)
        if after - before not in (0, 1) or sum(t.centre) - sum(s.centre) not in (0, 1):
            out.append(f"{action} moved more than the one die placed")
    if (t.round, t.phase) < (s.round, s.phase):
        out.append(f"the game went back from round {s.round} {s.phase.name}")
    return out


CHECKS = FuzzChecks(
    violations=violations,
    step_violations=step_violations,
    seat_keys=SEAT_KEYS,
    configs=FUZZ_CONFIGS,
    hidden_variants=hidden_variants,
    chance_witnesses=chance_witnesses,
)
"""This game's `checks` part (`GameParts.checks`)."""
