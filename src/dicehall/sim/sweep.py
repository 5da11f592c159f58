"""Parameter sweeps: the same bots over a grid of game params, one tidy table of every game.

`--grid players=2,3,4 --grid storehouse=4,5,6` names the axes; every combination is a cell,
and each cell plays `count` games (game i with seed `seed + i`, as `simulate` does, so a game
of any cell can be replayed as a match). All cells' games share one pool of workers.

The axis `speeds` sets the seats' speed profiles of a real-time simulation: one profile for
every seat (`speeds=fast,slow`) or one per seat joined by `/` (`speeds=fast/human/human`).

Ctrl-C raises `pool.Interrupted` with the results of the games finished so far (cells with no
game left out); a sweep given those games (`done`) plays only the others.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dicehall import games
from dicehall.bots import parse_bot_list
from dicehall.core import DicehallError, ParamError
from dicehall.sim import pool
from dicehall.sim.finals import seat_states
from dicehall.sim.results import seat_outcome
from dicehall.sim.simulate import Outcome, Summary, _prepare, _speeds, play_one_with_view, setup

SPEEDS_AXIS = "speeds"
MAX_CELLS = 200
MAX_VALUES = 50  # values on one axis
SEATS_CHANGE = "name one bot for every seat when the grid changes the player count"


@dataclass(frozen=True)
class Cell:
    """One combination of the grid's values and what it plays."""

    axes: tuple[tuple[str, str], ...]  # (axis, value as written) in grid order
    params: dict[str, Any]  # the game's params (checked and complete)
    levels: tuple[str, ...]  # one bot per seat
    speeds: tuple[str, ...]  # one speed profile per seat (real-time games), else ()

    @property
    def label(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.axes) or "defaults"


@dataclass
class CellResult:
    cell: Cell
    summary: Summary
    finals: list[tuple[dict[str, Any], ...]]  # per game: each seat's final state

    @property
    def complete(self) -> bool:
        """Whether every game asked of the cell was played (not so in an interrupted sweep)."""
        return not self.summary.seeds


Played = tuple[Outcome, tuple[dict[str, Any], ...]]  # a game's outcome and its seats' finals


def parse_grid(items: Sequence[str]) -> dict[str, list[str]]:
    """`AXIS=V1,V2,...` per item, axes in the order given; an axis may appear once."""
    grid: dict[str, list[str]] = {}
    for item in items:
        key, sep, values = item.partition("=")
        name = key.strip().replace("-", "_")
        names = [v.strip() for v in values.split(",") if v.strip()]
        if not sep or not name or not names:
            raise ParamError(f"--grid must look like NAME=V1,V2,..., got {item!r}")
        if name in grid:
            raise ParamError(f"--grid {name} is given twice; list all its values once")
        if len(names) > MAX_VALUES:
            raise ParamError(f"--grid {name}: at most {MAX_VALUES} values, got {len(names)}")
        grid[name] = names
    return grid


def cells(
    game_id: str,
    base: dict[str, Any],
    grid: dict[str, list[str]],
    bots: str | None,
    speeds: str | None = None,
) -> list[Cell]:
    """Every combination of the grid, each checked by the game (bad values fail here)."""
    spec = games.spec(game_id)
    known = {p.name for p in spec.params} | {SPEEDS_AXIS}
    for name in grid:
        if name not in known:
            raise ParamError(
                f"{game_id} has no param {name!r} to sweep; its params: {', '.join(sorted(known))}"
            )
    total = 1
    for values in grid.values():
        total *= len(values)
    if total > MAX_CELLS:
        raise ParamError(f"the grid has {total} cells; at most {MAX_CELLS}")
    out = []
    for combo in itertools.product(*grid.values()):
        axes = tuple(zip(grid, combo, strict=True))
        chosen = dict(axes)
        speed_text = chosen.pop(SPEEDS_AXIS, speeds)
        params = {**base, **chosen}
        seats = games.make(game_id, **params).num_players
        levels = parse_bot_list(bots, game_id, seats, when=SEATS_CHANGE)
        game = _prepare(game_id, params, levels, [])
        per_seat = _speeds(game, [s for s in (speed_text or "").split("/") if s])
        out.append(Cell(axes, dict(game.params), levels, per_seat))
    return out


def run_cell_seeds(
    game_id: str,
    params: dict[str, Any],
    levels: tuple[str, ...],
    seeds: list[int],
    speeds: tuple[str, ...],
) -> list[tuple[Outcome, tuple[dict[str, Any], ...]]]:
    """A worker's share of one cell: each game's outcome and its seats' final states."""
    game, bots = setup(game_id, params, levels)
    out = []
    for seed in seeds:
        outcome, view = play_one_with_view(game, bots, seed, speeds)
        out.append((outcome, seat_states(view, game.num_players)))
    return out


def sweep(
    game_id: str,
    grid_cells: Sequence[Cell],
    count: int,
    seed: int = 0,
    workers: int = 1,
    on_progress: Callable[[int], None] | None = None,
    ray_address: str | None = None,
    done: Mapping[tuple[int, int], Played] | None = None,
) -> list[CellResult]:
    """Play `count` games in every cell; results in cell order.

    `done`: games already played, by (cell index, seed) (a resumed sweep), not played again.
    """
    if count < 1:
        raise DicehallError("sweep at least one game per cell")
    seeds = range(seed, seed + count)
    planned = [(index, s) for index in range(len(grid_cells)) for s in seeds]
    played = {key: (done or {})[key] for key in planned if key in (done or {})}
    missing = [key for key in planned if key not in played]
    size = max(1, min(100, len(missing) // (workers * 8) or 1))
    chunks: list[list[tuple[int, int]]] = []
    for index, s in missing:  # a chunk holds one cell's seeds
        if chunks and len(chunks[-1]) < size and chunks[-1][0][0] == index:
            chunks[-1].append((index, s))
        else:
            chunks.append([(index, s)])
    jobs: list[pool.Job] = []
    for chunk in chunks:
        cell = grid_cells[chunk[0][0]]
        args = (game_id, cell.params, cell.levels, [s for _, s in chunk], cell.speeds)
        jobs.append((run_cell_seeds, args))

    def finished(index: int, result: list[Played]) -> None:
        played.update(zip(chunks[index], result, strict=True))
        if on_progress:
            on_progress(len(played))

    def results() -> list[CellResult]:
        out = []
        for index, cell in enumerate(grid_cells):
            got = [s for s in seeds if (index, s) in played]
            if not got:
                continue
            games_ = [played[index, s] for s in got]
            summary = Summary(game_id, cell.params, seed, cell.levels, [o for o, _ in games_])
            summary.speeds = cell.speeds
            if len(got) < count:
                summary.seeds = tuple(got)
            out.append(CellResult(cell, summary, [f for _, f in games_]))
        return out

    try:
        pool.run_jobs(jobs, workers, ray_address, finished)
    except pool.Interrupted:
        raise pool.Interrupted(results()) from None
    return results()


def rows(results: Sequence[CellResult]) -> list[dict[str, Any]]:
    """One row per game and seat: the cell's params as columns, the outcome, the seat's state."""
    out = []
    for r in results:
        params = json.dumps(r.cell.params, sort_keys=True)
        for i, (o, finals) in enumerate(zip(r.summary.outcomes, r.finals, strict=True)):
            for seat, bot in enumerate(r.cell.levels):
                row: dict[str, Any] = {
                    "game": r.summary.game,
                    "cell": r.cell.label,
                    "variant": r.cell.label,
                    **{f"param_{k}": _scalar(v) for k, v in r.cell.params.items()},
                    "params": params,
                    "seed": r.summary.seed_of(i),
                    "seat": seat,
                    "players": len(r.cell.levels),
                    "bot": bot,
                    "speed": r.cell.speeds[seat] if r.cell.speeds else None,
                    **seat_outcome(o, seat),
                }
                row.update({f"final_{k}": v for k, v in finals[seat].items()})
                out.append(row)
    return out


def _scalar(value: Any) -> Any:
    return value if isinstance(value, str | int | float | bool) or value is None else str(value)
