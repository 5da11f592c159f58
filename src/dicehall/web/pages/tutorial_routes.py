"""Guided first games in the browser: `/tutorial/{game}` and the steps it asks for.

The server keeps nothing per learner: each request names a step, and the game's script
(`engine.tutorial`) is replayed through the rules to it, so a tutorial left half-way resumes at
the step the browser remembered, and a step number from anywhere shows only the script's board.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.responses import FileResponse, JSONResponse

from dicehall import games
from dicehall.engine.match import Match
from dicehall.engine.tutorial import Tutorial, TutorialError, load
from dicehall.web.tables.hints import hints_for
from dicehall.web.tables.views import explained_log, seat_name

log = logging.getLogger("dicehall.web")
MAX_GAME_ID = 64
PAGE = Path(__file__).parents[1] / "static" / "tutorial.html"  # web/static


def tutorial_of(game_id: str) -> Tutorial | None:
    if len(game_id) > MAX_GAME_ID or game_id not in games.available():
        return None
    try:
        return load(game_id)
    except TutorialError:  # a plug-in's broken script: no guided game, and a line in the log
        log.warning("%s: its tutorial script does not play", game_id, exc_info=True)
        return None


def seats_of(tutorial: Tutorial) -> list[dict[str, Any]]:
    """The seats as the table shows them: the learner a person, the others bots."""
    out = []
    for s in range(tutorial.game.num_players):
        name = tutorial.names[s] if s < len(tutorial.names) else ""
        kind = "human" if s == tutorial.learner else "bot"
        out.append({"seat": s, "kind": kind, "bot": "tutorial", **({"name": name} if name else {})})
    return out


def step_json(tutorial: Tutorial, step: int) -> dict[str, Any]:
    """The learner's view at a step, its legal moves, the scripted move and its caption."""
    game, seat = tutorial.game, tutorial.learner
    point = tutorial.at(step)
    seats = seats_of(tutorial)
    # a held match draws nothing and runs no timer: it only carries the state and the log
    match = Match(
        game, 0, state=point.state, log=list(point.log), version=len(point.log), held=True
    )
    view = game.observe(point.state, seat)
    legal = [] if point.entry is None else game.legal_actions(point.state, seat)
    over = game.is_terminal(point.state)
    entry = point.entry
    return {
        "game": game.id,
        "name": game.spec.name,
        "title": tutorial.title,
        "step": step,
        "steps": tutorial.decisions,
        "seat": seat,
        "seats": seats,
        "view": view,
        "version": len(point.log),
        "legal": [
            {"i": i, "action": game.action_to_json(a), "text": game.describe(a, seat)}
            for i, a in enumerate(legal)
        ],
        "hints": hints_for(game, view),
        "expected": None if entry is None else entry.action,
        "say": tutorial.outro if entry is None else entry.say,
        "tap": [] if entry is None else list(entry.tap),
        "intro": tutorial.intro,
        "notes": list(point.notes),
        "log": explained_log(match, seats, seat),
        "over": over,
        "result": game.result(point.state).to_json() if over else None,
        "you": seat_name(seats, seat),
    }


def _missing() -> JSONResponse:
    return JSONResponse(
        {"code": "unknown_tutorial", "message": "no guided game for that game"}, status_code=404
    )


def add_tutorial_routes(app: FastAPI) -> None:
    @app.get("/tutorial/{game_id}", include_in_schema=False, response_model=None)
    def tutorial_page(game_id: str) -> FileResponse | JSONResponse:
        if tutorial_of(game_id) is None:
            return _missing()
        return FileResponse(PAGE, headers={"Cache-Control": "no-cache"})

    @app.get("/api/tutorials")
    def tutorials() -> dict[str, list[str]]:
        """The games that ship a guided first game."""
        return {"games": [g for g in games.available() if tutorial_of(g) is not None]}

    @app.get("/api/tutorials/{game_id}/{step}")
    def tutorial_step(game_id: str, step: int) -> JSONResponse:
        found = tutorial_of(game_id)
        if found is None:
            return _missing()
        if not 0 <= step <= found.decisions:
            return JSONResponse(
                {"code": "bad_step", "message": f"step must be 0..{found.decisions}"},
                status_code=400,
            )
        return JSONResponse(step_json(found, step), headers={"Cache-Control": "no-cache"})
