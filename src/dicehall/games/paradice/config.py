"""The fixed facts of one game: content, player count, Storehouse length, house rules."""

from __future__ import annotations

from dataclasses import dataclass, field

from dicehall.games.paradice.content import Content


@dataclass(frozen=True, slots=True, eq=False)
class Config:
    content: Content
    players: int
    length: int  # Storehouse steps from the start to 'no stock'
    round_limit: int
    card_index: dict[str, int] = field(default_factory=dict)
    bag_index: dict[str, int] = field(default_factory=dict)
    double_unshared: bool = False
    """House rule `double_scoring=unshared` (rules.md, *House rules*)."""
    lock_all: bool = False
    """House rule `storehouse_lock=all`."""
    whole_groups: bool = False
    """House rule `grouping=whole`."""

    @staticmethod
    def of(
        content: Content,
        players: int,
        length: int,
        round_limit: int,
        *,
        double_scoring: str = "alone",
        storehouse_lock: str = "token",
        grouping: str = "separate",
    ) -> Config:
        cards = {c.id: i for i, c in enumerate(content.stalls)}
        bag = {c.id: i for i, c in enumerate(content.bag)}
        return Config(
            content, players, length, round_limit, cards, bag,
            double_unshared=double_scoring == "unshared",
            lock_all=storehouse_lock == "all",
            whole_groups=grouping == "whole",
        )  # fmt: skip

    @property
    def turn_limit(self) -> int:
        return self.round_limit * self.players
