"""The parameter sets every batched game is checked with (each one its own test id)."""

from __future__ import annotations

import os
from typing import Any

NIGHTLY = os.environ.get("DICEHALL_FUZZ") == "nightly"

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("pig", {}),
    ("pig", {"players": 3, "target": 30}),
    ("puru", {}),
    ("puru", {"players": 3}),
    ("puru", {"players": 5}),
    ("puru", {"solo": True}),
    ("puru", {"solo": True, "super": True}),
]


def config_id(config: tuple[str, dict[str, Any]]) -> str:
    game_id, params = config
    return "-".join([game_id, *(f"{k}={v}" for k, v in sorted(params.items()))])
