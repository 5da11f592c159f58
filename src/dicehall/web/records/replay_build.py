"""A replay as the web serves it: the start view once, then one small delta per step.

The answer (format `dicehall-replay`, version 3):

    {"format": "dicehall-replay", "version": 3, "game": ..., "params": {...},
     "seats": [...], "result": {...} | null, "provenance": {...},
     "start": <the spectators' view before the first action>,
     "frames": [[seat, text, delta], ...], "explain": [[step, [line, ...]], ...]}

Frame `i` (0-based) is step `i + 1`: `seat` acted (-1 the dice, -2 the timer), `text` is its
log line and `delta` (records/view_delta.py) turns the view of step `i` into that of step `i + 1`.
Seat names appear once, in `seats`; views are never repeated whole, so the answer grows with
what changes, not with the size of a view times the number of steps. `explain` holds the
lines that say what a step changed (`engine.explain`), for the steps that have any.
"""

from __future__ import annotations

import json
from typing import Any

from dicehall.core.game import Game
from dicehall.core.types import OMNISCIENT
from dicehall.engine.explain import explain_step, explainer
from dicehall.engine.proof import Verdict, check
from dicehall.engine.record import Record, game_of, replay
from dicehall.web.records.view_delta import diff
from dicehall.web.tables.views import entry_text

FORMAT = "dicehall-replay"
VERSION = 3


class FrameWriter:
    """Collects frames as the states of a replay go by."""

    def __init__(self, record: Record, game: Game[Any, Any]) -> None:
        self.record, self.game = record, game
        self.start: Any = None
        self.frames: list[list[Any]] = []
        self.explain: list[list[Any]] = []
        self._view: Any = None
        self._state: Any = None
        self._explainer = explainer(game)

    def visit(self, step: int, state: Any) -> None:
        view = self.game.observe(state, None)
        if step == 0:
            self.start = view
        else:
            entry = self.record.actions[step - 1]
            text = entry_text(self.game, entry, OMNISCIENT)  # a finished match hides nothing
            self.frames.append([entry.seat, text, diff(self._view, view)])
            lines = explain_step(self.game, self._state, state, OMNISCIENT, self._explainer, entry)
            if lines:
                self.explain.append([step, lines])
        self._view, self._state = view, state

    def answer(self, provenance: dict[str, Any]) -> bytes:
        body = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.record.game,
            "params": self.record.params,
            "seats": self.record.seats,
            "result": self.record.result.to_json() if self.record.result else None,
            "provenance": provenance,
            "start": self.start,
            "frames": self.frames,
            "explain": self.explain,
        }
        return json.dumps(body, separators=(",", ":")).encode()


def of_finished(record: Record) -> bytes:
    """A stored match's replay (the server's own record: replayed, not re-verified)."""
    writer = FrameWriter(record, game_of(record))
    for step, state in replay(record):
        writer.visit(step, state)
    return writer.answer({"source": "table"})


def of_upload(record: Record, seal: str, seal_text: str) -> bytes:
    """An uploaded record's replay: verified from its seed while the frames are written."""
    writer = FrameWriter(record, game_of(record))
    verdict = check(record, visit=writer.visit)
    return writer.answer(provenance(verdict, seal, seal_text))


def provenance(verdict: Verdict, seal: str, seal_text: str) -> dict[str, Any]:
    """What the replay page tells the viewer about where the record came from."""
    return {
        "source": "upload",
        "signature": seal,
        "signature_text": seal_text,
        "dice": "verified" if verdict.dice_verified else "not verifiable",
        "bots_rerun": [list(b) for b in verdict.bots_rerun],
        "bots_not_rerun": [list(b) for b in verdict.bots_not_rerun],
    }
