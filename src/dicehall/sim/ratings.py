"""Bot ratings: a round-robin with seat rotation, a win-rate matrix and openskill ratings.

Every lineup of `players` different bots (all of them when there are exactly that many) plays
`games` games, spread evenly over the cyclic rotations of its seat order (the first rotations
play one more when `games` does not divide evenly); the rotations use the same seeds (common
random numbers), so seat advantages cancel. The matrix entry for bots
(A, B) is the share of their common games where A finished ahead of B (a tie counts half),
with a 95% Wilson interval. Ratings are openskill's Plackett-Luce model fed every game's ranks
in a fixed order (seed by seed, the seatings interleaved), so they are reproducible.

Ctrl-C raises `pool.Interrupted` with the tournament of the games finished so far; a run given
those games (`done`) plays only the others, with the results of a run never interrupted.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from dicehall import games
from dicehall.core import DicehallError
from dicehall.sim import pool, stats
from dicehall.sim.simulate import Outcome, run_seeds


@dataclass(frozen=True, slots=True)
class Played:
    """One game of the tournament: the bots by seat and the ranks they finished with."""

    bots: tuple[str, ...]
    seed: int
    outcome: Outcome


@dataclass
class Tournament:
    game: str
    params: dict[str, Any]
    bots: tuple[str, ...]
    played: list[Played] = field(default_factory=list)

    def matrix(self) -> dict[str, dict[str, dict[str, Any]]]:
        """`matrix[a][b]`: games, a's score against b (win 1, tie 1/2), rate and 95% CI."""
        out: dict[str, dict[str, dict[str, Any]]] = {a: {} for a in self.bots}
        for a in self.bots:
            for b in self.bots:
                if a != b:
                    out[a][b] = _head_to_head(self.played, a, b)
        return out

    def ratings(self) -> dict[str, dict[str, float]]:
        """openskill Plackett-Luce `mu`, `sigma` and `ordinal` (mu - 3 sigma) per bot."""
        try:
            from openskill.models import PlackettLuce
        except ImportError as exc:
            raise DicehallError(f"ratings need the sim extra (openskill): {exc}") from exc
        model = PlackettLuce()
        current = {b: model.rating(name=b) for b in self.bots}
        # interleave the seatings (seed by seed) so no seat order comes last in the updates
        for game in sorted(self.played, key=lambda g: g.seed):
            teams = [[current[b]] for b in game.bots]
            ranks = [float(r) for r in _ranks(game.outcome)]
            rated = model.rate(teams, ranks=ranks)
            for bot, team in zip(game.bots, rated, strict=True):
                current[bot] = team[0]
        return {
            b: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()} for b, r in current.items()
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "params": self.params,
            "bots": list(self.bots),
            "games": len(self.played),
            "ratings": self.ratings(),
            "matrix": self.matrix(),
        }


def _ranks(outcome: Outcome) -> tuple[int, ...]:
    if outcome.ranks:
        return outcome.ranks
    # no ranks recorded: winners first, everyone else shares second place
    return tuple(1 if s in outcome.winners else 2 for s in range(len(outcome.scores)))


def _head_to_head(played: list[Played], a: str, b: str) -> dict[str, Any]:
    n, score = 0, 0.0
    for game in played:
        if a in game.bots and b in game.bots:
            ranks = _ranks(game.outcome)
            ra, rb = ranks[game.bots.index(a)], ranks[game.bots.index(b)]
            n += 1
            score += 1.0 if ra < rb else 0.5 if ra == rb else 0.0
    lo, hi = interval(score, n)
    return {"games": n, "score": score, "rate": score / n if n else None, "ci95": [lo, hi]}


def interval(successes: float, trials: int, z: float = stats.Z95) -> tuple[float, float]:
    """The Wilson interval, for a success count that may hold halves (ties)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every seating to play: each set of `players` bots in each cyclic rotation."""
    if len(set(bots)) != len(bots):
        raise DicehallError("name each bot once")
    if len(bots) < players:
        raise DicehallError(f"{players} players need at least {players} bots, got {len(bots)}")
    out = []
    for group in combinations(bots, players):
        out += [group[r:] + group[:r] for r in range(players)]
    return out


def schedule(
    bots: Sequence[str], players: int, games_per_lineup: int, seed: int = 0
) -> list[tuple[tuple[str, ...], int]]:
    """Every game of the round-robin as (seating, seed), seating by seating.

    A set of bots plays exactly `games_per_lineup` games: rotation r of its seat order plays
    seeds `seed, seed + 1, ...`, one more than the later rotations when the count is uneven.
    """
    out = []
    for index, seating in enumerate(lineups(bots, players)):
        rotation = index % players
        count = games_per_lineup // players + (rotation < games_per_lineup % players)
        out += [(seating, s) for s in range(seed, seed + count)]
    return out


Key = tuple[tuple[str, ...], int]  # a game of the round-robin: (seating, seed)


def rate(
    game_id: str,
    params: dict[str, Any],
    bots: Sequence[str],
    games_per_lineup: int,
    seed: int = 0,
    workers: int = 1,
    ray_address: str | None = None,
    on_progress: Callable[[int], None] | None = None,
    done: Mapping[Key, Outcome] | None = None,
) -> Tournament:
    """Play the round-robin: `games_per_lineup` games per set of bots, seats rotated evenly.

    `done`: outcomes already played (a resumed run), not played again.
    """
    game = games.make(game_id, **params)
    planned = schedule(bots, game.num_players, games_per_lineup, seed)
    played = {key: (done or {})[key] for key in planned if key in (done or {})}
    missing = [key for key in planned if key not in played]
    size = max(1, min(50, len(missing) // max(1, 8 * workers)))
    chunks: list[list[Key]] = []
    for seating, s in missing:  # a chunk holds one seating's seeds
        if chunks and len(chunks[-1]) < size and chunks[-1][0][0] == seating:
            chunks[-1].append((seating, s))
        else:
            chunks.append([(seating, s)])
    jobs: list[pool.Job] = [
        (run_seeds, (game_id, dict(game.params), chunk[0][0], [s for _, s in chunk]))
        for chunk in chunks
    ]

    def finished(index: int, result: Any) -> None:
        played.update(zip(chunks[index], result, strict=True))
        if on_progress:
            on_progress(len(played))

    def tournament() -> Tournament:
        out = Tournament(game_id, dict(game.params), tuple(bots))
        out.played = [Played(k[0], k[1], played[k]) for k in planned if k in played]
        return out

    try:
        pool.run_jobs(jobs, workers, ray_address, finished)
    except pool.Interrupted:
        raise pool.Interrupted(tournament()) from None
    return tournament()
