"""What a seat sees. Puru Puru has no hidden information: every seat sees the whole table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.core.types import Seat, View
from dicehall.games.puru.actions import Character
from dicehall.games.puru.dice import FACE_LABELS, NO_MAJORITY, Counts, pattern
from dicehall.games.puru.state import PAID_REROLL, Phase, Power, PuruState, Resolution, Summary

if TYPE_CHECKING:
    from dicehall.games.puru.rules import PuruGame

_PENDING = {
    Power.JELLY_FISH: "jelly_fish",
    Power.GRASS_JELLY: "grass_jelly",
    Power.PURU_PURU: "puru_puru",
    Power.SPACE_JELLY: "space_jelly",  # house rule `space_roll=optional`
}


def _counts(counts: Counts) -> dict[str, int]:
    return dict(zip(FACE_LABELS, counts, strict=True))


def _face(face: int) -> str | None:
    return None if face == NO_MAJORITY else FACE_LABELS[face]


def _faces(counts: Counts) -> list[str]:
    """The sorted faces' labels (`faces_of`)."""
    return [label for label, n in zip(FACE_LABELS, counts, strict=True) for _ in range(n)]


def _mode(game: PuruGame) -> str:
    if game.solo:
        return "super-solo" if game.auto_dice == 4 else "solo"
    return "full" if game.full else "basic"


def _players(game: PuruGame, state: PuruState) -> list[dict[str, Any]]:
    names = game.player_names(state)
    out = []
    for s in range(game.num_players):
        character = Character(state.characters[s]) if state.characters else None
        out.append(
            {
                "seat": s,
                "name": names[s],
                "love": state.love[s],
                "excitement": state.excite[s],
                "jelly": state.jelly[s],
                "character": character.name.lower() if character is not None else None,
                "character_name": character.label if character is not None else None,
                "auto": game.solo and s == 1,
                "neighbours": list(game.neighbours[s]),
            }
        )
    return out


def _pending(state: PuruState) -> dict[str, Any] | None:
    if state.phase == Phase.KEEP:
        return {"kind": "keep_or_give", "seat": state.roller}
    if state.phase == Phase.POWER:
        return {"kind": _PENDING[state.power], "seat": state.chooser}
    return None


def _effects(res: Resolution | None) -> dict[str, Any] | None:
    """The effects gathered so far in a roll that waits for a power choice."""
    if res is None:
        return None
    return {
        "love": list(res.love),
        "excitement": list(res.excite),
        "drips": list(res.drips),
        "regain": list(res.regain),
        "majority": _face(res.majority),
        "receivers": list(res.receivers),
        "events": list(res.events),
    }


def _summary(last: Summary | None) -> dict[str, Any] | None:
    if last is None:
        return None
    return {
        "roller": last.roller,
        "dice": _counts(last.dice),
        "majority": _face(last.majority),
        "majority_count": last.dice[last.majority] if last.majority != NO_MAJORITY else 0,
        "kept": last.kept,
        "receivers": list(last.receivers),
        "love": list(last.love),
        "excitement": list(last.excite),
        "jelly": list(last.jelly),
        "events": list(last.events),
    }


def _majority(state: PuruState) -> dict[str, Any] | None:
    if sum(state.dice) != state.n_dice or state.phase == Phase.ROLL:
        return None
    pat = pattern(state.dice)
    if pat.majority == NO_MAJORITY:
        return None
    return {"face": _face(pat.majority), "count": pat.majority_count}


def view(game: PuruGame, state: PuruState, seat: Seat | None) -> View:
    auto = game.solo and state.roller == 1
    rerolls_left = 0 if auto else PAID_REROLL - state.rerolls
    over = state.phase == Phase.OVER
    result = game.result(state).to_json() if over else None
    return {
        "game": "puru",
        "mode": _mode(game),
        "viewer": seat,
        "num_players": game.num_players,
        "players": _players(game, state),
        "phase": state.phase.name.lower(),
        "roller": state.roller,
        "turns_played": state.turns,
        "to_act": [s for s in game.actors(state) if s >= 0],
        "dice": _counts(state.dice),
        "faces": _faces(state.dice),
        "num_dice": state.n_dice,
        "rolling": state.n_dice - sum(state.dice) if state.phase == Phase.ROLL else 0,
        "rerolls_used": state.rerolls,
        "rerolls_left": rerolls_left,
        "next_reroll_cost": 1 if rerolls_left == 1 else 0,
        "majority": _majority(state),
        "pending": _pending(state),
        "pending_effects": _effects(state.res),
        "last": _summary(state.last),
        "result": result,
        "winners": result["winners"] if result else None,
    }
