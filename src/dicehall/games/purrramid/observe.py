"""What the table sees. Purrramid has no hidden information: every seat sees everything."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.core.types import Seat, View
from dicehall.games.purrramid import scoring
from dicehall.games.purrramid.board import Board, bits, is_supported, levels
from dicehall.games.purrramid.state import EMPTY, NO_WINNER, SETUP, Phase, PurrramidState

if TYPE_CHECKING:
    from dicehall.games.purrramid.rules import PurrramidGame


def view(game: PurrramidGame, state: PurrramidState, seat: Seat | None) -> View:
    """The full position as plain JSON (the same for every seat and for spectators)."""
    over = state.phase is Phase.OVER
    return {
        "game": "purrramid",
        "viewer": seat,
        "board": game.board.name,
        "rows": game.board.num_rows,
        "players": game.num_players,
        "phase": state.phase.name.lower(),
        "current": None if over else state.seat,
        "to_act": None if over or state.phase is Phase.ROLL else state.seat,
        "spaces": _spaces(game, state),
        "tiles_left": list(state.regular),
        "wool": list(state.wool),
        "wool_on_board": state.wool_mask.bit_count(),
        "gold_supply": state.gold_left,
        "gold_placed": scoring.GOLD_TILES - state.gold_left,
        "winner": None if state.winner == NO_WINNER else state.winner,
        "budget": [game.budget(state, s) for s in range(game.num_players)],
        "turn": _turn(game, state),
        "turns_played": state.turns,
        "last_turn": _summary(state),
        "scores": list(scoring.scores(state)),
        "result": game.result(state).to_json() if over else None,
    }


def _owner(value: int) -> int | str | None:
    if value == EMPTY:
        return None
    return "setup" if value == SETUP else value


def static_spaces(board: Board) -> tuple[tuple[dict[str, Any], list[int], list[int]], ...]:
    """The parts of each space's view that never change: computed once per game."""
    return tuple(
        (
            {
                "id": s.id,
                "row": s.row,
                "index": s.index,
                "x": s.x,
                "width": s.width,
                "number": s.number,
                "tiles": s.cost,
            },
            bits(board.below[s.id]),
            bits(board.adjacent[s.id]),
        )
        for s in board.spaces
    )


def _spaces(game: PurrramidGame, state: PurrramidState) -> list[dict[str, Any]]:
    dice_on = dict(state.turn)
    owner, gold, wool = state.owner, state.gold, state.wool_mask
    return [
        {
            **fixed,
            "owner": _owner(owner[i]),
            "gold": gold[i],
            "dice": list(dice_on.get(i, ())),
            "wool": bool(wool >> i & 1),
            "below": list(below),
            "neighbours": list(neighbours),
        }
        for i, (fixed, below, neighbours) in enumerate(game.static_spaces)
    ]


def _turn(game: PurrramidGame, state: PurrramidState) -> dict[str, Any]:
    """This turn so far: dice, roll, placements, and whether Stop would succeed now."""
    b, mask = game.board, state.dice_mask
    valid = bool(mask) and (b.joined(mask) and is_supported(mask, state.tile_mask | mask, b.below))
    return {
        "dice": state.dice,
        "bonus": state.dice < 5,
        "left": state.left,
        "roll": list(state.roll),
        "placed": [{"space": s, "dice": list(d)} for s, d in state.turn],
        "tiles": game.turn_cost(state),
        "levels": levels(mask, b.row_mask),
        "stop_ok": valid,
        "rerolls": state.rerolls,
    }


def _summary(state: PurrramidState) -> dict[str, Any] | None:
    last = state.last
    if last is None:
        return None
    return {
        "seat": last.seat,
        "dice": last.dice,
        "success": last.success,
        "reason": last.reason,
        "spaces": list(last.spaces),
        "tiles": last.tiles,
        "gold": last.gold,
        "wool": last.wool,
        "bonus": last.bonus,
    }
