"""What a seat sees: everything on the table. The deck's order does not exist in the state;
views show only how many stall and Surprise Bag cards are left.

Dice are codes `colour * 10 + value` (colour index into `colours`; 5 is black).
"""

from __future__ import annotations

from typing import Any

from dicehall.core import View
from dicehall.games.paradice.config import Config
from dicehall.games.paradice.scoring import breakdown, result
from dicehall.games.paradice.spec import COLOURS, TYPES
from dicehall.games.paradice.stalls import Card
from dicehall.games.paradice.state import ParadiceState, Phase


def card_view(card: Card) -> dict[str, Any]:
    """A stall card as plain data (slots, condition, points, type)."""
    return {
        "id": card.id,
        "type": card.type,
        "points": card.points,
        "slots": [
            {"colour": s.colour if s.colour >= 0 else None, "value": s.value or None}
            for s in card.slots
        ],
        "slot_text": [s.text() for s in card.slots],
        "condition": {
            "parity": ("", "odd", "even")[card.parity],
            "total_min": card.total_min,
            "total_max": card.total_max,
            "colours": [c for c in range(5) if card.colours >> c & 1],
        },
        "condition_text": card.condition_text(),
    }


def _player(cfg: Config, state: ParadiceState, seat: int) -> dict[str, Any]:
    player = state.players[seat]
    stalls = cfg.content.stalls
    parts = breakdown(cfg, state, seat)
    return {
        "stalls": [{**card_view(stalls[c]), "dice": list(on)} for c, on in player.stalls],
        "done": [card_view(stalls[c]) for c in player.done],
        "powers": list(player.powers),
        "new_powers": list(player.earned),  # earned this turn: usable from the next
        "surprise": [
            {"id": cfg.content.bag[b].id, "text": cfg.content.bag[b].text} for b in player.bag
        ],
        "score": sum(parts.values()),
        "score_parts": parts,
    }


def observe(cfg: Config, state: ParadiceState, seat: int | None) -> View:
    view: View = {
        "you": seat,
        "players": cfg.players,
        "phase": state.phase.name.lower(),
        "turn": state.turn,
        "turns_played": state.turns,
        "round": max(1, (state.turns + cfg.players - 1) // cfg.players),
        "round_limit": cfg.round_limit,
        "colours": list(COLOURS),
        "types": list(TYPES),
        "machine": [list(col) for col in state.machine],
        "pending": list(state.pending),
        "passed": list(state.passed),
        "roulette": list(state.table),
        "returning": sum(state.returns),
        "gains": state.gains,
        "moves": state.moves,
        "powered": state.powered,
        "plaza": [card_view(cfg.content.stalls[c]) if c >= 0 else None for c in state.plaza],
        "deck_left": len(state.deck),
        "bag_left": len(state.bag_deck),
        "storehouse": {
            "positions": list(state.store),
            "length": cfg.length,
            "first_out": state.first_out if state.first_out >= 0 else None,
            "second_out": state.second_out if state.second_out >= 0 else None,
        },
        "tickets": {
            "golden": state.golden if state.golden >= 0 else None,
            "stall": [h if h >= 0 else None for h in state.tickets],
        },
        "seats": [_player(cfg, state, s) for s in range(cfg.players)],
        "result": None,
    }
    if state.phase == Phase.OVER:
        view["result"] = result(cfg, state).to_json()
    return view
