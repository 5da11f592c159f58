"""The fixed facts of one game: content, player count, Storehouse length."""

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

    @staticmethod
    def of(content: Content, players: int, length: int, round_limit: int) -> Config:
        cards = {c.id: i for i, c in enumerate(content.stalls)}
        bag = {c.id: i for i, c in enumerate(content.bag)}
        return Config(content, players, length, round_limit, cards, bag)

    @property
    def turn_limit(self) -> int:
        return self.round_limit * self.players
