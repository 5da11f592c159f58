"""Log lines that explain what a Paradice action did beyond its own log text: stalls completed
with their points, tickets won or stolen, Storehouse tokens running out
(docs/rules/paradice.md, "Completing a stall", "Tickets", "End of the game"). Nothing is
secret in Paradice, so every viewer reads the same lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dicehall.core import Seat
from dicehall.games.paradice.spec import GOLDEN_POINTS, TICKET_POINTS, TYPES

if TYPE_CHECKING:
    from dicehall.games.paradice.rules import ParadiceGame
    from dicehall.games.paradice.state import ParadiceState


def _player(seat: int) -> str:
    return f"Player {seat + 1}"


def _completed(game: ParadiceGame, before: ParadiceState, after: ParadiceState) -> list[str]:
    out = []
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        for card in new.done[len(old.done) :]:
            stall = game.cfg.content.stalls[card]
            kind = TYPES[stall.type]
            out.append(f"{_player(seat)} completes a {kind} stall ({stall.points} points)")
    return out


def _tickets(before: ParadiceState, after: ParadiceState) -> list[str]:
    out = []
    if after.golden >= 0 and after.golden != before.golden:
        out.append(
            f"{_player(after.golden)} takes the Golden Ticket ({GOLDEN_POINTS} points): "
            "the first with completed stalls of all 5 types"
        )
    for kind, (old, new) in enumerate(zip(before.tickets, after.tickets, strict=True)):
        if new != old and new >= 0:
            ticket = f"the {TYPES[kind]} Stall Ticket ({TICKET_POINTS} points)"
            if old >= 0:
                why = f"takes {ticket} from {_player(old)}: more completed {TYPES[kind]} stalls"
            else:
                why = f"wins {ticket}: 2 or more completed {TYPES[kind]} stalls"
            out.append(f"{_player(new)} {why}")
    return out


def _storehouse(before: ParadiceState, after: ParadiceState) -> list[str]:
    out = []
    if after.first_out >= 0 and before.first_out < 0:
        out.append(
            f"The {TYPES[after.first_out]} Storehouse token reaches 'no stock': "
            f"{TYPES[after.first_out]} stalls score nothing at the end"
        )
    if after.second_out >= 0 and before.second_out < 0:
        out.append(
            f"The {TYPES[after.second_out]} Storehouse token reaches 'no stock' too: the game ends"
        )
    return out


def explain(
    game: ParadiceGame, before: ParadiceState, after: ParadiceState, viewer: Seat | None
) -> list[str]:
    """What this step completed, won or used up."""
    return [
        *_completed(game, before, after),
        *_tickets(before, after),
        *_storehouse(before, after),
    ]
