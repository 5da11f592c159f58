"""Log lines that explain what a logged action changed: the game's `explain` part, replayed.

A log entry's text says what was done ("Player 1 stops"); its explanation says what that did
("Player 1 stopped safely: 3 tiles, 1 gold"). Explanations are computed from the states before
and after each entry, as the viewer may read them, so every front end that shows a log (the
web table, its reconnect snapshots, replays, the terminal) shows the same lines, and a reload
loses none of them.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from dicehall import games
from dicehall.core.game import Game
from dicehall.core.parts import Explain, explaining
from dicehall.core.types import Seat
from dicehall.engine.match import LogEntry

log = logging.getLogger("dicehall.explain")


def explainer(game: Game[Any, Any]) -> Explain | None:
    """The game's `explain` part, or None where it has none."""
    found: Explain | None = games.part(game.id, "explain")
    return found


def explain_step(
    game: Game[Any, Any],
    before: Any,
    after: Any,
    viewer: Seat | None,
    fn: Explain | None = None,
    move: LogEntry | None = None,
) -> list[str]:
    """The lines explaining one step (made by the logged `move`, where known: the game reads
    it with `core.parts.explained_move`); none where the game has no explainer or it fails
    (an explanation is a nicety: it must never break a table or a replay)."""
    fn = fn if fn is not None else explainer(game)
    if fn is None:
        return []
    try:
        if move is None:
            return list(fn(game, before, after, viewer))
        with explaining(move.seat, game.action_from_json(move.action)):
            return list(fn(game, before, after, viewer))
    except Exception:
        log.warning("%s: explaining a step failed", game.id, exc_info=True)
        return []


def explain_entries(
    game: Game[Any, Any],
    state: Any,
    entries: Sequence[LogEntry],
    viewer: Seat | None,
    start: int = 0,
) -> dict[int, list[str]]:
    """Explanations of `entries[start:]` by index (entries without any are left out).

    `state` is the state before `entries[0]`; the entries are applied to it in order (every
    entry of a log applies: chance outcomes are logged too). An entry that no longer applies
    ends the explanations there.
    """
    fn = explainer(game)
    if fn is None:
        return {}
    out: dict[int, list[str]] = {}
    for i, entry in enumerate(entries):
        try:
            after = game.apply(state, entry.seat, game.action_from_json(entry.action))
        except Exception:
            log.warning("%s: log entry %d does not apply; explanations stop", game.id, i)
            break
        if i >= start:
            lines = explain_step(game, state, after, viewer, fn, entry)
            if lines:
                out[i] = lines
        state = after
    return out
