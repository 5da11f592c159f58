"""Building Jelly Monster scenarios: chosen district faces, dice on entrances, scoring."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dicehall import games
from dicehall.core import CHANCE, ENGINE
from dicehall.games.jelly.actions import DrawFace, TimeUp
from dicehall.games.jelly.rules import JellyGame
from dicehall.games.jelly.state import JellyState

# built-in face ids in file order
FACES = ["1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B",
         "5A", "5B", "6A", "6B", "7A", "7B", "8A", "8B"]  # fmt: skip


def game(players: int = 3, **params: Any) -> JellyGame:
    made = games.make("jelly", players=players, **params)
    assert isinstance(made, JellyGame)
    return made


def start(g: JellyGame, faces: list[str]) -> JellyState:
    """Round 1 in play with the named faces clockwise from district A."""
    ids = [f.id for f in g.table.faces]
    s = g.initial_state()
    for face in faces:
        s = g.apply(s, CHANCE, DrawFace(ids.index(face)))
    return s


def table(s: JellyState, dice: dict[int, list[tuple[int, int]]], **changes: Any) -> JellyState:
    """Put dice (owner, value) on district entrances and mark those dice as placed."""
    entrances = list(s.entrances)
    unplaced = list(s.unplaced)
    for d, placed in dice.items():
        entrances[d] = tuple(placed)
        for owner, _ in placed:
            unplaced[owner] -= 1
    return replace(s, entrances=tuple(entrances), unplaced=tuple(unplaced), **changes)


def score_round(g: JellyGame, s: JellyState) -> JellyState:
    """End the round with the sand timer (the engine's TimeUp) and run the scoring."""
    return g.apply(replace(s, flipped_by=0), ENGINE, TimeUp())
