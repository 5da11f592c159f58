"""The games and main variants the RL interfaces are checked on (Jelly Monster in tick mode)."""

from __future__ import annotations

from typing import Any

from dicehall import games

CASES: dict[str, list[dict[str, Any]]] = {
    "puru": [
        {},
        {"players": 3, "full": True},
        {"solo": True},
        {"solo": True, "super": True},
        # house rules: Space Jelly's optional roll adds actions; duplicates change the deal
        {"players": 3, "full": True, "space_roll": "optional", "duplicates": True},
    ],
    "purrramid": [{}, {"players": 3, "side": "b"}],
    "paradice": [{}, {"players": 4}],
    "jelly": [{}, {"players": 3, "first_game": True}, {"players": 5, "content": "promo"}],
}
MAIN = {"puru": {}, "purrramid": {}, "paradice": {}, "jelly": {}}
"""One parameter set per game for the slower checks (each game's defaults)."""


def cases() -> list[tuple[str, dict[str, Any]]]:
    return [(g, p) for g in games.available() for p in CASES.get(g, [{}])]


def main_cases() -> list[tuple[str, dict[str, Any]]]:
    return [(g, MAIN.get(g, {})) for g in games.available()]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    game_id, params = case
    return game_id + "".join(f"-{k}={v}" for k, v in sorted(params.items()))
