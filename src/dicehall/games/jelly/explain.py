"""Log lines that explain a round's scoring (docs/rules/jelly.md, "Scoring a round"): how the
round ended, what each district's dice totalled and which reward its Target marked, then each
change of a player's Jelly and Jelly-pods with the reward that made it (jelly/reasons.py), then
each player's change in all.

Everything here is read from the spectators' views, which show the public table only (never a
roll behind a screen), so every viewer may read every line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.core import Seat
from dicehall.games.jelly.reasons import change_lines
from dicehall.games.jelly.state import JellyState, Phase, RoundEnd, evolve

if TYPE_CHECKING:
    from dicehall.games.jelly.rules import JellyGame

ENDS = {
    RoundEnd.ALL_PLACED: "every player has placed all their dice",
    RoundEnd.TIMER: "the sand timer ran out",
}


def _player(seat: int) -> str:
    return f"Player {seat + 1}"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def district_line(district: dict[str, Any]) -> str:
    """'A Pudding Plaza: Player 2 9, Player 1 4; Target on zone 2 (2 Jelly)'."""
    totals = sorted(
        ((t, seat) for seat, t in enumerate(district["totals"]) if t > 0), key=lambda x: -x[0]
    )
    dice = ", ".join(f"{_player(seat)} {t}" for t, seat in totals) or "no dice"
    zone = district["target"]
    reward = district["zone_text"][zone]
    return f"{district['letter']} {district['name']}: {dice}; Target on zone {zone + 1} ({reward})"


def _round_lines(before: JellyState, after: JellyState, view: dict[str, Any]) -> list[str]:
    """The header and one line per district, from the board as it stood before it cleared."""
    ends = after.round_ends
    how = ENDS.get(ends[before.round], "") if len(ends) > before.round else ""
    header = f"Round {before.round + 1} scored" + (f" ({how})" if how else "") + ":"
    return [header, *(district_line(d) for d in view["districts"])]


def _changes(bv: dict[str, Any], av: dict[str, Any]) -> list[str]:
    out = []
    for old, new in zip(bv["table"], av["table"], strict=True):
        parts = []
        if new["jelly"] != old["jelly"]:
            gain = new["jelly"] - old["jelly"]
            parts.append(f"Jelly {old['jelly']} → {new['jelly']} ({_signed(gain)})")
        if new["pods"] != old["pods"]:
            parts.append(f"Jelly-pods {_signed(new['pods'] - old['pods'])}")
        if parts:
            out.append(f"{_player(new['seat'])}: {', '.join(parts)}")
    return out


def explain(
    game: JellyGame, before: JellyState, after: JellyState, viewer: Seat | None
) -> list[str]:
    """A round's scoring summary at the step that ends its scoring; each change of Jelly and
    pods any scoring step made, with its reason; each player's change in all."""
    if before.phase not in (Phase.PLAY, Phase.SCORING):
        return []
    done = after.round != before.round or after.phase in (Phase.PODS, Phase.OVER)
    if not done and after.jelly == before.jelly and after.pods == before.pods:
        return []
    bv, av = game.observe(before, None), game.observe(after, None)
    start, changes = change_lines(game, before, after)
    # the board as scored: the step's own move (the round's last die) may move a Target
    # (read without its scoring queue: a view shows a queue only where a player must choose)
    board = game.observe(evolve(start, queue=(), votes=()), None) if start is not None else bv
    lines = _round_lines(before, after, board) if done else []
    return lines + changes + _changes(bv, av)


def round_break(game: JellyGame, before: JellyState, after: JellyState) -> bool:
    """A table holds once a round's scoring is over and the next round is set up (its board
    cleared), so that people read the scoring before anyone rolls again."""
    return after.round != before.round and after.phase == Phase.PLAY
