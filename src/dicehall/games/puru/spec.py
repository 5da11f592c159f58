"""Puru Puru Paradice metadata and parameters."""

from __future__ import annotations

from typing import Any

from dicehall.core.errors import ParamError
from dicehall.core.types import GameSpec, ParamSpec
from dicehall.games.puru.actions import Character
from dicehall.games.puru.dice import DEFAULT_DIE

PURU_COPY = ("type", "total")
"""House rule (docs/rules/puru.md, *House rules*): what Puru Puru's "3 or more" counts."""
SPACE_ROLL = ("automatic", "optional")
"""House rule: whether Space Jelly must take his extra roll."""
BOARDS_PER_CHARACTER = 2
"""12 Jelly boards for 6 characters: with `duplicates` a character is dealt at most twice."""
MAX_DEALS = 6120
"""Ordered deals of 5 seats from 6 characters with at most 2 of each (`chances.catalogue`)."""

SPEC = GameSpec(
    id="puru",
    name="Puru Puru Paradice",
    min_players=2,
    max_players=5,
    params=(
        ParamSpec("players", int, 2, "number of players (Solo: 2, you and AutoPuray)", (), 2, 5),
        ParamSpec("full", bool, False, "Full game: each player is a character with a power"),
        ParamSpec("solo", bool, False, "Solo mode: Player 1 plays against AutoPuray (Player 2)"),
        ParamSpec("super", bool, False, "Solo mode against SuperAutoPuray (4 dice)"),
        ParamSpec(
            "characters",
            str,
            "",
            "Full game: characters in seat order, e.g. 'puru,space' (empty: dealt at random)",
        ),
        ParamSpec(
            "die", str, DEFAULT_DIE, "the faces of a die: H heart, S star, C crying, A angry"
        ),
        ParamSpec(
            "puru_copy",
            str,
            "type",
            "house rule, Full game: Puru Puru copies when a neighbour gains 3+ of one type "
            "('type') or 3+ Love and Excitement together ('total')",
            PURU_COPY,
        ),
        ParamSpec(
            "space_roll",
            str,
            "automatic",
            "house rule, Full game: Space Jelly's extra roll is taken always ('automatic') or "
            "when he chooses ('optional')",
            SPACE_ROLL,
        ),
        ParamSpec(
            "duplicates",
            bool,
            False,
            "house rule, Full game: deal from the 12 boards (2 per character), so two players "
            "may be the same character",
        ),
    ),
    variants=("basic", "full", "solo", "super-solo"),
    version=2,
    summary="Push Love or Excitement to 20 before you drip into a puddle; majorities go to "
    "your neighbours.",
    # rolls of 1..6 dice (209 face multisets) and deals of characters to at most 5 seats (720;
    # with `duplicates`, 5 of 6 characters with at most 2 of each: 6,120)
    max_chance_outcomes=209 + MAX_DEALS,
    designers="Puru Puru Paradice rulebook",
)


_ALIASES = {
    "puru": "PURU_PURU",
    "purupuru": "PURU_PURU",
    "space": "SPACE_JELLY",
    "spacejelly": "SPACE_JELLY",
    "fish": "JELLY_FISH",
    "jellyfish": "JELLY_FISH",
    "fruit": "FRUIT_JELLY",
    "fruitjelly": "FRUIT_JELLY",
    "grass": "GRASS_JELLY",
    "grassjelly": "GRASS_JELLY",
    "rainbow": "RAINBOW_JELLY",
    "rainbowjelly": "RAINBOW_JELLY",
}


def check_params(params: dict[str, Any]) -> tuple[Character, ...]:
    """Reject contradictory parameters; return the chosen characters (empty: deal them)."""
    players, full, solo, sup = params["players"], params["full"], params["solo"], params["super"]
    if solo and players != 2:
        raise ParamError("puru: Solo mode is one player against AutoPuray: players must be 2")
    if solo and full:
        raise ParamError("puru: Solo mode is only for the Basic game (no --full)")
    if sup and not solo:
        raise ParamError("puru: 'super' (SuperAutoPuray) needs Solo mode ('solo')")
    house = [n for n, default in _FULL_ONLY if params[n] != default]
    if house and not full:
        raise ParamError(f"puru: {', '.join(house)} is a Full-game house rule (add 'full')")
    text = params["characters"].strip()
    if not text:
        return ()
    if not full:
        raise ParamError("puru: characters are only used in the Full game ('full')")
    chosen = []
    for name in text.split(","):
        key = name.strip().lower().replace(" ", "").replace("_", "").replace("-", "")
        if key not in _ALIASES:
            raise ParamError(f"puru: unknown character {name.strip()!r}; known: {KNOWN}")
        chosen.append(Character[_ALIASES[key]])
    if len(chosen) != players:
        raise ParamError(f"puru: {players} players need {players} characters, got {len(chosen)}")
    if params["duplicates"]:
        if max(chosen.count(c) for c in chosen) > BOARDS_PER_CHARACTER:
            raise ParamError("puru: there are 2 boards of each character: at most 2 players each")
    elif len(set(chosen)) != len(chosen):
        raise ParamError("puru: each player must be a different character (or allow 'duplicates')")
    return tuple(chosen)


KNOWN = "puru, space, fish, fruit, grass, rainbow"
_FULL_ONLY = (("puru_copy", "type"), ("space_roll", "automatic"), ("duplicates", False))
