"""`simulate --records DIR`: each simulated game kept as a record for `dicehall replay`.

Game i of a simulation is the match `Match(game, seed + i, bots)` (the same random streams),
so playing it again as a logged match gives exactly the game that was counted.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from dicehall import games
from dicehall.bots import make_bot
from dicehall.core import DicehallError
from dicehall.engine import Match, Record
from dicehall.sim.simulate import Summary, realtime_runner


def replayed_match(summary: Summary, index: int) -> Match:
    """Game `index` of the summary as a finished, logged match."""
    game = games.make(summary.game, **summary.params)
    bots = {seat: make_bot(level, game, seat) for seat, level in enumerate(summary.bots)}
    seed = summary.seed + index
    runner = realtime_runner(game)
    if runner is not None:
        match: Match = runner(game, seed, bots, dict(enumerate(summary.speeds)) or None)
        return match
    match = Match(game, seed, bots=bots)
    match.run_bots()
    if not match.is_over:
        raise DicehallError(f"game {index} (seed {seed}) did not finish when replayed")
    return match


def save_records(summary: Summary, folder: Path, advance: Callable[[int], Any]) -> int:
    """Write `GAME-SEED.json` for every game of the summary; returns how many."""
    folder.mkdir(parents=True, exist_ok=True)
    for index in range(summary.games):
        match = replayed_match(summary, index)
        Record.of(match).save(folder / f"{summary.game}-{summary.seed + index}.json")
        advance(index + 1)
    return summary.games
