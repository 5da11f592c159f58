"""The parameter sets the conformance suite runs for each game (main variants)."""

from __future__ import annotations

from typing import Any

from dicehall import games

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "puru": [
        {"players": 2},
        {"players": 5},
        {"players": 4, "full": True},
        {"solo": True},
        {"solo": True, "super": True},
        # every house rule at once (docs/rules/puru.md, *House rules*)
        {
            "players": 4,
            "full": True,
            "puru_copy": "total",
            "space_roll": "optional",
            "duplicates": True,
        },
    ],
    "purrramid": [
        {"players": 2},
        {"players": 3, "side": "b"},
        {"players": 4},
        {"players": 3, "connection": "adjacent"},  # the house rule
    ],
    "paradice": [
        {"players": 2},
        {"players": 4},
        # every house rule at once (docs/rules/paradice.md, *House rules*)
        {"players": 3, "double_scoring": "unshared", "storehouse_lock": "all", "grouping": "whole"},
    ],
    "jelly": [
        {"players": 3, "mode": "tick"},
        {"players": 5, "mode": "tick"},
        {"players": 4, "mode": "realtime"},
    ],
}


def cases() -> list[tuple[str, dict[str, Any]]]:
    """Every (game id, params) pair for the games that are installed."""
    found = [(g, p) for g in games.available() for p in CONFIGS.get(g, [{}])]
    return [("toy", {}), *found]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    game_id, params = case
    return game_id + "".join(f"-{k}={v}" for k, v in sorted(params.items()))
