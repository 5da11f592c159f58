"""Integer ids for chance outcomes: each game's `chance_index` (`Game.chance_index`).

OpenSpiel needs every chance outcome as an integer below `max_chance_outcomes`. Each game lists
every outcome it can ever produce, in a fixed order (`Game.chance_catalogue`), so an id means the
same outcome in every state and every process.
"""

from __future__ import annotations

from typing import Any

from dicehall.core import DicehallError, Game, MalformedActionError


class ChanceIds:
    """Stable integer ids over every chance outcome a game can produce."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.index = game.chance_index
        if not len(self.index):
            raise DicehallError(f"no chance outcome ids for game {game.id!r}")
        self.outcomes: tuple[Any, ...] = tuple(self.index.actions)

    def __len__(self) -> int:
        return len(self.index)

    def encode(self, outcome: Any) -> int:
        try:
            return self.index.encode(outcome)
        except MalformedActionError:
            raise DicehallError(f"chance outcome without an id: {outcome!r}") from None

    def encode_many(self, outcomes: Any) -> list[int]:
        """`[encode(o) for o in outcomes]` in one pass."""
        try:
            return self.index.encode_many(outcomes)
        except MalformedActionError:
            return [self.encode(o) for o in outcomes]  # raises for the outcome without an id

    def decode(self, outcome_id: int) -> Any:
        return self.outcomes[outcome_id]
