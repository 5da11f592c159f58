"""Log lines that explain what a Paradice action did beyond its own log text: stalls completed
with their points, tickets won or stolen, Storehouse tokens running out
(docs/rules/paradice.md, "Completing a stall", "Tickets", "End of the game"). Nothing is
secret in Paradice, so every viewer reads the same lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dicehall.core import Seat
from dicehall.games.paradice.scoring import prize, score
from dicehall.games.paradice.spec import GOLDEN_POINTS, TICKET_POINTS, TYPES
from dicehall.games.paradice.state import OVER

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


def _prizes(game: ParadiceGame, before: ParadiceState, after: ParadiceState) -> list[str]:
    """At the end, where each prize number comes from: the rulebook's Prize List for this
    number of players, whose entries need more points the further down it they are
    (docs/rules/paradice.md, *Scoring*: "the final screen shows each player's prize")."""
    if after.phase != OVER or before.phase == OVER:
        return []
    cfg = game.cfg
    table = cfg.content.prize_list(cfg.players)
    if not table:
        return []
    out = [
        f"Prizes come from the rulebook's Prize List for {cfg.players} players: {len(table)} "
        f"prizes numbered from 1 ({table[0][0]}+ points), each further one needing more points"
    ]
    for seat in range(cfg.players):
        points = score(cfg, after, seat)
        number, name = prize(cfg, points)
        if name:
            low = table[number - 1][0]
            out.append(
                f"{_player(seat)}: {points} points reach prize number {number} on that list, "
                f"{name} ({low}+ points)"
            )
        else:
            out.append(f"{_player(seat)}: {points} points reach no prize ({table[0][0]}+ needed)")
    return out


def explain(
    game: ParadiceGame, before: ParadiceState, after: ParadiceState, viewer: Seat | None
) -> list[str]:
    """What this step completed, won or used up."""
    return [
        *_completed(game, before, after),
        *_tickets(before, after),
        *_storehouse(before, after),
        *_prizes(game, before, after),
    ]
