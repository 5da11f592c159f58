"""The fuzzed variants and their Hypothesis budgets (small in 'ci', large under
DICEHALL_FUZZ=nightly: see tests/conftest.py)."""

from __future__ import annotations

from typing import Any

from hypothesis import settings

from dicehall import games
from dicehall.sim import fuzz

COST = {"puru": 1, "jelly": 6, "paradice": 10, "purrramid": 30}
"""Relative cost of one random game with every check (a Purrramid game is ~3000 actions)."""

CASES = [(g, p) for g in games.available() for p in fuzz.configs(g)]


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    game_id, params = case
    return game_id + "".join(f"-{k}={v}" for k, v in params.items())


def examples(game_id: str, share: int = 1) -> int:
    """Examples for one variant: the profile's max_examples over the game's cost (at least 1)."""
    return max(1, settings.default.max_examples // (COST.get(game_id, 1) * share))


def stateful_steps() -> int:
    """Steps per stateful run: 30 in 'ci', 100 in larger profiles (nightly)."""
    return 30 if settings.default.max_examples <= 100 else 100
