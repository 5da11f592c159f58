"""Pig's RL observation vector: scores and the turn total scaled by the target, whose turn it
is (one-hot over six seats) and whether the die is in the air."""

from __future__ import annotations

from typing import Any

from dicehall.core.features import Vec
from dicehall.core.types import View

MAX_SEATS = 6


def encode(game: Any, view: View) -> list[float]:
    v = Vec()
    target = float(view["target"])
    v.nums(view["scores"], MAX_SEATS, target)
    v.num(view["turn_total"], target)
    v.one_hot(view["current"], range(MAX_SEATS))
    v.one_hot(view["viewer"], range(MAX_SEATS))
    v.num(view["rolling"])
    v.num(view["decisions"], float(view["horizon"]))
    return v.out
