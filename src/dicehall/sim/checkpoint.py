"""Checkpoints of long runs: the games an interrupted `simulate`, `sweep` or `rate` had finished.

A checkpoint is a JSON file holding the run's identity (everything that decides its games: game,
params, bots, seed, ...) and each finished game's outcome under its key (its seed, and its cell or
seating). Every game is played from its own seed, so a resumed run plays only the games missing
and its results are exactly those of a run never interrupted. Outcomes are kept whole (JSON floats
read back exactly), never rebuilt from the results table.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dicehall.core import DicehallError
from dicehall.sim.simulate import Outcome

MAX_BYTES = 512 * 1024 * 1024  # a checkpoint larger than this is refused (about 2M games)
VERSION = 1


def path_for(command: str, game_id: str, out: Path | None) -> Path:
    """Where a run's checkpoint goes: beside its `--out` file, else in the current folder."""
    if out is not None:
        return out.with_name(out.name + ".resume.json")
    return Path(f"dicehall-{command}-{game_id}.resume.json")


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    return {
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
        "reason": outcome.reason,
        "actions": outcome.actions,
        "turns": outcome.turns,
        "by_seat": list(outcome.by_seat),
        "rounds": outcome.rounds,
        "extras": [[key, value] for key, value in outcome.extras],
        "ranks": list(outcome.ranks),
    }


def outcome_of(data: dict[str, Any]) -> Outcome:
    try:
        return Outcome(
            winners=tuple(int(w) for w in data["winners"]),
            scores=tuple(data["scores"]),
            reason=str(data["reason"]),
            actions=int(data["actions"]),
            turns=data["turns"],
            by_seat=tuple(int(n) for n in data["by_seat"]),
            rounds=data["rounds"],
            extras=tuple((str(k), v) for k, v in data["extras"]),
            ranks=tuple(int(r) for r in data["ranks"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise DicehallError(f"a checkpoint's game is not readable: {exc!r}") from exc


def _plain(value: Any) -> Any:
    """`value` as JSON reads it back (tuples become lists), for comparing identities."""
    return json.loads(json.dumps(value, sort_keys=True))


def save(path: Path, run: dict[str, Any], games: list[dict[str, Any]]) -> Path:
    """Write the checkpoint (atomically: a half-written file never replaces a good one)."""
    data = {"dicehall_checkpoint": VERSION, "run": _plain(run), "games": games}
    spare = path.with_name(path.name + ".tmp")
    spare.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    spare.replace(path)
    return path


def load(path: Path, run: dict[str, Any]) -> list[dict[str, Any]]:
    """The finished games of the checkpoint at `path`, which must be of the run `run`."""
    if not path.is_file():
        raise DicehallError(f"--resume: no checkpoint {path} (an interrupted run writes it)")
    if path.stat().st_size > MAX_BYTES:
        raise DicehallError(f"--resume: {path} is larger than {MAX_BYTES // 2**20} MiB")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DicehallError(f"--resume: {path} is not a dicehall checkpoint ({exc})") from exc
    if not isinstance(data, dict) or data.get("dicehall_checkpoint") != VERSION:
        raise DicehallError(f"--resume: {path} is not a dicehall checkpoint")
    saved, want = data.get("run"), _plain(run)
    if saved != want:
        saved = saved if isinstance(saved, dict) else {}
        differ = sorted(k for k in set(saved) | set(want) if saved.get(k) != want.get(k))
        raise DicehallError(
            f"--resume: {path} is the checkpoint of another run (it differs in "
            f"{', '.join(differ) or 'its settings'}); give the options of the interrupted run"
        )
    games = data.get("games")
    if not isinstance(games, list) or not all(isinstance(g, dict) for g in games):
        raise DicehallError(f"--resume: {path} is not a dicehall checkpoint (no games)")
    return games


def remove(path: Path) -> None:
    """Delete a checkpoint once its run is complete."""
    path.unlink(missing_ok=True)
