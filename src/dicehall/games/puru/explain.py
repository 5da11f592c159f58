"""Log lines that explain a resolved roll: each player's gains and drips (docs/rules/puru.md,
"A turn"). Every track lies on the table, so every viewer reads the same lines."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dicehall.core import Seat

if TYPE_CHECKING:
    from dicehall.games.puru.rules import PuruGame
    from dicehall.games.puru.state import PuruState, Summary


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _name(game: PuruGame, seat: int) -> str:
    """ "Player N" as in the rest of the log; the rules' own player in Solo."""
    if game.solo and seat == 1:
        return "SuperAutoPuray" if game.auto_dice == 4 else "AutoPuray"
    return f"Player {seat + 1}"


def roll_lines(game: PuruGame, last: Summary) -> list[str]:
    """What one resolved roll did to each player's tracks, then what else happened."""
    out = []
    for seat in range(game.num_players):
        parts = []
        if last.love[seat]:
            parts.append(f"{_signed(last.love[seat])} Love")
        if last.excite[seat]:
            parts.append(f"{_signed(last.excite[seat])} Excitement")
        if last.jelly[seat]:
            drips = " (drips)" if last.jelly[seat] < 0 else ""
            parts.append(f"{_signed(last.jelly[seat])} Jelly{drips}")
        if parts:
            out.append(f"{_name(game, seat)}: {', '.join(parts)}")
    return out + list(last.events)


def paid_line(game: PuruGame, before: PuruState, after: PuruState) -> list[str]:
    """The Jelly the roller paid for a second reroll ("the second reroll costs 1 Jelly",
    docs/rules/puru.md, *A turn*): the only change of a track between two resolved rolls."""
    r = before.roller
    if after.last is not before.last or not 0 <= r < len(before.jelly):
        return []
    paid = after.jelly[r] - before.jelly[r]
    return [f"{_name(game, r)}: {paid} Jelly (paid for a second reroll)"] if paid < 0 else []


def explain(game: PuruGame, before: PuruState, after: PuruState, viewer: Seat | None) -> list[str]:
    """The gains and drips of the roll this step resolved, or the Jelly paid for a reroll
    (none for other steps)."""
    if after.last is None or after.last is before.last:
        return paid_line(game, before, after)
    return roll_lines(game, after.last)


__all__ = ["explain", "paid_line", "roll_lines"]
