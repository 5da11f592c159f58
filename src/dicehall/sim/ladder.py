"""The bot ladder: is every level stronger than the one below, in every game and mode?

For each mode (a game and its parameters) and each rung (a level against the one below), one
seat plays the higher level and every other seat the lower one; the higher level's seat turns
round the table game by game, so each seat gets it equally often. A rung passes when the higher
level's share of the wins is at least its line: head to head (2 players) 55% for hard over
medium, and in multi-player games 1.3 times an equal share; expert over hard at least an equal
share (at least as strong). A shared win counts as a share. The 95% Wilson interval is of the
wins rounded to whole games.

    python -m dicehall.sim.ladder --games 40 --only GAME
    python -m dicehall.sim.ladder --games 10 --only GAME:MODE --rungs hard

prints one Markdown row per mode and rung (the table in docs/analysis.md comes from it).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from dicehall import games
from dicehall.bots import make_bot
from dicehall.bots.levels import LEVELS as LEVEL_RECORDS
from dicehall.sim.simulate import play_one
from dicehall.sim.stats import wilson

LEVELS = {level.lobby: level.name for level in LEVEL_RECORDS[1:]}
"""The lobby's names (`bots.LOBBY`) of the levels the ladder compares: all above random."""
RUNGS = {hi: (hi, lo) for lo, hi in zip(list(LEVELS), list(LEVELS)[1:], strict=False)}
"""Each level against the one below, named by the higher one's lobby name."""
TOP = list(RUNGS)[-1]
"""The top rung: the strongest level need only be at least as strong as the one below."""
HEAD_TO_HEAD = 0.55  # hard over medium with 2 players
MULTI = 1.3  # hard over medium with more: times an equal share


@dataclass(frozen=True)
class Mode:
    game: str
    name: str
    params: dict[str, Any]


def modes() -> tuple[Mode, ...]:
    """Every installed game's modes (`GameParts.modes`), in the registry's order."""
    return tuple(
        Mode(game_id, name, dict(params))
        for game_id in games.available()
        for name, params in games.parts(game_id).modes
    )


class Timed:
    """A bot that counts its decisions and the time it spends on them."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.level = bot, bot.level
        self.decisions, self.seconds = 0, 0.0

    def act(self, view: Any, legal: Sequence[Any], rng: Any) -> Any:
        started = time.perf_counter()
        action = self.bot.act(view, legal, rng)
        self.seconds += time.perf_counter() - started
        self.decisions += 1
        return action


@dataclass(frozen=True)
class Cell:
    mode: Mode
    rung: str
    high: str
    low: str
    players: int
    games: int
    wins: float
    seconds: float
    thinking: float = 0.0
    """Mean seconds per decision of the higher level (decisions with a choice or not)."""

    @property
    def share(self) -> float:
        return self.wins / self.games

    @property
    def line(self) -> float:
        equal = 1 / self.players
        if self.rung == TOP:
            return equal
        return HEAD_TO_HEAD if self.players == 2 else MULTI * equal

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(min(self.games, round(self.wins)), self.games)

    def verdict(self) -> str:
        lo, hi = self.interval
        if lo >= self.line:
            return "above the line"
        if self.share >= self.line:
            return "at or over the line; interval reaches below"
        return "below the line" if hi < self.line else "under the line; interval reaches it"


def play_cell(
    mode: Mode,
    rung: str,
    count: int,
    seed: int,
    levels: dict[str, str],
    on_game: Callable[[int, float], None] | None = None,
) -> Cell:
    """`count` games of `rung` in `mode`; the higher level's seat is game i's `i % players`."""
    high, low = (levels[name] for name in RUNGS[rung])
    game = games.make(mode.game, **mode.params)
    n = game.num_players
    lineups: dict[int, list[Any]] = {}
    timed: list[Timed] = []
    wins, started = 0.0, time.perf_counter()
    for i in range(count):
        seat = i % n
        if seat not in lineups:
            lineups[seat] = [make_bot(high if s == seat else low, game, s) for s in range(n)]
            lineups[seat][seat] = Timed(lineups[seat][seat])
            timed.append(lineups[seat][seat])
        outcome = play_one(game, lineups[seat], seed + i)
        if seat in outcome.winners:
            wins += 1 / len(outcome.winners)
        if on_game:
            on_game(i + 1, wins)
    elapsed = time.perf_counter() - started
    decisions = sum(t.decisions for t in timed)
    thinking = sum(t.seconds for t in timed) / max(1, decisions)
    return Cell(mode, rung, high, low, n, count, wins, elapsed, thinking)


def row(cell: Cell) -> str:
    lo, hi = cell.interval
    return (
        f"| {cell.mode.game} {cell.mode.name} | {cell.high} vs {cell.low} | {cell.games} | "
        f"{cell.share:.1%} | {lo:.1%}–{hi:.1%} | {cell.line:.1%} | {cell.verdict()} | "
        f"{cell.seconds / cell.games:.2f} | {cell.thinking * 1000:.1f} |"
    )


HEADER = (
    "| mode | rung | games | higher level's win share | 95% CI | line | verdict | s/game "
    "| ms/decision (higher) |\n|---|---|---|---|---|---|---|---|---|"
)


def selected(only: Sequence[str]) -> list[Mode]:
    """Modes named `GAME` or `GAME:NAME` (all when none are named)."""
    every = modes()
    if not only:
        return list(every)
    found = [m for m in every if m.game in only or f"{m.game}:{m.name}" in only]
    unknown = [o for o in only if not any(o in (m.game, f"{m.game}:{m.name}") for m in every)]
    if unknown:
        names = ", ".join(f"{m.game}:{m.name}" for m in every)
        raise SystemExit(f"unknown mode(s) {', '.join(unknown)}; modes: {names}")
    return found


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per mode and rung")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed SEED + i")
    parser.add_argument("--only", nargs="*", default=[], help="GAME or GAME:MODE (see modes())")
    parser.add_argument("--rungs", nargs="*", default=list(RUNGS), choices=list(RUNGS))
    parser.add_argument("--progress", action="store_true", help="a line on stderr after each game")
    for name, level in LEVELS.items():
        parser.add_argument(f"--{name}", default=level, help=f"the {name} level ({level})")
    args = parser.parse_args(argv)
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    levels = {name: getattr(args, name) for name in LEVELS}
    print(HEADER, flush=True)
    for mode in selected(args.only):
        for rung in args.rungs:
            progress = _progress(mode, rung, args.games) if args.progress else None
            print(row(play_cell(mode, rung, args.games, args.seed, levels, progress)), flush=True)


def _progress(mode: Mode, rung: str, count: int) -> Callable[[int, float], None]:
    """A line on stderr after each game: the games played and the higher level's wins."""

    cell = f"{mode.game} {mode.name} {rung}"

    def report(played: int, wins: float) -> None:
        print(f"{cell}: {played}/{count} games, {wins:g} won", file=sys.stderr, flush=True)

    return report


if __name__ == "__main__":
    main()
