"""Stall powers (single use, none in the pre-turn) and the uses of black dice.

Balloon and Fries work on the dice obtained by the basic action (the PLACE phase); Cotton
Candy and Surprise Bag before or after it; the Duck replaces the basic pick (see turn.py).
"""

from __future__ import annotations

from dicehall.core import IllegalActionError
from dicehall.games.paradice import machine as mc
from dicehall.games.paradice.actions import (
    BALLOONS,
    COTTON_CANDY,
    FRIES_TURNS,
    STORE_MOVES,
    SURPRISE_BAG,
    BagMove,
    Balloon,
    CottonCandy,
    Fries,
    StoreMove,
    SurpriseBag,
)  # fmt: skip
from dicehall.games.paradice.config import Config
from dicehall.games.paradice.scoring import add_returns, move_token
from dicehall.games.paradice.spec import BALLOON, BLACK, COLUMNS, COTTON, FRIES, SURPRISE, TYPES
from dicehall.games.paradice.state import ParadiceState, Phase, evolve
from dicehall.games.paradice.turn import add_pending, remove_pending, use_power


def token_moves(cfg: Config, state: ParadiceState) -> list[tuple[int, int]]:
    """Storehouse moves allowed: any token not at 'no stock', never behind its start.

    "you can advance or move back any Storehouse token, except if one has already reached
    the 'no stock' line": the default freezes only that token; the house rule
    `storehouse_lock=all` allows no move at all once a token is out (rules.md, *House rules*).
    """
    if cfg.lock_all and state.first_out >= 0:
        return []
    out = []
    for kind in range(len(TYPES)):
        if state.store[kind] < cfg.length:
            if state.store[kind] > 0:
                out.append((kind, -1))
            out.append((kind, 1))
    return out


def black_uses(cfg: Config, state: ParadiceState) -> list[StoreMove]:
    blacks = sorted({d for d in state.pending if d // 10 == BLACK})
    moves = token_moves(cfg, state)
    return [STORE_MOVES[d, k, step] for d in blacks for k, step in moves]


def apply_store_move(cfg: Config, state: ParadiceState, action: StoreMove) -> ParadiceState:
    if action not in black_uses(cfg, state):
        raise IllegalActionError(f"cannot {action}: no such black die or token move")
    state = add_returns(remove_pending(state, action.die), [action.die])
    return move_token(cfg, state, action.kind, action.step)


def apply_bag_move(cfg: Config, state: ParadiceState, action: BagMove) -> ParadiceState:
    if state.moves <= 0 or (action.kind, action.step) not in token_moves(cfg, state):
        raise IllegalActionError(f"cannot {action}: no Storehouse move owed or not allowed")
    return move_token(cfg, evolve(state, moves=state.moves - 1), action.kind, action.step)


def anytime_powers(cfg: Config, state: ParadiceState) -> list[object]:
    """Cotton Candy and Surprise Bag: before or after the basic action."""
    powers = state.players[state.turn].powers
    out: list[object] = []
    if powers[COTTON]:
        for c, column in enumerate(state.machine):
            if column and column[-1] // 10 != BLACK:
                out.append(COTTON_CANDY[c])
    if powers[SURPRISE] and state.bag_deck:
        out.append(SURPRISE_BAG)
    return out


def dice_powers(cfg: Config, state: ParadiceState) -> list[object]:
    """Balloon and Fries on the dice obtained by the basic action (in action-index order)."""
    powers = state.players[state.turn].powers
    mine = sorted({d for d in state.pending if d // 10 != BLACK})
    out: list[object] = []
    if powers[BALLOON] and mine:
        swaps = set()
        for c in range(COLUMNS):
            for r, code in enumerate(state.machine[c]):
                for d in mine:
                    if d % 10 == code % 10 and d // 10 != code // 10 and code // 10 != BLACK:
                        swaps.add((d // 10, c, r))
        out += [BALLOONS[swap] for swap in sorted(swaps)]
    if powers[FRIES]:
        out += [FRIES_TURNS[d, v] for d in mine for v in range(1, 7) if v != d % 10]
    return out


def apply_power(cfg: Config, state: ParadiceState, action: object) -> ParadiceState:
    allowed = anytime_powers(cfg, state)
    if state.phase == Phase.PLACE:
        allowed += dice_powers(cfg, state)
    if action not in allowed:
        raise IllegalActionError(f"cannot {action} now: power not available or not allowed")
    if isinstance(action, CottonCandy):
        m = state.machine
        top = m[action.col][-1]
        m, _ = mc.take_column(m, action.col, len(m[action.col]) - 1, 1)
        return add_pending(evolve(use_power(state, COTTON), machine=m), [top])
    if isinstance(action, SurpriseBag):
        return evolve(use_power(state, SURPRISE), bag_draw=True)
    if isinstance(action, Fries):
        state = remove_pending(use_power(state, FRIES), action.die)
        return add_pending(state, [action.die // 10 * 10 + action.value])
    assert isinstance(action, Balloon)
    other = state.machine[action.col][action.row]
    mine = action.colour * 10 + other % 10
    state = remove_pending(use_power(state, BALLOON), mine)
    m = mc.replace(state.machine, action.col, action.row, mine)
    return add_pending(evolve(state, machine=m), [other])
