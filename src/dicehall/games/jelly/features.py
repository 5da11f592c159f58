"""Jelly Monster features: districts (face, Target, dice per seat, locks), the seats, your roll.

Other seats' rolls are hidden behind screens: the view holds only the viewer's own roll.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dicehall.core import View
from dicehall.core.features import Blocks, Vec, hot, packed, padded, seat_labels
from dicehall.games.jelly.rewards import standing
from dicehall.games.jelly.state import NOBODY, Debt, Phase, RerollDie

PHASES = ("setup", "play", "scoring", "pods", "over")
PENDING = ("reroll", "give", "either")
VALUES = (1, 2, 3, 4, 5, 6)


def _district(v: Vec, d: dict[str, Any], face_ids: tuple[str, ...], n: int) -> None:
    seats = seat_labels(n)
    v.one_hot(d["face"], face_ids, "face")
    v.one_hot(d["target"], range(3), "target")
    v.nums(d["totals"], n, 20.0, "total", seats)
    v.counts([owner for owner, _ in d["dice"]], range(n), 7.0, "dice", seats)
    v.one_hot(d["locked_by"], range(n), "locked_by", seats)


_NO_DISTRICT: dict[str, Any] = {
    "face": None, "target": None, "totals": (), "dice": (), "locked_by": None,
}  # fmt: skip
"""A district not dealt yet: all zeros."""


def encode(game: Any, view: View) -> list[float]:
    return _fill(Vec(), game, view).out


def names(game: Any) -> list[str]:
    """One name per entry of `encode`'s vector (seats written `seat<k>`)."""
    return list(_fill(Vec(named=True), game, game.observe(game.initial_state(), 0)).names or ())


def _fill(v: Vec, game: Any, view: View) -> Vec:
    n = game.num_players
    seats = seat_labels(n)
    face_ids = tuple(f.id for f in game.table.faces)
    v.one_hot(view["seat"], range(n), "viewer")
    v.one_hot(view["phase"], PHASES, "phase")
    v.one_hot(view["round"], range(1, 5), "round")
    districts = view["districts"]
    for d in range(game.table.districts):
        with v.scope(f"district{d}"):
            _district(v, districts[d] if d < len(districts) else _NO_DISTRICT, face_ids, n)
    for s, p in enumerate(view["table"]):
        with v.scope(seats[s]):
            v.num(p["jelly"], 20.0, "jelly")
            v.num(p["pods"], 5.0, "pods")
            v.num(sum(p["pod_values"]), 30.0, "pod_values")
            v.num(p["unplaced"], 7.0, "unplaced")
            v.num(p["rolled"], name="rolled")
            v.num(p["rerolls"], 3.0, "rerolls")
            v.num(p["centre"], 7.0, "centre")
            v.num(p["done"], name="done")
    v.counts(view["roll"] or (), VALUES, 7.0, "my_roll")
    timer = view["timer"]
    v.one_hot(timer["flipped_by"], range(n), "timer.flipped_by", seats)
    v.num(timer["ticks_left"], 4.0, "timer.ticks_left")
    v.num(timer["tick"], 20.0, "timer.tick")
    v.num(view["pod_stack"], 30.0, "pod_stack")
    pending = view["pending"] or {}
    v.one_hot(pending.get("kind"), PENDING, "pending")
    v.one_hot(pending.get("district"), range(game.table.districts), "pending.district")
    v.mask(pending.get("seats", ()), n, "pending.seats", seats)
    return v


_DISTRICTS: Blocks[bytes] = Blocks(4096)
"""District blocks by (face, Target, lock, dice on the entrance, faces, seats): a placement
changes one district, so a state's other districts are found here."""


def _district_state(s: Any, d: int, faces: int, n: int) -> bytes:
    entrance = s.entrances[d] if s.entrances else ()
    target = s.targets[d] if s.targets else 0
    lock = s.locks[d] if s.locks else NOBODY
    key = (s.faces[d], target, lock, entrance, faces, n)
    found = _DISTRICTS.get(key)
    if found is None:
        entries = _district_entries(s.faces[d], target, lock, entrance, faces, n)
        found = _DISTRICTS.put(key, packed(entries))
    return found


def _district_entries(
    face: int, target: int, lock: int, entrance: tuple[Any, ...], faces: int, n: int
) -> list[float]:
    out = [*hot(face, faces), *hot(target, 3)]
    out += padded(standing(entrance, n).totals, n, 20.0)
    owners = [0.0] * n
    for owner, _ in entrance:
        owners[owner] += 1.0
    out += [c / 7.0 for c in owners]
    out += hot(None if lock == NOBODY else lock, n)
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


_districts_memo: tuple[Any, ...] = ()
"""The last districts part made, with the tuples it came from (one tuple, read once)."""


def _districts(game: Any, s: Any, n: int) -> bytes:
    """Every district's entries (float64); the same as long as faces, Targets, locks and
    entrances are the same objects (rolls and rerolls change none of them)."""
    global _districts_memo
    memo = _districts_memo
    same = memo and memo[0] is s.faces and memo[1] is s.targets and memo[2] is s.locks
    if same and memo[3] is s.entrances and memo[4] is game.table:
        found: bytes = memo[5]
        return found
    districts, faces = game.table.districts, len(game.table.faces)
    blank = packed([0.0] * (faces + 3 + 3 * n))
    made = b"".join(
        _district_state(s, d, faces, n) if d < len(s.faces) else blank for d in range(districts)
    )
    _districts_memo = (s.faces, s.targets, s.locks, s.entrances, game.table, made)
    return made


def encode_state(game: Any, s: Any, seat: int) -> np.ndarray:
    """The same vector as `encode(game, game.observe(s, seat))`, read from the state: the
    public table and `seat`'s own roll only (the other rolls are behind screens), as
    float64 joined from blocks."""
    n, districts = game.num_players, game.table.districts
    head = packed([*hot(seat, n), *hot(int(s.phase), 5), *hot(s.round, 4)])
    out: list[float] = []
    jelly, pods, values, unplaced = s.jelly, s.pods, s.pod_values, s.unplaced
    rolls, rerolls, centre, done = s.rolls, s.rerolls, s.centre, s.done
    for p in range(n):
        out += (jelly[p] / 20.0, pods[p] / 5.0, sum(values[p]) / 30.0, unplaced[p] / 7.0)
        out += (1.0 if rolls[p] else 0.0, rerolls[p] / 3.0, centre[p] / 7.0, float(done[p]))
    roll = rolls[seat] if 0 <= seat < n else ()
    out += [roll.count(x) / 7.0 for x in VALUES]
    out += hot(None if s.flipped_by == NOBODY else s.flipped_by, n)
    out += (max(s.ticks_left, 0) / 4.0, s.tick / 20.0, s.pod_stack / 30.0)
    out += _pending_state(s, districts, n)
    return np.frombuffer(b"".join((head, _districts(game, s, n), packed(out))))
