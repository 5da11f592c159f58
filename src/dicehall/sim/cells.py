"""The cells of a results table (each variant and line-up of a game), their params and their
first-player advantage, for the report's plots against each swept param and its power sentence.

A cell's params come from the rows' `params` JSON, so `simulate` and `sweep` files read alike;
a param is swept when it differs between a game's cells. Cells sort numerically by their values
(`storehouse=3` before `storehouse=12`). First-player advantage (FPA) is seat 0's win rate minus
the seats' mean win rate, with a seeded 95% bootstrap interval over games, as `sweep` prints it.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from dicehall.sim import stats
from dicehall.sim.balance import BOOTSTRAP_SEED, RESAMPLES

Frame = Any  # a pandas DataFrame (pandas ships no type information)
Z_ALPHA = 1.959964  # two-sided 5% test
Z_POWER = 0.841621  # 80% power
NUMBER = re.compile(r"(-?\d+(?:\.\d+)?)")


def natural_key(text: str) -> tuple[Any, ...]:
    """A sort key reading numbers as numbers: `storehouse=3` before `storehouse=12`."""
    parts = NUMBER.split(str(text))
    return tuple((0, float(p), "") if NUMBER.fullmatch(p) else (1, 0.0, p) for p in parts)


def value_key(value: Any) -> tuple[Any, ...]:
    if isinstance(value, bool):
        return (0, float(value), "")
    if isinstance(value, int | float):
        return (0, float(value), "")
    return (1, 0.0, *natural_key(str(value)))


@dataclass
class Cell:
    """One variant and line-up of a game: its params, games and seats' wins."""

    game: str
    variant: str
    lineup: str
    params: dict[str, Any]
    bots: tuple[str, ...]  # the bot names, sorted (line-ups differing only by size compare)
    wins: np.ndarray[Any, np.dtype[np.float64]]  # games x seats: 1.0 where the seat won
    fpa: float = 0.0
    fpa_ci95: tuple[float, float] = (0.0, 0.0)
    per_game: np.ndarray[Any, np.dtype[np.float64]] = field(
        default_factory=lambda: np.zeros(0)
    )  # each game's seat-0 win minus the seats' mean

    @property
    def games(self) -> int:
        return int(self.wins.shape[0])

    def seat_rate(self, seat: int) -> tuple[float, float, float]:
        """Seat's win rate and its 95% Wilson interval."""
        wins = int(self.wins[:, seat].sum())
        lo, hi = stats.wilson(wins, self.games)
        return wins / self.games, lo, hi


def cells(frame: Frame) -> list[Cell]:
    """Every (game, variant, line-up) of the rows, sorted by game and numerically by variant."""
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    out = []
    for (game, variant, lineup), part in frame.groupby(["game", "variant", "lineup"]):
        won = part.assign(win=part["win"].astype(float))
        table = won.pivot_table(index=["source", "seed"], columns="seat", values="win",
                                aggfunc="max").fillna(0.0)  # fmt: skip
        wins = table.to_numpy()
        params = json.loads(str(part["params"].iloc[0]))
        bots = tuple(sorted(set(map(str, part["bot"]))))
        cell = Cell(str(game), str(variant), str(lineup), params, bots, wins)
        cell.per_game = wins[:, 0] - wins.mean(axis=1)
        cell.fpa = float(cell.per_game.mean())
        picks = rng.integers(0, len(cell.per_game), size=(RESAMPLES, len(cell.per_game)))
        lo, hi = np.percentile(cell.per_game[picks].mean(axis=1), [2.5, 97.5])
        cell.fpa_ci95 = (float(lo), float(hi))
        out.append(cell)
    return sorted(out, key=lambda c: (c.game, natural_key(c.variant), natural_key(c.lineup)))


def swept(game_cells: list[Cell]) -> list[str]:
    """The params whose values differ between the cells (in the order the params are named)."""
    names = list(dict.fromkeys(k for c in game_cells for k in c.params))
    return [
        n
        for n in names
        if len({json.dumps(c.params.get(n), sort_keys=True) for c in game_cells}) > 1
    ]


def panels(game_cells: list[Cell], axis: str) -> dict[str, list[Cell]]:
    """The cells split by everything but `axis` (other swept params, bots), each panel's cells
    sorted by the axis value."""
    others = [n for n in swept(game_cells) if n != axis]
    out: dict[str, list[Cell]] = {}
    for c in game_cells:
        label = ", ".join([*(f"{n}={c.params.get(n)}" for n in others), " ".join(c.bots)])
        out.setdefault(label, []).append(c)
    for members in out.values():
        members.sort(key=lambda c: value_key(c.params.get(axis)))
    return dict(sorted(out.items(), key=lambda kv: natural_key(kv[0])))


def games_needed(a: Cell, b: Cell) -> float | None:
    """Games per cell a two-sided 5% test needs, with 80% power, to tell the two cells' FPA
    apart if the difference seen is the true one (None when no difference was seen)."""
    gap = a.fpa - b.fpa
    variance = float(np.var(a.per_game, ddof=1) + np.var(b.per_game, ddof=1))
    if a.games < 2 or b.games < 2 or gap == 0 or not math.isfinite(variance):
        return None
    return (Z_ALPHA + Z_POWER) ** 2 * variance / gap**2


def power_sentence(game_cells: list[Cell]) -> str | None:
    """How many games per cell would tell apart the cells whose FPA differ most."""
    if len(game_cells) < 2:
        return None
    high = max(game_cells, key=lambda c: c.fpa)
    low = min(game_cells, key=lambda c: c.fpa)
    needed = games_needed(high, low)
    if needed is None:
        return "The cells' first-player advantages are equal: no difference to detect."
    have = min(high.games, low.games)
    verdict = (
        "the cells have enough"
        if have >= needed
        else f"the cells have {have}, so their differences may be chance"
    )
    return (
        f"The largest difference in first-player advantage, {100 * high.fpa:+.1f} points "
        f"({high.variant}; {high.lineup}) against {100 * low.fpa:+.1f} ({low.variant}; "
        f"{low.lineup}), needs about {math.ceil(needed):,} games per cell to be detected "
        f"(two-sided 5% test, 80% power); {verdict}. Smaller differences need more games."
    )
