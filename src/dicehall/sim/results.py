"""Simulation results as a table: one row per game and seat, saved as Parquet or CSV.

Columns: game, params (JSON text), variant (the params that differ from the game's defaults),
seed, seat, bot, score, rank, win (shared wins count), winners, length (actions by players),
turns, rounds, reason. Parquet needs pyarrow and CSV pandas (the `sim` extra).
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dicehall import games
from dicehall.core import DicehallError

Frame = Any  # a pandas DataFrame (pandas ships no type information)

if TYPE_CHECKING:
    from dicehall.sim.simulate import Outcome, Summary

COLUMNS = ("game", "params", "variant", "seed", "seat", "bot", "score", "rank", "win", "winners",
           "length", "turns", "rounds", "reason")  # fmt: skip
FORMATS = (".parquet", ".csv")


def variant_text(game_id: str, params: dict[str, Any]) -> str:
    """The player count and every param that differs from the game's default."""
    try:
        defaults = games.spec(game_id).defaults()
    except DicehallError:
        defaults = {}
    shown = [
        f"{k}={v}" for k, v in sorted(params.items()) if k == "players" or defaults.get(k) != v
    ]
    return ", ".join(shown) or "defaults"


def seat_outcome(o: Outcome, seat: int) -> dict[str, Any]:
    """One seat's columns of one finished game (shared by simulate's and sweep's tables)."""
    return {
        "score": float(o.scores[seat]),
        "rank": o.ranks[seat] if o.ranks else None,
        "win": seat in o.winners,
        "winners": len(o.winners),
        "length": o.actions,
        "turns": o.turns,
        "rounds": o.rounds,
        "reason": o.reason,
    }


def rows(summary: Summary) -> list[dict[str, Any]]:
    """One row per game and seat (game i of the summary has seed `summary.seed_of(i)`)."""
    params = json.dumps(summary.params, sort_keys=True)
    variant = variant_text(summary.game, summary.params)
    out = []
    for i, o in enumerate(summary.outcomes):
        for seat, bot in enumerate(summary.bots):
            out.append(
                {
                    "game": summary.game,
                    "params": params,
                    "variant": variant,
                    "seed": summary.seed_of(i),
                    "seat": seat,
                    "bot": bot,
                    **seat_outcome(o, seat),
                    **{f"stat_{key}": _cell(value) for key, value in o.extras},
                }
            )
    return out


def _pandas() -> Any:
    """pandas (imported by name: it ships no type information)."""
    try:
        return importlib.import_module("pandas")
    except ImportError as exc:
        raise DicehallError(f"results files need the sim extra (pandas): {exc}") from exc


def _cell(value: Any) -> Any:
    """A `--stat` value as a table cell: numbers and text as they are, the rest as JSON."""
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return json.dumps(value, sort_keys=True)


def _frame(data: list[dict[str, Any]]) -> Frame:
    extra = [k for k in (data[0] if data else {}) if k not in COLUMNS]
    return _pandas().DataFrame(data, columns=[*COLUMNS, *extra])


def save(data: list[dict[str, Any]], path: Path) -> Path:
    """Write rows to `path` (.parquet or .csv)."""
    return _write(_frame(data), path)


def save_frame(data: list[dict[str, Any]], path: Path) -> Path:
    """Write rows with every column they have (a sweep's params and final states)."""
    return _write(_pandas().DataFrame(data), path)


def _write(frame: Frame, path: Path) -> Path:
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise DicehallError(f"results go to a .parquet or .csv file, got {path.name!r}")
    if suffix == ".csv":
        frame.to_csv(path, index=False)
    else:
        frame.to_parquet(path, index=False)
    return path


def load(paths: list[Path]) -> Frame:
    """Rows of one or more results files (.parquet or .csv) as one table."""
    pd = _pandas()
    frames = []
    for index, path in enumerate(paths):
        suffix = path.suffix.lower()
        if suffix not in FORMATS:
            raise DicehallError(f"not a results file (.parquet or .csv): {path}")
        if not path.is_file():
            raise DicehallError(f"no such results file: {path}")
        frame = pd.read_csv(path) if suffix == ".csv" else pd.read_parquet(path)
        missing = [c for c in COLUMNS if c not in frame.columns]
        if missing:
            raise DicehallError(f"{path.name}: not dicehall results (no {', '.join(missing)})")
        frame["source"] = index  # runs from different files are never pooled
        frames.append(frame)
    if not frames:
        raise DicehallError("no results files given")
    return pd.concat(frames, ignore_index=True)
