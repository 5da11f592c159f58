"""Purrramid features: each space (owner, gold, wool, dice this turn), the turn and the supplies."""

from __future__ import annotations

from typing import Any

from dicehall.core import View
from dicehall.core.features import Vec

PHASES = ("roll", "place", "decide", "over")
VALUES = (1, 2, 3, 4, 5, 6)


def encode(game: Any, view: View) -> list[float]:
    n = game.num_players
    owners: tuple[Any, ...] = (None, "setup", *range(n))
    v = Vec()
    v.one_hot(view["viewer"], range(n))
    v.one_hot(view["phase"], PHASES)
    v.one_hot(view["current"], range(n))
    out = v.out
    for space in view["spaces"]:  # the hot loop, written out (a board has about 50 spaces)
        owner, dice = space["owner"], space["dice"]
        out.extend([1.0 if owner == o else 0.0 for o in owners])
        out += (float(space["gold"]), float(space["wool"]), len(dice) / 5.0, sum(dice) / 30.0)
    v.nums(view["tiles_left"], n, 30.0)
    v.nums(view["wool"], n, 12.0)
    v.num(view["wool_on_board"], 12.0)
    v.num(view["gold_supply"], 12.0)
    v.one_hot(view["winner"], range(n))
    v.nums(view["budget"], n, 30.0)
    v.nums(view["scores"], n, 100.0)
    v.num(view["turns_played"], 200.0)
    turn = view["turn"]
    v.num(turn["dice"], 5.0)
    v.num(turn["bonus"])
    v.num(turn["left"], 5.0)
    v.counts(turn["roll"], VALUES, 5.0)
    v.num(len(turn["placed"]), 5.0)
    v.num(turn["tiles"], 10.0)
    v.num(turn["levels"], 5.0)
    v.num(turn["stop_ok"])
    v.num(turn["rerolls"], 12.0)
    last = view["last_turn"] or {}
    v.one_hot(last.get("seat"), range(n))
    v.num(last.get("success"))
    v.num(last.get("tiles"), 10.0)
    return v.out
