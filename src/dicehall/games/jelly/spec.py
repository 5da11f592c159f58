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
    constant_sum=True,  # every ending has a winner
    summary="Roll and place dice at the same time as everyone else to control city districts.",
    # faces (at most 2 per board 1..99), 5 seats' rolls of 1..7 dice (1,715 each), pod values
    # (30), Cannes rerolls (7 districts x 35 dice x 6) and tick orders (325)
    max_chance_outcomes=198 + 5 * 1715 + 30 + 7 * 35 * 6 + 325,
    designers="Antonin Boccara (Libellud)",
)
