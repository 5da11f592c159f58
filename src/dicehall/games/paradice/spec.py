"""Paradice metadata: the spec, colours, stall types and fixed sizes."""

from __future__ import annotations

from dicehall.core import ContentSource, GameSpec, ParamSpec

COLUMNS = 5
ROWS = 10
COLOURS = ("pink", "lilac", "orange", "blue", "green", "black")
BLACK = 5
DICE_PER_COLOUR = (9, 9, 9, 9, 9, 5)
TYPES = ("balloon", "cotton candy", "duck", "fries", "surprise bag")
BALLOON, COTTON, DUCK, FRIES, SURPRISE = range(5)
PLAZA_SIZE = 4
MAX_ACTIVE = 5
GOLDEN_POINTS = 20
TICKET_POINTS = 10
MACHINE_COLOURS = ("dark blue", "light blue")
"""The machine's two designs ("choose whichever side you like best"): two achievements."""
ROUND_LIMIT = 60
"""Project ruling: the fair closes after this many rounds (the rulebook has no such limit)."""
DOUBLE_SCORING = ("alone", "unshared")
"""House rule (docs/rules/paradice.md, *House rules*): which token's type scores double."""
STOREHOUSE_LOCK = ("token", "all")
"""House rule: what 'no stock' freezes for black-die (and Surprise Bag) Storehouse moves."""
GROUPING = ("separate", "whole")
"""House rule: colour runs and number runs picked separately, or a group linked both ways whole."""

SPEC = GameSpec(
    id="paradice",
    name="Paradice",
    min_players=2,
    max_players=4,
    params=(
        ParamSpec("players", int, 2, "number of players", minimum=2, maximum=4),
        ParamSpec(
            "content",
            ContentSource,
            "cards",
            "stall and Surprise Bag cards: a built-in name or a TOML file path",
        ),
        ParamSpec("storehouse", int, 5, "Storehouse steps to 'no stock'", minimum=2, maximum=12),
        ParamSpec(
            "machine_colour",
            str,
            "dark blue",
            "the Dispensing Machine's design (looks only: the rules are the same)",
            choices=MACHINE_COLOURS,
            looks_only=True,
        ),
        ParamSpec(
            "double_scoring",
            str,
            "alone",
            "house rule: the furthest-left Storehouse token scores double only if alone "
            "('alone'), or the furthest-left of the tokens sharing no position ('unshared')",
            choices=DOUBLE_SCORING,
        ),
        ParamSpec(
            "storehouse_lock",
            str,
            "token",
            "house rule: black dice may move any token but one at 'no stock' ('token'), or no "
            "token at all once one is at 'no stock' ('all')",
            choices=STOREHOUSE_LOCK,
        ),
        ParamSpec(
            "grouping",
            str,
            "separate",
            "house rule: colour runs and number runs are separate picks ('separate'), or dice "
            "linked by colour and by number are one group taken whole ('whole')",
            choices=GROUPING,
        ),
    ),
    version=2,
    hidden_information=False,  # no seat has secrets; future draws are chance nodes
    constant_sum=True,  # every ending has a winner
    summary="Take dice from the Dispensing Machine, complete fair stalls, empty the Storehouse.",
    # drops (180), roulette rolls (6), stall draws (9 per type, 5 types) and bag draws (9)
    max_chance_outcomes=180 + 6 + 45 + 9,
    designers="Sergio Ortiz (Zacatrus)",
)


def die(colour: int, value: int) -> int:
    """The code of a die: colour * 10 + value (black 4 is 54)."""
    return colour * 10 + value


def die_name(code: int) -> str:
    return f"{COLOURS[code // 10]} {code % 10}"
