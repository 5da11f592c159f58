"""Log texts keep secrets: a check of `Game.describe` at a chance node, for the rules fuzzer.

A viewer whose view cannot tell two outcomes of a chance node apart must read the same log
text for both, whenever another viewer's view does tell them apart (the outcome is that
viewer's secret, like a roll behind a screen); a game without secrets reads the same to all.
"""

from __future__ import annotations

import random
from typing import Any

from dicehall.core import CHANCE, Game


def log_text_problems(
    game: Game[Any, Any], state: Any, rng: random.Random
) -> tuple[list[str], int, int]:
    """(problems, probes, revealing probes) of the log texts of two outcomes of the chance
    node at `state` (nothing to check elsewhere)."""
    outcomes = [o for o, _ in game.chance_outcomes(state)] if game.is_chance_node(state) else []
    if len(outcomes) < 2:
        return [], 0, 0
    a, b = rng.sample(outcomes, 2)
    viewers: tuple[int | None, ...] = (*range(game.num_players), None)
    texts = {v: (game.describe(a, v), game.describe(b, v)) for v in viewers}
    if not game.spec.hidden_information:  # every view is the same: so is every text
        same = len(set(texts.values())) == 1
        return [] if same else [f"a game without secrets reads differently: {texts}"], 1, 0
    after = game.apply(state, CHANCE, a), game.apply(state, CHANCE, b)
    sees = [v for v in viewers if game.observe(after[0], v) != game.observe(after[1], v)]
    out = [
        f"viewer {v} reads {texts[v][0]!r} / {texts[v][1]!r}, which only {sees} tell apart"
        for v in viewers
        if sees and v not in sees and texts[v][0] != texts[v][1]
    ]
    private = 0 < len(sees) < len(viewers)
    return out, 1, int(private and any(texts[v][0] != texts[v][1] for v in sees))
