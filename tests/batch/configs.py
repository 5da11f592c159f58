"""The parameter sets every batched game is checked with, and how many games each check
plays: a few seconds in all here, the issue's full size behind DICEHALL_FUZZ=nightly."""

from __future__ import annotations

import os
from typing import Any

NIGHTLY = os.environ.get("DICEHALL_FUZZ") == "nightly"

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("pig", {}),
    ("pig", {"players": 3, "target": 30}),
    ("pig", {"horizon": 30}),  # games that end at the horizon, some on a Roll
    ("puru", {}),
    ("puru", {"players": 3}),
    ("puru", {"players": 5}),
    ("puru", {"solo": True}),
    ("puru", {"solo": True, "super": True}),
    ("purrramid", {}),
]
if NIGHTLY:  # a random Purrramid game is about 1,500 actions
    CONFIGS += [("purrramid", {"players": 3}), ("purrramid", {"players": 4, "side": "b"})]

REPLAYED = {"pig": 300, "puru": 300, "purrramid": 4}
"""Games replayed each way per parameter set (a random Purrramid game is ~1,500 actions)."""
SAMPLED = {"pig": 1_000, "puru": 2_000, "purrramid": 16}
"""Random games per side of the distribution check."""
if NIGHTLY:
    REPLAYED = {"pig": 100_000, "puru": 100_000, "purrramid": 1_000}
    SAMPLED = {"pig": 100_000, "puru": 100_000, "purrramid": 100_000}


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    game_id, params = config
    return "-".join([game_id, *(f"{k}={v}" for k, v in sorted(params.items()))])
