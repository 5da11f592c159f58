"""Paradice invariants for the rules fuzzer (`dicehall.sim.fuzz`): pure checks of a state.

Components are conserved: every stall card is in exactly one place (deck, Plaza, an active
stall, a completed stall), every Surprise Bag card in the bag deck or one player's hand, and
each colour keeps its dice (machine, roulette, the mover's dice, passed dice, dice on stalls,
dice dropping back in). The Storehouse, the tickets and unused powers follow from the stalls.

Paradice has no secrets: the deck's order is not even stored (each draw is a chance node over
the cards left). `hidden_variants` reorders the deck and the bag deck, which no view may show.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from dicehall.core.parts import FuzzChecks
from dicehall.games.paradice.spec import (
    DICE_PER_COLOUR,
    GOLDEN_POINTS,
    MAX_ACTIVE,
    PLAZA_SIZE,
    TICKET_POINTS,
    TYPES,
)
from dicehall.games.paradice.stalls import feasible
from dicehall.games.paradice.state import ParadiceState, Phase

FUZZ_CONFIGS: tuple[dict[str, Any], ...] = (
    *({"players": n} for n in range(2, 5)),
    {"players": 3, "storehouse": 2},
    {"players": 2, "storehouse": 12},
    # the house rules (rules.md, *House rules*)
    {"players": 3, "double_scoring": "unshared", "storehouse_lock": "all"},
    {"players": 2, "grouping": "whole", "storehouse": 3},
    {"players": 3, "double_scoring": "unshared", "storehouse_lock": "all", "grouping": "whole"},
)
"""The variants, player counts and parameters the rules fuzzer plays (`dicehall fuzz`)."""

if TYPE_CHECKING:
    from dicehall.games.paradice.rules import ParadiceGame

SEAT_KEYS = ("you",)
"""View keys that may differ between seats (everything else is public)."""


class Rng(Protocol):
    """What the probes need of a random generator (games stay free of `random`)."""

    def randrange(self, stop: int, /) -> int: ...


def violations(game: ParadiceGame, s: ParadiceState) -> list[str]:
    """What is wrong with `s` (empty when every invariant holds)."""
    found = [*_cards(game, s), *_dice(game, s), *_store(game, s), *_owners(game, s)]
    return found + _scores(game, s) if s.phase == Phase.OVER and not found else found


def _scores(game: ParadiceGame, s: ParadiceState) -> list[str]:
    """End of game: stall points times their type's factor (first type out 0, the one
    furthest behind alone 2), 20 for the Golden Ticket, 10 per Stall Ticket, Surprise Bag
    points; the highest score wins (rulebook "Scoring")."""
    content = game.cfg.content
    alone = [x for x in s.store if s.store.count(x) == 1]
    # the furthest left alone, or (house rule `double_scoring=unshared`) the furthest left of
    # the tokens alone
    low = min(alone) if game.cfg.double_unshared and alone else min(s.store)
    factor = [0 if k == s.first_out else 2 if x == low and x in alone else 1
              for k, x in enumerate(s.store)]  # fmt: skip
    totals = []
    for seat, p in enumerate(s.players):
        stalls = sum(content.stalls[c].points * factor[content.stalls[c].type] for c in p.done)
        tickets = GOLDEN_POINTS * (s.golden == seat) + TICKET_POINTS * s.tickets.count(seat)
        totals.append(float(stalls + tickets + sum(content.bag[b].points for b in p.bag)))
    result = game.result(s)
    if list(result.scores) != totals or any(
        result.scores[w] != max(totals) for w in result.winners
    ):
        return [f"scores {result.scores} winners {result.winners}, the table says {totals}"]
    return []


def _cards(game: ParadiceGame, s: ParadiceState) -> list[str]:
    content, out = game.cfg.content, []
    places = [*s.deck, *(c for c in s.plaza if c >= 0)]
    for p in s.players:
        places += [c for c, _ in p.stalls] + list(p.done)
    if Counter(places) != Counter(range(len(content.stalls))):
        out.append("stall cards are not each in exactly one place")
    if list(s.deck) != sorted(s.deck) or list(s.bag_deck) != sorted(s.bag_deck):
        out.append("the decks are stored sorted (no order is kept)")
    bags = [*s.bag_deck, *(b for p in s.players for b in p.bag)]
    if Counter(bags) != Counter(range(len(content.bag))):
        out.append("Surprise Bag cards are not each in exactly one place")
    if len(s.plaza) != PLAZA_SIZE:
        out.append(f"a Plaza of {len(s.plaza)} stalls")
    for seat, p in enumerate(s.players):
        if len(p.stalls) > MAX_ACTIVE:
            out.append(f"seat {seat} has {len(p.stalls)} active stalls (at most {MAX_ACTIVE})")
        for card, on in p.stalls:
            if sum(1 for d in on if d) > 2 or not feasible(content.stalls[card], on):
                out.append(f"seat {seat}: stall {content.stalls[card].id} holds {on}")
    return out


def _dice(game: ParadiceGame, s: ParadiceState) -> list[str]:
    """Each colour keeps its dice wherever they are; every die shows 1..6."""
    codes = [d for col in s.machine for d in col]
    codes += [*s.pending, *s.passed, *(d for d in s.table if d)]
    codes += [d for p in s.players for _, on in p.stalls for d in on if d]
    out = []
    if any(not 0 <= d // 10 < len(DICE_PER_COLOUR) or not 1 <= d % 10 <= 6 for d in codes):
        out.append("a die code that is no die")
    colours = Counter(d // 10 for d in codes)
    counts = tuple(colours[c] + s.returns[c] for c in range(len(DICE_PER_COLOUR)))
    if counts != DICE_PER_COLOUR or any(r < 0 for r in s.returns):
        out.append(f"dice per colour {counts}, expected {DICE_PER_COLOUR}")
    return out


def _store(game: ParadiceGame, s: ParadiceState) -> list[str]:
    length, out = game.cfg.length, []
    if any(not 0 <= x <= length for x in s.store):
        out.append(f"Storehouse tokens outside 0..{length}: {s.store}")
    out_types = {k for k, x in enumerate(s.store) if x == length}
    named = {k for k in (s.first_out, s.second_out) if k >= 0}
    if out_types != named or (s.second_out >= 0 and s.first_out < 0):
        out.append(f"tokens at 'no stock' {out_types}, recorded {named}")
    if s.second_out >= 0 and s.phase != Phase.OVER:
        out.append("a second token reached 'no stock' but the game goes on")
    if s.gains < 0 or s.moves < 0:
        out.append(f"negative gains or moves: {s.gains}, {s.moves}")
    return out


def _owners(game: ParadiceGame, s: ParadiceState) -> list[str]:
    """Unused powers (usable now or from the next turn) and tickets follow from the completed
    stalls (rules.md, *Powers* and *Tickets*); only the player whose turn it is holds powers
    earned in this turn."""
    stalls, out = game.cfg.content.stalls, []
    done = [Counter(stalls[c].type for c in p.done) for p in s.players]
    for seat, p in enumerate(s.players):
        unused = [p.powers[k] + p.earned[k] for k in range(len(TYPES))]
        if any(not 0 <= unused[k] <= done[seat][k] or p.earned[k] < 0 for k in range(len(TYPES))):
            out.append(f"seat {seat} has powers {unused} for completed {dict(done[seat])}")
        if any(p.earned) and seat != s.turn:
            out.append(f"seat {seat} holds powers earned in a turn that is over: {p.earned}")
    if s.golden >= 0 and len(done[s.golden]) != len(TYPES):
        out.append(f"seat {s.golden} holds the Golden Ticket without all {len(TYPES)} types")
    for kind, holder in enumerate(s.tickets):
        if holder >= 0 and (
            done[holder][kind] < 2 or any(d[kind] > done[holder][kind] for d in done)
        ):
            out.append(f"seat {holder} holds the {TYPES[kind]} ticket without the most (2+)")
    return out


def hidden_variants(
    game: ParadiceGame, s: ParadiceState, rng: Rng
) -> Iterator[tuple[None, ParadiceState]]:
    """The same table with the decks in another order: no seat (None) may see the order."""
    if len(s.deck) > 1 or len(s.bag_deck) > 1:
        yield None, replace(s, deck=_reordered(s.deck, rng), bag_deck=_reordered(s.bag_deck, rng))


def _reordered(cards: tuple[int, ...], rng: Rng) -> tuple[int, ...]:
    """The same cards in another order (reversed, then rotated at random)."""
    k = rng.randrange(len(cards)) if cards else 0
    turned = cards[::-1]
    return turned[k:] + turned[:k]


def step_violations(
    game: ParadiceGame, s: ParadiceState, action: object, t: ParadiceState
) -> list[str]:
    """One action: completed stalls and drawn Surprise Bag cards stay; a Storehouse token
    moves at most one step; the first type out and the Golden Ticket never change hands."""
    out = []
    for seat, (a, b) in enumerate(zip(s.players, t.players, strict=True)):
        if b.done[: len(a.done)] != a.done or b.bag[: len(a.bag)] != a.bag:
            out.append(f"seat {seat} lost a completed stall or a Surprise Bag card")
    if any(abs(a - b) > 1 for a, b in zip(s.store, t.store, strict=True)):
        out.append(f"a Storehouse token jumped: {s.store} -> {t.store}")
    for name in ("first_out", "golden"):
        if getattr(s, name) >= 0 and getattr(t, name) != getattr(s, name):
            out.append(f"{name} changed from {getattr(s, name)} to {getattr(t, name)}")
    if t.turns - s.turns not in (0, 1):
        out.append(f"turns went from {s.turns} to {t.turns}")
    return out


CHECKS = FuzzChecks(
    violations=violations,
    step_violations=step_violations,
    seat_keys=SEAT_KEYS,
    configs=FUZZ_CONFIGS,
    hidden_variants=hidden_variants,
)
"""This game's `checks` part (`GameParts.checks`)."""
