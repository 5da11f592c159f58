"""What the server tells a connection: views, legal moves and log texts.

Everything a seat receives comes from `observe(state, seat)` and that seat's legal actions;
spectators get `observe(state, None)`. Log texts come from `describe(action, viewer)`: which
parts of an action a viewer may read (a roll behind a screen) is the game's decision.
"""

from __future__ import annotations

from typing import Any

from dicehall.core.game import Game
from dicehall.core.types import CHANCE, ENGINE, Seat
from dicehall.engine.explain import explain_entries
from dicehall.engine.match import LogEntry, Match
from dicehall.web.tables.hints import guide_for, hints_for


def seat_name(seats: list[dict[str, Any]], seat: Seat) -> str:
    if seat == CHANCE:
        return "Dice"
    if seat == ENGINE:
        return "Timer"
    if 0 <= seat < len(seats) and seats[seat].get("name"):
        return str(seats[seat]["name"])
    return f"Player {seat + 1}"  # the naming scheme everywhere: never "seat N"


def entry_text(game: Game[Any, Any], entry: LogEntry, viewer: Seat | None) -> str:
    """The log text of one applied action as `viewer` may read it (`Game.describe`)."""
    try:
        action = game.action_from_json(entry.action)
    except Exception:  # a log entry that no longer parses still gets a line
        return str(entry.action.get("type", "action"))
    return game.describe(action, viewer)


def log_lines(
    game: Game[Any, Any],
    seats: list[dict[str, Any]],
    log: list[LogEntry],
    start: int = 0,
    *,
    viewer: Seat | None,
    explained: dict[int, list[str]] | None = None,
) -> list[dict[str, Any]]:
    """The log from `start` on; each entry's explanation lines (`engine.explain`) follow it."""
    out: list[dict[str, Any]] = []
    for i in range(start, len(log)):
        who = seat_name(seats, log[i].seat)
        out.append(
            {"index": i, "seat": log[i].seat, "who": who, "text": entry_text(game, log[i], viewer)}
        )
        for text in (explained or {}).get(i, ()):
            out.append({"index": i, "seat": None, "who": "Table", "text": text, "kind": "explain"})
    return out


def explained_log(
    match: Match,
    seats: list[dict[str, Any]],
    viewer: Seat | None,
    start: int = 0,
    before: Any = None,
) -> list[dict[str, Any]]:
    """The log from `start` on with each entry's explanation (`engine.explain`), as `viewer` may
    read it; `before` is the state before entry `start` (None: the log is replayed)."""
    game, log = match.game, match.log
    if before is None and start >= len(log):  # nothing new (a pause shown): no replay
        before = match.state
    if before is None:
        why = explain_entries(game, game.initial_state(), log, viewer, start)
    else:
        later = explain_entries(game, before, log[start:], viewer)
        why = {start + i: lines for i, lines in later.items()}
    return log_lines(game, seats, log, start, viewer=viewer, explained=why)


def legal_moves(match: Match, seat: Seat) -> list[dict[str, Any]]:
    game = match.game
    return [
        {"i": i, "action": game.action_to_json(a), "text": game.describe(a, seat)}
        for i, a in enumerate(match.legal_actions(seat))
    ]


def seat_panels(match: Match, seats: tuple[Seat, ...], cache: dict[Any, Any]) -> list[Any]:
    """One panel per controlled seat (or one spectator panel): its view and legal moves."""
    out = []
    for seat in seats or (None,):
        if seat not in cache:
            panel: dict[str, Any] = {"seat": seat, "view": match.view(seat)}
            panel["legal"] = legal_moves(match, seat) if seat is not None else []
            panel["hints"] = hints_for(match.game, panel["view"])
            panel["guide"] = guide_for(match.game, panel["view"], panel["legal"])
            cache[seat] = panel
        out.append(cache[seat])
    return out


def result_json(match: Match) -> dict[str, Any] | None:
    result = match.result()
    return result.to_json() if result else None
