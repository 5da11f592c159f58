"""Ctrl-C in a long run (`simulate`, `sweep`, `rate`): keep the finished games, say how to resume.

One Ctrl-C stops the workers (`sim.pool`), the command shows what the finished games say, saves
them (results file and checkpoint) while further Ctrl-C wait, prints the command that goes on
with `--resume`, and exits with 130. A resumed run that completes deletes its checkpoint.
"""

from __future__ import annotations

import shlex
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from dicehall.cli.common import error_console
from dicehall.core import DicehallError
from dicehall.sim import checkpoint
from dicehall.sim.simulate import Summary
from dicehall.sim.sweep import CellResult, Played

RESUME_FLAG = "--resume"
ResumeHelp = (
    "Go on with an interrupted run from its checkpoint (written on Ctrl-C; give the same "
    "options): only the missing games are played, with the results of an uninterrupted run."
)


@contextmanager
def saving() -> Iterator[None]:
    """Ctrl-C waits while the finished work is written (a second one must not lose it)."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def resume_command(argv: Sequence[str] | None = None) -> str:
    """The command line that was run, with `--resume` (once)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if RESUME_FLAG not in args:
        args.append(RESUME_FLAG)
    return shlex.join(["dicehall", *args])


def tell_stopped(finished: int, asked: int, saved: Path | None) -> None:
    """The lines an interrupted run ends with (stderr: stdout may carry JSON)."""
    out = error_console()
    out.print(f"[yellow]interrupted:[/] {finished} of {asked} games finished and kept")
    if saved is not None:
        out.print(f"checkpoint saved to {saved}; to go on:", markup=False, soft_wrap=True)
        out.print(f"  {resume_command()}", markup=False, soft_wrap=True)


def save_checkpoint(path: Path, run: dict[str, Any], games: list[dict[str, Any]]) -> Path | None:
    try:
        return checkpoint.save(path, run, games)
    except OSError as exc:
        error_console().print(f"could not save the checkpoint {path}: {exc}", style="red")
        return None


T = TypeVar("T")


def load_done(path: Path, run: dict[str, Any], parse: Callable[[list[dict[str, Any]]], T]) -> T:
    """The finished games of the checkpoint at `path` (of the run `run`), parsed."""
    games = checkpoint.load(path, run)
    try:
        return parse(games)
    except (KeyError, TypeError, ValueError) as exc:
        raise DicehallError(f"--resume: {path} holds a game not readable ({exc!r})") from exc


# --- what each command keeps ----------------------------------------------------------------


def simulate_games(summary: Summary) -> list[dict[str, Any]]:
    return [
        {"seed": summary.seed_of(i), "outcome": checkpoint.outcome_json(o)}
        for i, o in enumerate(summary.outcomes)
    ]


def simulate_done(games: list[dict[str, Any]]) -> dict[int, Any]:
    return {int(g["seed"]): checkpoint.outcome_of(g["outcome"]) for g in games}


def sweep_games(results: Sequence[CellResult], cells: Sequence[Any]) -> list[dict[str, Any]]:
    out = []
    for r in results:
        index = list(cells).index(r.cell)
        for i, (o, finals) in enumerate(zip(r.summary.outcomes, r.finals, strict=True)):
            out.append(
                {
                    "cell": index,
                    "seed": r.summary.seed_of(i),
                    "outcome": checkpoint.outcome_json(o),
                    "finals": list(finals),
                }
            )
    return out


def sweep_done(games: list[dict[str, Any]]) -> dict[tuple[int, int], Played]:
    return {
        (int(g["cell"]), int(g["seed"])): (
            checkpoint.outcome_of(g["outcome"]),
            tuple(dict(f) for f in g["finals"]),
        )
        for g in games
    }


def rate_games(played: Sequence[Any]) -> list[dict[str, Any]]:
    return [
        {"bots": list(p.bots), "seed": p.seed, "outcome": checkpoint.outcome_json(p.outcome)}
        for p in played
    ]


def rate_done(games: list[dict[str, Any]]) -> dict[tuple[tuple[str, ...], int], Any]:
    return {
        (tuple(str(b) for b in g["bots"]), int(g["seed"])): checkpoint.outcome_of(g["outcome"])
        for g in games
    }
