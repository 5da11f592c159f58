"""Jelly Monster features: districts (face, Target, dice per seat, locks), the seats, your roll.

Other seats' rolls are hidden behind screens: the view holds only the viewer's own roll.
"""

from __future__ import annotations

from typing import Any

from dicehall.core import View
from dicehall.core.features import Vec

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
