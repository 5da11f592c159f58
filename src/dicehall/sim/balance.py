"""Balance statistics of a sweep: per cell, win rate by seat, first-player advantage, length.

First-player advantage (FPA) is seat 0's win rate minus the seats' mean win rate: what the
first player wins beyond an even share (shared wins count for each winner, so the even share
is not always 1/N). Its interval, and the interval of the difference between a cell's FPA and
the first cell's, are 95% percentile bootstrap intervals over games (seeded, so a report
always prints the same numbers for the same games).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dicehall.sim import stats
from dicehall.sim.sweep import CellResult

RESAMPLES = 2000
BOOTSTRAP_SEED = 20240601


@dataclass(frozen=True)
class CellStats:
    label: str
    games: int
    players: int
    bots: tuple[str, ...]
    seats: list[dict[str, Any]]  # seat, wins, win_rate, ci95
    fpa: float
    fpa_ci95: tuple[float, float]
    vs_first: float | None  # FPA minus the first cell's FPA
    vs_first_ci95: tuple[float, float] | None
    length_mean: float
    turns_mean: float | None
    rounds_mean: float | None
    end_reasons: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "cell": self.label, "games": self.games, "players": self.players,
            "bots": list(self.bots), "seats": self.seats, "fpa": self.fpa,
            "fpa_ci95": list(self.fpa_ci95), "fpa_vs_first": self.vs_first,
            "fpa_vs_first_ci95": None if self.vs_first_ci95 is None else list(self.vs_first_ci95),
            "length_mean": self.length_mean, "turns_mean": self.turns_mean,
            "rounds_mean": self.rounds_mean, "end_reasons": self.end_reasons,
        }  # fmt: skip


def _wins(result: CellResult) -> np.ndarray[Any, np.dtype[np.float64]]:
    """Games x seats, 1.0 where the seat won (shared wins included)."""
    n = len(result.cell.levels)
    matrix = np.zeros((len(result.summary.outcomes), n))
    for g, outcome in enumerate(result.summary.outcomes):
        matrix[g, list(outcome.winners)] = 1.0
    return matrix


def _fpa_samples(
    wins: np.ndarray[Any, np.dtype[np.float64]], rng: np.random.Generator
) -> np.ndarray[Any, np.dtype[np.float64]]:
    """Bootstrap replicates of seat 0's win rate minus the seats' mean win rate."""
    per_game = wins[:, 0] - wins.mean(axis=1)
    picks = rng.integers(0, len(per_game), size=(RESAMPLES, len(per_game)))
    samples: np.ndarray[Any, np.dtype[np.float64]] = per_game[picks].mean(axis=1)
    return samples


def _interval(samples: np.ndarray[Any, np.dtype[np.float64]]) -> tuple[float, float]:
    lo, hi = np.percentile(samples, [2.5, 97.5])
    return float(lo), float(hi)


def _mean(values: Sequence[float | None]) -> float | None:
    known = [v for v in values if v is not None]
    return stats.mean(known) if len(known) == len(values) else None


def cell_stats(results: Sequence[CellResult]) -> list[CellStats]:
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    out: list[CellStats] = []
    first: np.ndarray[Any, np.dtype[np.float64]] | None = None
    for result in results:
        summary = result.summary
        wins = _wins(result)
        samples = _fpa_samples(wins, rng)
        fpa = float(wins[:, 0].mean() - wins.mean())
        vs_first = vs_ci = None
        if first is None:
            first = samples
            first_fpa = fpa
        else:
            vs_first = fpa - first_fpa
            vs_ci = _interval(samples - first)
        seats = [
            {"seat": r["seat"], "bot": r["bot"], "wins": r["wins"], "win_rate": r["win_rate"],
             "ci95": tuple(r["ci95"])}
            for r in summary.seat_rows()
        ]  # fmt: skip
        outcomes = summary.outcomes
        out.append(
            CellStats(
                label=result.cell.label,
                games=summary.games,
                players=len(result.cell.levels),
                bots=result.cell.levels,
                seats=seats,
                fpa=fpa,
                fpa_ci95=_interval(samples),
                vs_first=vs_first,
                vs_first_ci95=vs_ci,
                length_mean=float(np.mean([o.actions for o in outcomes])),
                turns_mean=_mean([o.turns for o in outcomes]),
                rounds_mean=_mean([o.rounds for o in outcomes]),
                end_reasons=dict(Counter(o.reason for o in outcomes).most_common()),
            )
        )
    return out


def by_final(results: Sequence[CellResult], key: str) -> list[dict[str, Any]]:
    """Win rate (Wilson 95%) by the value of a seat's final-state field, over all cells
    (seats without a value, such as characters in the Basic game, are left out)."""
    counts: dict[Any, list[int]] = {}
    for result in results:
        for outcome, finals in zip(result.summary.outcomes, result.finals, strict=True):
            for seat, state in enumerate(finals):
                if state.get(key) is not None:
                    tally = counts.setdefault(state[key], [0, 0])
                    tally[0] += seat in outcome.winners
                    tally[1] += 1
    rows = []
    for value, (wins, seats) in sorted(counts.items(), key=lambda kv: str(kv[0])):
        rows.append({"value": value, "seats": seats, "wins": wins,
                     "win_rate": wins / seats, "ci95": stats.wilson(wins, seats)})  # fmt: skip
    return rows
