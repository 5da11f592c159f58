"""What a seat (or a spectator) sees: everything but the other players' current rolls."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from dicehall.core import View
from dicehall.games.jelly.actions import letter
from dicehall.games.jelly.content import Face, reward_text, reward_to_json
from dicehall.games.jelly.rewards import standing
from dicehall.games.jelly.state import NOBODY, ROUNDS, Debt, Grant, JellyState, Phase, RerollDie

if TYPE_CHECKING:
    from dicehall.games.jelly.rules import JellyGame


@lru_cache(maxsize=256)
def _face_view(face: Face) -> dict[str, Any]:
    return {
        "face": face.id,
        "name": face.name,
        "beginner": face.beginner,
        "reroll_before_scoring": face.reroll,
        "zones": [reward_to_json(z) for z in face.zones],
        "zone_text": [reward_text(z) for z in face.zones],
    }


def _district(game: JellyGame, s: JellyState, d: int) -> dict[str, Any]:
    out = dict(_face_view(game.table.faces[s.faces[d]]))
    entrance = s.entrances[d] if s.entrances else ()
    st = standing(entrance, game.num_players)
    out.update(
        letter=letter(d),
        target=s.targets[d] if s.targets else 0,
        dice=[[o, v] for o, v in entrance],
        totals=list(st.totals),
        locked_by=None if not s.locks or s.locks[d] == NOBODY else s.locks[d],
    )
    return out


def _player(s: JellyState, p: int) -> dict[str, Any]:
    return {
        "seat": p,
        "jelly": s.jelly[p],
        "pods": s.pods[p],
        "pod_values": list(s.pod_values[p]),
        "unplaced": s.unplaced[p],
        "rolled": bool(s.rolls[p]),
        "rerolls": s.rerolls[p],
        "waits": s.waits[p] if s.waits else 0,
        "centre": s.centre[p],
        "done": s.done[p],
    }


def _pending(s: JellyState) -> dict[str, Any] | None:
    if s.phase != Phase.SCORING or not s.queue:
        return None
    head = s.queue[0]
    if isinstance(head, RerollDie):
        return {"kind": "reroll", "district": head.district}
    if isinstance(head, Debt):
        return {"kind": "give", "giver": head.giver, "owed": [list(o) for o in head.owed]}
    assert isinstance(head, Grant)
    sides = ["left", "right"]
    return {
        "kind": "either",
        "district": head.district,
        "seats": list(head.seats),
        "votes": [sides[v] for v in s.votes],
    }


def view(game: JellyGame, s: JellyState, seat: int | None) -> View:
    """The public table plus, for a seat, its own roll (rolls are hidden behind screens)."""
    own = seat is not None and 0 <= seat < game.num_players
    return {
        "game": "jelly",
        "mode": game.params["mode"],
        "seat": seat if own else None,
        "players": game.num_players,
        "phase": s.phase.name.lower(),
        "round": s.round + 1,
        "rounds": ROUNDS,
        "districts": [_district(game, s, d) for d in range(len(s.faces))],
        "table": [_player(s, p) for p in range(game.num_players)],
        "roll": list(s.rolls[seat]) if own and seat is not None else None,
        "timer": {
            "flipped_by": None if s.flipped_by == NOBODY else s.flipped_by,
            "ticks_left": s.ticks_left if s.ticks_left >= 0 else None,
            "tick": s.tick,
        },
        "pod_stack": s.pod_stack,
        "pending": _pending(s),
        "round_ends": [e.name.lower() for e in s.round_ends],
        "round_placed": list(s.round_placed),
        "result": game.result(s).to_json() if s.phase == Phase.OVER else None,
    }
