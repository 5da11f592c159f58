"""`dicehall fuzz GAME --batch`: every check of `differential` over a game's parameter sets.

A parameter set is one of the game's fuzz configurations that its batched form plays; the
others are listed as skipped with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.batch import BatchUnsupportedError, make
from dicehall.batch import differential as diff


@dataclass(frozen=True, slots=True)
class BatchFuzz:
    game: str
    params: dict[str, Any]
    checks: tuple[diff.Check, ...]
    skipped: str = ""

    @property
    def failed(self) -> int:
        return sum(c.failed for c in self.checks)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "params": self.params, "skipped": self.skipped or None,
                "checks": [c.to_json() for c in self.checks]}  # fmt: skip


def fuzz(game_id: str, params: dict[str, Any], games: int, seed: int) -> BatchFuzz:
    """`games` batch games replayed through the rules engine and as many the other way, and
    `games` random games of each for the distributions."""
    try:
        env = make(game_id, batch=min(games, 256), **params)
    except BatchUnsupportedError as exc:
        return BatchFuzz(game_id, params, (), str(exc))
    trajectories = diff.record_batch_games(env, games, seed)
    forward = diff.check_batch_games(env, trajectories)
    played = diff.play_engine_games(env, games, seed + 1)
    backward = diff.check_engine_games(lambda n: make(game_id, batch=n, **params), played)
    del trajectories, played
    distributions = diff.compare_distributions(
        diff.engine_sample(env.game, games, seed + 2), diff.batch_sample(env, games, seed + 3)
    )
    return BatchFuzz(game_id, params, (forward, backward, distributions))
