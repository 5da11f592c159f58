"""Jelly Monster features: districts (face, Target, dice per seat, locks), the seats, your roll.

Other seats' rolls are hidden behind screens: the view holds only the viewer's own roll.
"""

from __future__ import annotations

from typing import Any

from dicehall.core import View
from dicehall.core.features import Vec, hot, padded
from dicehall.games.jelly.rewards import standing
from dicehall.games.jelly.state import NOBODY, Debt, Phase, RerollDie

PHASES = ("setup", "play", "scoring", "pods", "over")
PENDING = ("reroll", "give", "either")
VALUES = (1, 2, 3, 4, 5, 6)


def _district(v: Vec, d: dict[str, Any], face_ids: tuple[str, ...], n: int) -> None:
    v.one_hot(d["face"], face_ids)
    v.one_hot(d["target"], range(3))
    v.nums(d["totals"], n, 20.0)
    v.counts([owner for owner, _ in d["dice"]], range(n), 7.0)
    v.one_hot(d["locked_by"], range(n))


def encode(game: Any, view: View) -> list[float]:
    n = game.num_players
    face_ids = tuple(f.id for f in game.table.faces)
    v = Vec()
    v.one_hot(view["seat"], range(n))
    v.one_hot(view["phase"], PHASES)
    v.one_hot(view["round"], range(1, 5))
    districts = view["districts"]
    for d in range(game.table.districts):
        if d < len(districts):
            _district(v, districts[d], face_ids, n)
        else:
            v.nums((), len(face_ids) + 3 + 3 * n)
    for p in view["table"]:
        v.num(p["jelly"], 20.0)
        v.num(p["pods"], 5.0)
        v.num(sum(p["pod_values"]), 30.0)
        v.num(p["unplaced"], 7.0)
        v.num(p["rolled"])
        v.num(p["rerolls"], 3.0)
        v.num(p["centre"], 7.0)
        v.num(p["done"])
    v.counts(view["roll"] or (), VALUES, 7.0)
    timer = view["timer"]
    v.one_hot(timer["flipped_by"], range(n))
    v.num(timer["ticks_left"], 4.0)
    v.num(timer["tick"], 20.0)
    v.num(view["pod_stack"], 30.0)
    pending = view["pending"] or {}
    v.one_hot(pending.get("kind"), PENDING)
    v.one_hot(pending.get("district"), range(game.table.districts))
    v.mask(pending.get("seats", ()), n)
    return v.out


def _district_state(s: Any, d: int, faces: int, n: int) -> list[float]:
    entrance = s.entrances[d] if s.entrances else ()
    out = [*hot(s.faces[d], faces), *hot(s.targets[d] if s.targets else 0, 3)]
    out += padded(standing(entrance, n).totals, n, 20.0)
    owners = [0.0] * n
    for owner, _ in entrance:
        owners[owner] += 1.0
    out += [c / 7.0 for c in owners]
    out += hot(None if not s.locks or s.locks[d] == NOBODY else s.locks[d], n)
    return out


def _pending_state(s: Any, districts: int, n: int) -> list[float]:
    if s.phase != Phase.SCORING or not s.queue:
        return [0.0] * (3 + districts + n)
    head = s.queue[0]
    if isinstance(head, RerollDie):
        return [*hot(0, 3), *hot(head.district, districts), *([0.0] * n)]
    if isinstance(head, Debt):
        return [*hot(1, 3), *([0.0] * (districts + n))]
    seats = [0.0] * n
    for m in head.seats:
        if 0 <= m < n:
            seats[m] = 1.0
    return [*hot(2, 3), *hot(head.district, districts), *seats]


def encode_state(game: Any, s: Any, seat: int) -> list[float]:
    """The same vector as `encode(game, game.observe(s, seat))`, read from the state: the
    public table and `seat`'s own roll only (the other rolls are behind screens)."""
    n, districts, faces = game.num_players, game.table.districts, len(game.table.faces)
    out = [*hot(seat, n), *hot(int(s.phase), 5), *hot(s.round, 4)]
    for d in range(districts):
        if d < len(s.faces):
            out += _district_state(s, d, faces, n)
        else:
            out += [0.0] * (faces + 3 + 3 * n)
    for p in range(n):
        out += (s.jelly[p] / 20.0, s.pods[p] / 5.0, sum(s.pod_values[p]) / 30.0)
        out += (s.unplaced[p] / 7.0, 1.0 if s.rolls[p] else 0.0, s.rerolls[p] / 3.0)
        out += (s.centre[p] / 7.0, float(s.done[p]))
    roll = s.rolls[seat] if 0 <= seat < n else ()
    out += [roll.count(x) / 7.0 for x in VALUES]
    out += hot(None if s.flipped_by == NOBODY else s.flipped_by, n)
    out += (max(s.ticks_left, 0) / 4.0, s.tick / 20.0, s.pod_stack / 30.0)
    out += _pending_state(s, districts, n)
    return out
