"""A series: N games with the same people, and a running total (docs/play-together.md,
*Series*).

A table made with `"series": N` keeps, in its options, where the series stands *before* its
game: `games` (N), `count` ("points" adds each game's scores, "wins" counts the games each
won; tied winners each win), `number` (this game's, from 1), `players` (for each seat, which
player of the series sits there: seats move one place on at each rematch) and `totals` (by
player). "Play again" (`web.rematch`) opens the next game with the totals carried on; after
the last game it starts a new series.

A game whose parameters include a board `side` with choices plays them in turn, side A,
then B, then A...: a rulebook that ends with "play multiple games on both sides of the Board,
then add up their scores" asks for exactly that (docs/play-together.md, *Series*).
"""

from __future__ import annotations

from typing import Any

from dicehall import games
from dicehall.web.errors import RequestError

MAX_GAMES = 10
COUNTS = ("points", "wins")


def new_series(games_: Any, count: Any, players: int) -> dict[str, Any]:
    """A series' state before its first game; 422 for a bad length or count."""
    if isinstance(games_, bool) or not isinstance(games_, int) or not 2 <= games_ <= MAX_GAMES:
        raise RequestError(422, "bad_series", f"a series has 2 to {MAX_GAMES} games")
    if count not in COUNTS:
        raise RequestError(422, "bad_series", "a series counts points or wins")
    return {
        "games": games_,
        "count": count,
        "number": 1,
        "players": list(range(players)),
        "totals": [0] * players,
    }


def totals_after(series: dict[str, Any], result: dict[str, Any] | None) -> list[float]:
    """The series' totals (by player) once this game's result is added."""
    totals = list(series["totals"])
    if result is None:
        return totals
    for seat, player in enumerate(series["players"]):
        if series["count"] == "points":
            totals[player] += result["scores"][seat]
        elif seat in result["winners"]:
            totals[player] += 1
    return totals


def next_series(series: dict[str, Any], result: dict[str, Any] | None) -> dict[str, Any]:
    """The next game's series state; seats move one place on (`rematch.rotated`): the new
    seat s is the old seat s + 1. After the last game, a new series of the same length."""
    n = len(series["players"])
    players = [series["players"][(s + 1) % n] for s in range(n)]
    if series["number"] >= series["games"]:
        return {**series, "number": 1, "players": players, "totals": [0] * len(series["totals"])}
    number = series["number"] + 1
    return {**series, "number": number, "players": players, "totals": totals_after(series, result)}


def next_params(game_id: str, params: dict[str, Any]) -> dict[str, Any]:
    """The next game's parameters: a board `side` with choices moves on to the next one
    (A, then B, then A...); a board from a content file stays."""
    side = next((p for p in games.spec(game_id).params if p.name == "side"), None)
    if side is None or not side.choices or params.get("board"):
        return params
    choices = list(side.choices)
    now = params.get("side", side.default)
    at = choices.index(now) if now in choices else -1
    return {**params, "side": choices[(at + 1) % len(choices)]}
