"""Golden playthroughs: a seeded random game of one variant written out as text.

Like OpenSpiel's playthrough files: the start, then step by step who acts, what is legal, what
was chosen as the log line each seat reads it, and a digest of every seat's view after it; then
the end (the spectator view's plain fields) and the result. A change to the rules, the views,
the texts or the seeded streams shows up as a difference in `make test`
(`tests/golden/test_golden.py`); an intended change is accepted by regenerating the files
(`python -m tests.golden.regen`) and reviewing their diff.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dicehall import games
from dicehall.core import CHANCE, Game, sample
from dicehall.core.seeding import chance_rng

FOLDER = Path(__file__).parent / "files"
STEPS = 25
"""Steps written out per playthrough (the files stay a few KB)."""
SHOWN_ACTIONS = 5
"""Legal actions listed per step (then their count)."""


@dataclass(frozen=True)
class Variant:
    game: str
    params: dict[str, Any]
    seed: int = 1

    @property
    def name(self) -> str:
        parts = [f"{k}={v}" for k, v in sorted(self.params.items())]
        return "-".join([self.game, *parts]) if parts else self.game


VARIANTS = (
    Variant("puru", {"players": 2}),
    Variant("puru", {"players": 3, "full": True}),
    Variant("puru", {"players": 2, "solo": True}),
    Variant("puru", {"players": 2, "solo": True, "super": True}),
    Variant("purrramid", {"players": 2}),
    Variant("purrramid", {"players": 3, "side": "b"}),
    Variant("paradice", {"players": 2}),
    Variant("paradice", {"players": 4}),
    Variant("jelly", {"players": 3, "mode": "tick"}),
    Variant("jelly", {"players": 5, "mode": "tick", "first_game": True}),
    Variant("jelly", {"players": 4, "mode": "tick", "content": "promo"}),
)


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def _digest(game: Game[Any, Any], state: Any) -> str:
    """One short digest of every seat's view and the spectators' (any change shows)."""
    views = [game.observe(state, seat) for seat in [*range(game.num_players), None]]
    return hashlib.sha256(_json(views).encode()).hexdigest()[:12]


def _plain(view: dict[str, Any]) -> str:
    """The fields of a view that are single values (boards and hands are in the digests)."""
    return _json({k: v for k, v in view.items() if not isinstance(v, list | dict)})


def _texts(game: Game[Any, Any], action: Any) -> str:
    """The log line as each seat reads it; one line when all read the same."""
    seats = [*range(game.num_players), None]
    texts = [game.describe(action, seat) for seat in seats]
    if len(set(texts)) == 1:
        return texts[0]
    named = zip(["spectator" if s is None else f"to {s}" for s in seats], texts, strict=True)
    return " | ".join(f"{name}: {text}" for name, text in named)


def playthrough(variant: Variant, steps: int = STEPS) -> str:
    """The text of `variant`'s seeded random game, its first `steps` steps and its end."""
    game = games.make(variant.game, **variant.params)
    pick = random.Random(f"golden/{variant.seed}")
    state = game.initial_state()
    lines = [f"game: {variant.game}", f"params: {_json(game.params)}", f"seed: {variant.seed}"]
    lines.append(f"start: {_plain(game.observe(state, None))} views {_digest(game, state)}")
    step = 0
    while not game.is_terminal(state):
        actors = game.actors(state)
        if actors == (CHANCE,):
            seat, action = CHANCE, sample(game, state, chance_rng(variant.seed, step))
            legal_text = f"chance, {len(game.chance_outcomes(state))} outcomes"
        else:
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            action = legal[pick.randrange(len(legal))]
            shown = ", ".join(map(str, legal[:SHOWN_ACTIONS]))
            more = f", +{len(legal) - SHOWN_ACTIONS}" if len(legal) > SHOWN_ACTIONS else ""
            legal_text = f"legal {len(legal)}: {shown}{more}"
        state = game.apply(state, seat, action)
        if step < steps:
            lines.append(f"{step} actors {list(actors)}, {legal_text}")
            lines.append(f"  seat {seat}: {_texts(game, action)} / views {_digest(game, state)}")
        step += 1
        if step > game.max_game_length:
            raise RuntimeError(f"{variant.name}: longer than {game.max_game_length} steps")
    lines.append(f"... {step} steps in all")
    lines.append(f"end: {_plain(game.observe(state, None))} views {_digest(game, state)}")
    lines.append(f"result: {_json(game.result(state).to_json())}")
    return "\n".join(lines) + "\n"


def path_of(variant: Variant) -> Path:
    return FOLDER / f"{variant.name}.txt"
