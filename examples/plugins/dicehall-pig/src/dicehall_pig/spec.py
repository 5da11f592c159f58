"""Pig's metadata and parameters."""

from __future__ import annotations

from dicehall.core.types import GameSpec, ParamSpec

DIE_FACES = 6

SPEC = GameSpec(
    id="pig",
    name="Pig",
    min_players=2,
    max_players=6,
    params=(
        ParamSpec("players", int, 2, "number of players", minimum=2, maximum=6),
        ParamSpec("target", int, 100, "points that win when banked", minimum=1, maximum=1000),
        ParamSpec(
            "horizon",
            int,
            1000,
            "decisions (rolls and holds) after which the game is a draw",
            minimum=1,
            maximum=100_000,
        ),
    ),
    version=1,
    summary="Roll to build up the turn's points, hold to bank them; a 1 loses them all.",
    designers="traditional (John Scarne's rules)",
    max_chance_outcomes=DIE_FACES,
    utility_range=(0.0, 1.0),
)
