"""Records played by bots, and every single-die edit of their chance outcomes.

A single-die edit replaces one chance outcome by another one the rules allow at that point
whose dice differ in exactly one value (the rest of the record is left as it was): the edit
a cheat would make to turn one roll. `python -m tests.engine.tamper` counts how many of them
`verify` accepts in one record per game.
"""

from __future__ import annotations

import copy
import json
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

from dicehall import games
from dicehall.bots import make_bot
from dicehall.core import CHANCE, CorruptRecordError
from dicehall.engine import ManualClock, Match, Record, replay, verify

GAMES: dict[str, tuple[dict[str, Any], list[str]]] = {
    "puru": ({"players": 2}, ["greedy", "random"]),
    "purrramid": ({"players": 2}, ["random", "greedy"]),
    "paradice": ({"players": 3}, ["greedy", "random", "random"]),
    "jelly": ({"players": 3}, ["greedy", "random", "greedy"]),
}


def played(game_id: str, seed: int, levels: list[str] | None = None) -> dict[str, Any]:
    """A finished record of bots playing `game_id` (as JSON)."""
    params, default = GAMES[game_id]
    levels = levels or default
    game = games.make(game_id, **{**params, "players": len(levels)})
    clock = ManualClock() if game.spec.real_time else None
    bots = {s: make_bot(level, game, s) for s, level in enumerate(levels)}
    match = Match(game, seed, bots=bots, clock=clock)
    while not match.is_over:
        before = len(match.log)
        match.run_bots()
        deadline = match.timer_deadline()
        if clock is not None and deadline is not None:
            clock.advance_to(max(deadline, clock.now()))
            match.fire_due_timers()
        if len(match.log) == before:
            raise RuntimeError(f"{game_id}: the bots are stuck at step {before}")
    data: dict[str, Any] = json.loads(json.dumps(Record.of(match).to_json()))
    return data


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [leaf for k in sorted(value) for leaf in _leaves(value[k])]
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    return [value]


def _one_die_apart(a: Any, b: Any) -> bool:
    left, right = Counter(map(json.dumps, _leaves(a))), Counter(map(json.dumps, _leaves(b)))
    return sum((left - right).values()) == 1 and sum((right - left).values()) == 1


def single_die_edits(data: dict[str, Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """(step, other outcome) for every single-die edit of the record `data`."""
    record = Record.from_json(data)
    game = games.make(record.game, **record.params)
    for step, state in replay(record):
        if step == len(record.actions) or record.actions[step].seat != CHANCE:
            continue
        recorded = record.actions[step].action
        for outcome, _ in game.chance_outcomes(state):
            wire = game.action_to_json(outcome)
            if wire != recorded and _one_die_apart(wire, recorded):
                yield step, wire


def with_outcome(data: dict[str, Any], step: int, outcome: dict[str, Any]) -> dict[str, Any]:
    """A copy of the record `data` whose chance outcome at `step` is `outcome`."""
    edited = copy.copy(data)
    edited["actions"] = list(data["actions"])
    edited["actions"][step] = {**data["actions"][step], "action": outcome}
    return edited


def accepted(data: dict[str, Any]) -> tuple[int, int]:
    """(edits `verify` accepts, all single-die edits) of the record `data`."""
    total = ok = 0
    for step, outcome in single_die_edits(data):
        total += 1
        try:
            verify(Record.from_json(with_outcome(data, step, outcome)))
            ok += 1
        except CorruptRecordError:
            pass
    return ok, total


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 11
    for game_id in GAMES:
        ok, total = accepted(played(game_id, seed))
        print(f"{game_id}: verify accepted {ok} of {total} single-die edits (seed {seed})")


if __name__ == "__main__":
    main()
