"""Puru Puru Paradice (`puru`): push Love or Excitement to 20 before you drip to 0.

Parameters:

| name | type | default | meaning |
|---|---|---|---|
| players | int | 2 | 2–5 players |
| full | bool | false | Full game: characters with powers |
| solo | bool | false | Solo: you (seat 0) against AutoPuray (seat 1), Basic game only |
| super | bool | false | Solo against SuperAutoPuray (4 dice) |
| characters | str | "" | Full game: characters in seat order ("puru,space,..."); empty deals them |
| die | str | HHSSCA | the six sides of a die (H heart, S star, C crying, A angry) |
| puru_copy | str | type | house rule: "total" lets Puru Puru copy a gain of 3+ in total |
| space_roll | str | automatic | house rule: "optional" lets Space Jelly decline his extra roll |
| duplicates | bool | false | house rule: deal from 12 boards, so characters may repeat |

The rules as implemented, with every ruling, are in `rules.md` beside this module.
"""

from __future__ import annotations

from typing import Any

from dicehall.core.parts import GameParts
from dicehall.games.puru.rules import PuruGame
from dicehall.games.puru.spec import SPEC

PARTS = GameParts(
    greedy="bots.greedy:GreedyBot",
    knobs="bots.greedy:KNOBS",
    search="bots.determinize:HOOKS",
    terminal="ui.terminal:HOOKS",
    checks="invariants:CHECKS",
    features="features:encode",
    state_features="features:encode_state",
    feature_names="features:names",
    web_renderer="ui/web.js",
    expert="bots.expert:make_expert",
    tables="bots.tables:TABLES",
    review="review:HOOKS",
    explain="explain:explain",
    guide="guide:guide",
    modes=(
        *((f"basic-{n}p", (("players", n),)) for n in (2, 3, 4, 5)),
        ("full-2p", (("players", 2), ("full", True))),
    ),
)


def make_game(params: dict[str, Any]) -> PuruGame:
    """The rules object for resolved `params`."""
    return PuruGame(params)


__all__ = ["PARTS", "SPEC", "PuruGame", "make_game"]
