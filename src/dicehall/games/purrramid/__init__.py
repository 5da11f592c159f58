"""Purrramid (Reiner Knizia): stack cat tiles into a pyramid with dice.

Params: `players` (2-4), `side` ("a" full pyramid, "b" flat top; both reconstructions), `board`
(a board TOML file replacing the side), `connection` ("group", or the house rule "adjacent").
See rules.md for the rules as implemented.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dicehall.core.parts import GameParts
from dicehall.games.purrramid.content import load_board
from dicehall.games.purrramid.rules import PurrramidGame
from dicehall.games.purrramid.spec import SPEC

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
    expert="bots.expert:ExpertBot",
    hints="hints:hint",
    review="review:HOOKS",
    explain="explain:explain",
    guide="guide:guide",
    modes=tuple((f"side-{s}", (("side", s),)) for s in ("a", "b")),
)


def make_game(params: dict[str, Any]) -> PurrramidGame:
    """The rules object for resolved `params`; loads and checks the board."""
    board, digest, _ = load_board(str(params["side"]), params.get("board"))
    if params.get("connection") == "adjacent":  # house rule (rules.md, *House rules*)
        board = replace(board, each_adjacent=True)
    return PurrramidGame(params, board, digest)


__all__ = ["PARTS", "SPEC", "PurrramidGame", "make_game"]
