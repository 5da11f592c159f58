"""Metadata and parameters of Attack of the Jelly Monster."""

from __future__ import annotations

from dicehall.core import ContentSource, GameSpec, ParamSpec

SPEC = GameSpec(
    id="jelly",
    name="Attack of the Jelly Monster",
    min_players=3,
    max_players=5,
    params=(
        ParamSpec("players", int, 4, "number of players", minimum=3, maximum=5),
        ParamSpec(
            "content",
            ContentSource,
            "districts",
            "district faces: a built-in name (districts, promo) or a TOML file path",
        ),
        ParamSpec("first_game", bool, False, "use only the beginner (green-light) faces"),
        ParamSpec(
            "mode",
            str,
            "realtime",
            "realtime (sand timer on a clock) or tick (one action per seat per tick)",
            choices=("realtime", "tick"),
        ),
    ),
    variants=("realtime", "tick"),
    version=2,
    real_time=True,
    hidden_information=True,
    summary="Roll and place dice at the same time as everyone else to control city districts.",
    designers="Antonin Boccara (Libellud)",
)
