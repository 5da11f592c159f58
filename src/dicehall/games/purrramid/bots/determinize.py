"""Purrramid has no hidden information: the view gives the whole state back."""

from __future__ import annotations

import random
from typing import Any

from dicehall.core.parts import SearchHooks
from dicehall.core.search import softmax
from dicehall.core.types import View
from dicehall.games.purrramid.actions import SPEND_WOOL, STOP
from dicehall.games.purrramid.board import is_supported
from dicehall.games.purrramid.state import (
    EMPTY,
    NO_WINNER,
    SETUP,
    End,
    Phase,
    PurrramidState,
    TurnSummary,
)
from dicehall.games.purrramid.view_read import mask, read_turn


def _owner(value: Any) -> int:
    if value is None:
        return EMPTY
    return SETUP if value == "setup" else int(value)


def _summary(last: dict[str, Any] | None) -> TurnSummary | None:
    if last is None:
        return None
    return TurnSummary(
        last["seat"], last["dice"], last["success"], last["reason"], tuple(last["spaces"]),
        last["tiles"], last["gold"], last["wool"], last["bonus"],
    )  # fmt: skip


def state_from_view(game: Any, view: View, seat: int, rng: random.Random) -> PurrramidState:
    spaces = view["spaces"]
    turn = view["turn"]
    placed = tuple((p["space"], tuple(p["dice"])) for p in turn["placed"])
    board = read_turn(view)  # the board's masks
    current = view["current"]
    return PurrramidState(
        seat=current if current is not None else (view["last_turn"] or {"seat": 0})["seat"],
        phase=Phase[view["phase"].upper()],
        dice=turn["dice"],
        left=turn["left"],
        roll=tuple(turn["roll"]),
        turn=placed,
        dice_mask=mask([s for s, _ in placed]),
        tile_mask=board.tiles,
        owner=tuple(_owner(s["owner"]) for s in spaces),
        gold=tuple(s["gold"] for s in spaces),
        wool_mask=board.wool,
        regular=tuple(view["tiles_left"]),
        wool=tuple(view["wool"]),
        gold_left=view["gold_supply"],
        winner=NO_WINNER if view["winner"] is None else view["winner"],
        rerolls=turn["rerolls"],
        turns=view["turns_played"],
        end=End.NONE,
        last=_summary(view["last_turn"]),
    )


def rollout_action(
    game: Any, state: PurrramidState, seat: int, legal: Any, rng: random.Random
) -> Any:
    """MCTS rollouts: stop as soon as Stop would succeed, never spend wool, else at random.

    Uniformly random play rarely stops in time and takes thousands of actions per game; this
    plain habit keeps rollouts short and their results meaningful.
    """
    if STOP in legal:
        board = game.board
        mask = state.dice_mask
        if board.joined(mask) and is_supported(mask, state.tile_mask | mask, board.below):
            return STOP
    options = [a for a in legal if a != SPEND_WOOL] or list(legal)
    return options[rng.randrange(len(options))]


# MCTS (`bots.mcts`): the root's prior favours the expert's move (the exact turn solver); the
# search plays the turn out and values the position after it by the tiles each seat has left.
PRIOR = "expert"
SEARCH = {"horizon": 1, "prior": 0.8, "exploration": 1.0}
TILE_SCALE = 3.0  # tiles left per e-fold of the odds


def turn_index(state: PurrramidState) -> int:
    return state.turns


def evaluate(game: Any, state: PurrramidState) -> tuple[float, ...]:
    """The first seat out wins; before that, fewer regular tiles left is better."""
    if state.winner != NO_WINNER:
        return tuple(float(s == state.winner) for s in range(len(state.regular)))
    return softmax([-r for r in state.regular], TILE_SCALE)


HOOKS = SearchHooks(
    state_from_view=state_from_view,
    rollout_action=rollout_action,
    turn_index=turn_index,
    evaluate=evaluate,
    options=SEARCH,
    prior=PRIOR,
)
"""This game's `search` part (`GameParts.search`)."""
