"""Paradice (Sergio Ortiz, Zacatrus), 2-4 players.

Players take dice from the 5x10 Dispensing Machine to complete fair stalls; completing a stall
unlocks its power and advances its Storehouse token; the game ends when a second token reaches
'no stock'. Rules as implemented, with every ruling: `rules.md` beside this file.

| param | default | meaning |
|---|---|---|
| players | 2 | 2-4 |
| content | "cards" | built-in content name, or a path to your own cards TOML |
| storehouse | 5 | Storehouse steps to 'no stock' |
| machine_colour | "dark blue" | the machine's design (looks only) |
| double_scoring | "alone" | house rule "unshared": furthest-left token sharing no position |
| storehouse_lock | "token" | house rule "all": no black-die token move once a token is out |
| grouping | "separate" | house rule "whole": dice linked by colour and number go together |
"""

from __future__ import annotations

from typing import Any

from dicehall.core.parts import GameParts
from dicehall.games._content import load_toml
from dicehall.games.paradice.config import Config
from dicehall.games.paradice.content import parse_content
from dicehall.games.paradice.rules import ParadiceGame
from dicehall.games.paradice.spec import ROUND_LIMIT, SPEC

PARTS = GameParts(
    greedy="bots.greedy:GreedyBot",
    search="bots.determinize:HOOKS",
    terminal="ui.terminal:HOOKS",
    checks="invariants:CHECKS",
    features="features:encode",
    state_features="features:encode_state",
    feature_names="features:names",
    web_renderer="ui/web.js",
    achievements="achievements",
    explain="explain:explain",
    guide="guide:guide",
    modes=tuple((f"{n}p", (("players", n),)) for n in (2, 3, 4)),
)


def make_game(params: dict[str, Any]) -> ParadiceGame:
    """The rules object for resolved `params` (players, content, storehouse)."""
    data, digest, source = load_toml(SPEC.id, params["content"])
    content = parse_content(data, source)
    cfg = Config.of(
        content,
        params["players"],
        params["storehouse"],
        ROUND_LIMIT,
        double_scoring=params["double_scoring"],
        storehouse_lock=params["storehouse_lock"],
        grouping=params["grouping"],
    )
    return ParadiceGame(cfg, dict(params), digest)


__all__ = ["PARTS", "SPEC", "ParadiceGame", "make_game"]
