"""Purrramid's metadata and parameters."""

from __future__ import annotations

from dicehall.core.params import ContentSource
from dicehall.core.types import GameSpec, ParamSpec

CONNECTIONS = ("group", "adjacent")
"""House rule (docs/rules/purrramid.md, *House rules*): what "connected" asks at Stop."""

SPEC = GameSpec(
    constant_sum=True,  # every ending has a winner
    id="purrramid",
    name="Purrramid",
    min_players=2,
    max_players=4,
    params=(
        ParamSpec("players", int, 2, "number of players", minimum=2, maximum=4),
        ParamSpec("side", str, "a", "board side: a (full pyramid) or b (flat top)", ("a", "b")),
        ParamSpec(
            "board", ContentSource, None, "a board TOML file to use instead of a built-in side"
        ),
        ParamSpec(
            "connection",
            str,
            "group",
            "house rule: at Stop this turn's spaces must form one connected group ('group'), or "
            "each must touch another of them ('adjacent')",
            CONNECTIONS,
        ),
    ),
    version=1,
    summary="Roll five dice, fill numbered spaces, stack cat tiles into a pyramid.",
    max_chance_outcomes=461,  # rolls of 1..5 dice as sorted multisets
    designers="Reiner Knizia",
)
