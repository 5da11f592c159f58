"""Match records: save, load, replay and verify.

A record is JSON: game id and version, params, content hash, seed, seats, the full action log
(chance outcomes included) and the result. Replaying applies the log from the initial state;
a record that does not replay exactly is reported corrupt with its first diverging step.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from dicehall import games
from dicehall.core.errors import CorruptRecordError, DicehallError
from dicehall.core.game import Game
from dicehall.core.types import CHANCE, ENGINE, Result
from dicehall.engine.match import LogEntry, Match

FORMAT = "dicehall-record"
FORMAT_VERSION = 1


@dataclass
class Record:
    game: str
    params: dict[str, Any]
    seed: int | None
    """None for a record transcribed from a table game: its dice cannot be verified."""
    actions: list[LogEntry]
    content_hash: str = ""
    game_version: int = 1
    seats: list[dict[str, Any]] = field(default_factory=list)
    result: Result | None = None
    created: str = ""

    @staticmethod
    def of(match: Match, seats: list[dict[str, Any]] | None = None) -> Record:
        return Record(
            game=match.game.id,
            params=dict(match.game.params),
            seed=match.seed,
            actions=list(match.log),
            content_hash=match.game.content_hash,
            game_version=match.game.spec.version,
            seats=seats if seats is not None else describe_seats(match),
            result=match.result(),
            created=datetime.now(UTC).isoformat(timespec="seconds"),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "game_version": self.game_version,
            "params": self.params,
            "content_hash": self.content_hash,
            "seed": self.seed,
            "seats": self.seats,
            "created": self.created,
            "actions": [e.to_json() for e in self.actions],
            "result": self.result.to_json() if self.result else None,
        }

    @staticmethod
    def from_json(data: Any) -> Record:
        """Parse a record's JSON; raises `CorruptRecordError` naming what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise CorruptRecordError(f"not a dicehall record (expected format {FORMAT!r})")
        if data.get("format_version") != FORMAT_VERSION:
            raise CorruptRecordError(f"unsupported record version {data.get('format_version')!r}")
        try:
            actions = [_entry(i, e) for i, e in enumerate(data["actions"])]
            result = data.get("result")
            return Record(
                game=str(data["game"]),
                params=dict(data["params"]),
                seed=_seed(data),
                actions=actions,
                content_hash=str(data.get("content_hash", "")),
                game_version=_int(data.get("game_version", 1), "game_version"),
                seats=list(data.get("seats", [])),
                result=Result.from_json(result) if result is not None else None,
                created=str(data.get("created", "")),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptRecordError(f"malformed record field: {exc}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @staticmethod
    def load(path: str | Path) -> Record:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise CorruptRecordError(f"not valid JSON: {exc}") from None
        return Record.from_json(data)


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer")
    return value


def _seed(data: dict[str, Any]) -> int | None:
    seed = data.get("seed")
    if seed is None:
        return None
    value = _int(seed, "seed")
    if value < 0:
        raise ValueError("seed must be >= 0")
    return value


def _entry(index: int, data: Any) -> LogEntry:
    if not isinstance(data, dict) or "seat" not in data or "action" not in data:
        raise CorruptRecordError("a log entry needs 'seat' and 'action'", step=index)
    t = data.get("t")
    return LogEntry(_int(data["seat"], "seat"), data["action"], float(t) if t is not None else None)


def describe_seats(match: Match) -> list[dict[str, Any]]:
    return [
        {"seat": s, "kind": "bot", "bot": match.bots[s].level}
        if s in match.bots
        else {"seat": s, "kind": "human"}
        for s in range(match.game.num_players)
    ]


def game_of(record: Record) -> Game[Any, Any]:
    """The rules object the record was played with; corrupt if it cannot be rebuilt."""
    try:
        game = games.make(record.game, **record.params)
    except DicehallError as exc:
        raise CorruptRecordError(f"cannot rebuild the game: {exc}") from None
    if game.content_hash != record.content_hash:
        raise CorruptRecordError("the record was played with different content than this game's")
    return game


def replay(record: Record) -> Iterator[tuple[int, Any]]:
    """Yield `(step, state)` from the initial state through every logged action.

    Raises `CorruptRecordError` at the first step that does not apply exactly.
    """
    game = game_of(record)
    state = game.initial_state()
    yield 0, state
    for step, entry in enumerate(record.actions):
        if game.is_terminal(state):
            raise CorruptRecordError("actions logged after the game ended", step=step)
        # engine actions (a timer running out) are checked by the rules themselves
        if entry.seat != ENGINE and entry.seat not in game.actors(state):
            raise CorruptRecordError(f"seat {entry.seat} may not act here", step=step)
        try:
            action = game.action_from_json(entry.action)
            outcomes = game.chance_outcomes(state) if entry.seat == CHANCE else None
            if outcomes is not None and all(o != action for o, _ in outcomes):
                raise CorruptRecordError("impossible chance outcome", step=step)
            state = game.apply(state, entry.seat, action)
        except CorruptRecordError:
            raise
        except DicehallError as exc:
            raise CorruptRecordError(str(exc), step=step) from None
        yield step + 1, state


def final_state(record: Record) -> Any:
    """The state after the record's last action (raises `CorruptRecordError`)."""
    return deque(replay(record), maxlen=1)[0][1]


def verify(record: Record) -> Result | None:
    """Replay the whole record and check its dice against its seed (`engine.verify.check`);
    its result (None if unfinished) or `CorruptRecordError`."""
    from dicehall.engine.proof import check

    return check(record).result


def resume(record: Record, **match_options: Any) -> Match:
    """A live `Match` at the end of a verified record (for servers restarting)."""
    if record.seed is None:
        raise CorruptRecordError("a record without a seed cannot be resumed")
    game = game_of(record)
    state = final_state(record)
    log = list(record.actions)
    # a record that stops at a chance node was saved while its table held (`Match.pause`):
    # it stays held, so that the chance it held back is resolved (and saved) on release
    held = not game.is_terminal(state) and game.is_chance_node(state)
    return Match(
        game, record.seed, state=state, log=log, version=len(log), held=held, **match_options
    )
