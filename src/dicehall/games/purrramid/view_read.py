"""Purrramid's one reader of its own view back into data: the board's geometry and the turn as
masks of spaces. The bots, the odds (hints, the terminal) and the determiniser read a view
through here, so the view's layout is read in one place."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from dicehall.core.types import View
from dicehall.games.purrramid.rules import MAX_TURNS


def mask(ids: Iterable[int]) -> int:
    """The bit mask of a set of space ids."""
    out = 0
    for i in ids:
        out |= 1 << i
    return out


@dataclass(frozen=True, slots=True)
class Geometry:
    """Board geometry read from a view: per space its number, tiles, row, below, neighbours."""

    number: tuple[int, ...]
    cost: tuple[int, ...]
    row: tuple[int, ...]
    below: tuple[int, ...]
    adjacent: tuple[int, ...]
    each_adjacent: bool = False  # the house rule `connection=adjacent` (rules.md, *House rules*)


@dataclass(frozen=True, slots=True)
class Turn:
    """The current turn as masks, read from a view (the mover's room, tokens and budget are 0
    once the game is over)."""

    tiles: int  # spaces with tiles
    dice: int  # spaces with this turn's dice
    wool: int  # spaces holding wool
    left: int  # dice not yet placed
    start: int  # dice the turn started with
    stop_ok: bool
    room: int = 0  # tiles the mover may still add this turn (rules.md, *A turn*)
    tokens: int = 0  # wool tokens the mover holds
    budget: int = 0  # tiles the mover may place this turn in all
    last_turn: bool = False  # the turn limit ends the game after this turn


def geometry(view: View, each_adjacent: bool = False) -> Geometry:
    """The board read from a view; `each_adjacent`: the game's house rule `connection`."""
    spaces = view["spaces"]
    return Geometry(
        number=tuple(s["number"] for s in spaces),
        cost=tuple(s["tiles"] for s in spaces),
        row=tuple(s["row"] for s in spaces),
        below=tuple(mask(s["below"]) for s in spaces),
        adjacent=tuple(mask(s["neighbours"]) for s in spaces),
        each_adjacent=each_adjacent,
    )


def read_turn(view: View) -> Turn:
    spaces, turn, seat = view["spaces"], view["turn"], view["current"]
    budget = view["budget"][seat] if seat is not None else 0
    return Turn(
        tiles=mask([s["id"] for s in spaces if s["owner"] is not None]),
        dice=mask([s["id"] for s in spaces if s["dice"]]),
        wool=mask([s["id"] for s in spaces if s["wool"]]),
        left=turn["left"],
        start=turn["dice"],
        stop_ok=turn["stop_ok"],
        room=budget - turn["tiles"] if seat is not None else 0,
        tokens=view["wool"][seat] if seat is not None else 0,
        budget=budget,
        last_turn=view["turns_played"] + 1 >= MAX_TURNS,
    )
