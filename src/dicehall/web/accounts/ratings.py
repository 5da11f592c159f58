"""Ratings of people at rated tables: openskill's Plackett-Luce model, one rating per game.

Bots do not move: each level keeps the reference rating `dicehall rate` measured for it
(`bot_ratings.json`, made with the command it records), so a person's rating reads against
theirs. A new player starts at openskill's default (mu 25, sigma 25/3, ordinal 0).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from dicehall.bots import parse_level

REFERENCE = Path(__file__).parent / "bot_ratings.json"
MODEL = PlackettLuce()
Rating = tuple[float, float]  # (mu, sigma)


@lru_cache(maxsize=1)
def reference() -> dict[str, Any]:
    """The file's games -> {"command", "games", "ratings": {level: {mu, sigma, ordinal}}}."""
    data: dict[str, Any] = json.loads(REFERENCE.read_text(encoding="utf-8"))
    return data


def bot_rating(game: str, level: str) -> Rating:
    """The bot level's reference rating (its name without a budget: `mcts:1s` is `mcts`)."""
    name, _ = parse_level(level)
    found = reference().get(game, {}).get("ratings", {}).get(name)
    if found is None:
        default = MODEL.rating()
        return default.mu, default.sigma
    return float(found["mu"]), float(found["sigma"])


def ordinal(rating: Rating | None) -> float:
    mu, sigma = rating or (MODEL.rating().mu, MODEL.rating().sigma)
    return mu - 3 * sigma


def update(
    game: str, seats: list[dict[str, Any]], ranks: list[int], people: dict[int, Rating | None]
) -> dict[int, Rating]:
    """New ratings of the people (`people`: seat -> current rating, None for a first game)
    after a match whose seats finished with `ranks` (1 is best; ties share a rank)."""
    teams = []
    for seat, cfg in enumerate(seats):
        if seat in people:
            mu, sigma = people[seat] or (MODEL.rating().mu, MODEL.rating().sigma)
        else:
            mu, sigma = bot_rating(game, str(cfg.get("bot", "random")))
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return {seat: (rated[seat][0].mu, rated[seat][0].sigma) for seat in people}
