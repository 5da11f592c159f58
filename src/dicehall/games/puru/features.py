"""Puru Puru features: every number on the table, scaled to about 0..1 (tracks run to 20)."""

from __future__ import annotations

from typing import Any

from dicehall.core import View
from dicehall.core.features import Vec

FACES = ("heart", "star", "crying", "angry")
PHASES = ("deal", "roll", "choose", "keep", "power", "over")
MODES = ("basic", "full", "solo", "super-solo")
CHARACTERS = (
    "puru_puru", "space_jelly", "jelly_fish", "fruit_jelly", "grass_jelly", "rainbow_jelly",
)  # fmt: skip
PENDING = ("keep_or_give", "jelly_fish", "grass_jelly", "puru_puru")
TRACK = 20.0


def _dice(v: Vec, dice: dict[str, int] | None) -> None:
    v.nums([(dice or {}).get(f, 0) for f in FACES], 4, 6.0)


def encode(game: Any, view: View) -> list[float]:
    n = game.num_players
    v = Vec()
    v.one_hot(view["viewer"], range(n))
    v.one_hot(view["mode"], MODES)
    v.one_hot(view["phase"], PHASES)
    v.one_hot(view["roller"], range(n))
    v.mask(view["to_act"], n)
    for p in view["players"]:
        v.num(p["love"], TRACK)
        v.num(p["excitement"], TRACK)
        v.num(p["jelly"], TRACK)
        v.one_hot(p["character"], CHARACTERS)
        v.num(p["auto"])
    _dice(v, view["dice"])
    v.num(view["num_dice"], 6.0)
    v.num(view["rolling"], 6.0)
    v.num(view["rerolls_used"], 3.0)
    v.num(view["rerolls_left"], 3.0)
    v.num(view["next_reroll_cost"])
    majority = view["majority"] or {}
    v.one_hot(majority.get("face"), FACES)
    v.num(majority.get("count"), 6.0)
    pending = view["pending"] or {}
    v.one_hot(pending.get("kind"), PENDING)
    v.one_hot(pending.get("seat"), range(n))
    effects = view["pending_effects"] or {}
    for key in ("love", "excitement", "drips"):
        v.nums(effects.get(key, ()), n, 6.0)
    v.one_hot(effects.get("majority"), FACES)
    last = view["last"] or {}
    v.one_hot(last.get("roller"), range(n))
    _dice(v, last.get("dice"))
    v.one_hot(last.get("majority"), FACES)
    for key in ("love", "excitement", "jelly"):
        v.nums(last.get(key, ()), n, 6.0)
    return v.out
