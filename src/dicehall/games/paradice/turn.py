"""A turn step by step: pre-turn, the basic action, placing dice, ending the turn, gains."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from dicehall.core import IllegalActionError
from dicehall.core.evolve import replace
from dicehall.core.tuples import add_at, replace_at
from dicehall.games.paradice import machine as mc
from dicehall.games.paradice import picks
from dicehall.games.paradice.actions import (
    CHOOSE_STALL,
    DUCK_COLUMNS,
    DUCK_ROWS,
    PICK_COLUMNS,
    PICK_RANK,
    PICK_ROWS,
    PLACES,
    ROULETTE,
    ROULETTE_PICKS,
    ROULETTE_RANK,
    TAKE_STALL,
    ChooseStall,
    DuckColumn,
    DuckRow,
    PickColumn,
    PickRow,
    Place,
    Roulette,
    RoulettePick,
    TakeStall,
    contains,
)  # fmt: skip
from dicehall.games.paradice.config import Config
from dicehall.games.paradice.scoring import add_returns, complete, ready_powers
from dicehall.games.paradice.spec import BLACK, COLUMNS, DUCK, MAX_ACTIVE, ROWS
from dicehall.games.paradice.stalls import can_place, placeable
from dicehall.games.paradice.state import GAINS as _GAINS
from dicehall.games.paradice.state import MAIN as _MAIN
from dicehall.games.paradice.state import OVER as _OVER
from dicehall.games.paradice.state import PLACE as _PLACE
from dicehall.games.paradice.state import PRE as _PRE
from dicehall.games.paradice.state import ROULETTE as _ROULETTE
from dicehall.games.paradice.state import ParadiceState, Player, evolve


def with_player(state: ParadiceState, seat: int, player: Player) -> ParadiceState:
    return evolve(state, players=replace_at(state.players, seat, player))


def add_pending(state: ParadiceState, dice: list[int]) -> ParadiceState:
    return evolve(state, pending=tuple(sorted((*state.pending, *dice))))


def remove_pending(state: ParadiceState, code: int) -> ParadiceState:
    pending = list(state.pending)
    pending.remove(code)
    return evolve(state, pending=tuple(pending))


# --- placing ----------------------------------------------------------------------------
def placements(
    cfg: Config, state: ParadiceState, dice: tuple[int, ...] | None = None
) -> list[Place]:
    """Every legal placement of the pending dice (or of `dice`) on the mover's stalls, in
    action-index order (by die, stall, slot)."""
    codes = state.pending if dice is None else dice
    stalls = state.players[state.turn].stalls
    if not codes or not stalls:
        return []
    cards = cfg.content.stalls
    masks = [placeable(cards[card], on) for card, on in stalls]
    out: list[Place] = []
    for code in sorted(set(codes)):
        sets = _PLACE_SETS[code]
        for at, (m0, m1, m2) in enumerate(masks):
            slots = (m0 >> code & 1) | (m1 >> code & 1) << 1 | (m2 >> code & 1) << 2
            out += sets[at * 8 + slots]
    return out


_PLACE_SETS = tuple(
    tuple(
        tuple(PLACES[code, stall, k] for k in range(3) if slots >> k & 1)
        if (code, stall, 0) in PLACES
        else ()
        for stall in range(MAX_ACTIVE)
        for slots in range(8)
    )
    for code in range(BLACK * 10 + 7)
)
"""[code][stall * 8 + slots]: the placements of die `code` on `stall`, slots by bit."""


def apply_place(cfg: Config, state: ParadiceState, action: Place) -> ParadiceState:
    seat = state.turn
    player = state.players[seat]
    if action.die not in state.pending or action.stall >= len(player.stalls):
        raise IllegalActionError(f"cannot {action}: no such die or stall")
    card, on = player.stalls[action.stall]
    if not can_place(cfg.content.stalls[card], on, action.slot, action.die):
        raise IllegalActionError(f"cannot {action}: the stall could no longer be completed")
    pending = list(state.pending)
    pending.remove(action.die)
    dice = (*on[: action.slot], action.die, *on[action.slot + 1 :])
    count = sum(1 for d in dice if d)
    # a stall receiving its second die earns a Plaza stall (rules.md, *Stalls*)
    gains = state.gains + 1 if count == 2 else state.gains
    if count == 3:
        state = evolve(state, pending=tuple(pending), gains=gains)
        return complete(cfg, state, seat, action.stall, dice)  # type: ignore[arg-type]
    stalls = replace_at(player.stalls, action.stall, (card, dice))
    players = replace_at(state.players, seat, replace(player, stalls=stalls))
    return evolve(state, pending=tuple(pending), gains=gains, players=players)


# --- the basic action -------------------------------------------------------------------
def basic_actions(cfg: Config, state: ParadiceState) -> list[object]:
    """Picks, roulette, Take-a-stall and Duck picks available now."""
    out: list[object] = list(_pick_actions(state.machine, cfg.whole_groups))
    if any(state.machine[c] for c in range(COLUMNS)):
        out.append(ROULETTE)
    player = state.players[state.turn]
    if not state.powered and len(player.stalls) < MAX_ACTIVE:
        out += [TAKE_STALL[i] for i, card in enumerate(state.plaza) if card >= 0]
    if player.powers[DUCK]:
        out += _duck_actions(state.machine, cfg.whole_groups)
    return out


def _pick_actions(machine: mc.Machine, whole: bool = False) -> tuple[object, ...]:
    """Bottom-row groups (the row's ends adjacent) and column runs from the bottom (`whole`:
    the house rule `grouping=whole`, rules.md *House rules*).

    Not cached by machine (machines are too many: a cache of them keeps replacing its
    entries, and the memory they leave behind is not given back; docs/performance.md):
    the row's picks come from a table per row index, the runs from the pair tables.
    """
    c0, c1, c2, c3, c4 = machine
    bottom = (c0[0] if c0 else 0, c1[0] if c1 else 0, c2[0] if c2 else 0,
              c3[0] if c3 else 0, c4[0] if c4 else 0)  # fmt: skip
    above = (c0[1] if len(c0) > 1 else 0, c1[1] if len(c1) > 1 else 0,
             c2[1] if len(c2) > 1 else 0, c3[1] if len(c3) > 1 else 0,
             c4[1] if len(c4) > 1 else 0)  # fmt: skip
    if whole:
        ids, bottom_picks = picks.whole_tables()[1], _whole_tables()[0]
    else:
        ids, bottom_picks = picks.IDS, _BOTTOM_PICKS
    out = bottom_picks[ids[picks.row_index(bottom, above, True, False)]]
    for c, column in enumerate(machine):
        runs = picks.run_lengths(column, 0, False, whole)
        if runs:
            out += tuple([PICK_COLUMNS[c, n] for n in runs])
    return out


def _pick_rows(groups: tuple[tuple[int, ...], ...]) -> tuple[object, ...]:
    return tuple(sorted(map(PICK_ROWS.__getitem__, groups), key=PICK_RANK.__getitem__))


_BOTTOM_PICKS = tuple(map(_pick_rows, picks.DISTINCT))
"""[number of the groups in `picks.DISTINCT`]: their bottom-row picks, in action-index order."""


def _duck_actions(machine: mc.Machine, whole: bool = False) -> tuple[object, ...]:
    """Duck picks: any row as the bottom row, ends not connected, no black dice (not cached
    by machine either: each row's picks come from a table per distinct groups)."""
    out: list[object] = []
    height = max(map(len, machine))
    padded = [column + (0,) * (height + 1 - len(column)) for column in machine]
    rows = list(zip(*padded, strict=True))  # rows[r]: the dice at height r (0: none)
    if whole:
        ids, duck_rows = picks.whole_tables()[1], _whole_tables()[1]
    else:
        ids, duck_rows = picks.IDS, _DUCK_ROWS
    for r in range(height):
        out += duck_rows[ids[picks.row_index(rows[r], rows[r + 1], False, True)]][r]
    for c, column in enumerate(machine):
        for r, runs in picks.runs_above(column, True, whole):
            out += [DUCK_COLUMNS[c, r, n] for n in runs]
    return tuple(out)


def _duck_rows(distinct: picks.Groups) -> tuple[tuple[tuple[object, ...], ...], ...]:
    return tuple(
        tuple(tuple([DUCK_ROWS[r, g] for g in groups]) for r in range(ROWS))
        if all((0, g) in DUCK_ROWS for g in groups)
        else ()
        for groups in distinct
    )


_DUCK_ROWS = _duck_rows(picks.DISTINCT)
"""[number of the groups in `picks.DISTINCT`][row]: the Duck's picks of those groups in that
row, in action-index order (without wrapping, groups are intervals; those with a group across
the ends, which only the bottom row forms, have none)."""


@lru_cache(maxsize=1)  # made once, only by games with the house rule `grouping=whole`
def _whole_tables() -> tuple[tuple[tuple[object, ...], ...], Any]:
    """`_BOTTOM_PICKS` and `_DUCK_ROWS` of the groups in `picks.whole_tables()`."""
    distinct = picks.whole_tables()[0]
    return tuple(map(_pick_rows, distinct)), _duck_rows(distinct)


def apply_basic(cfg: Config, state: ParadiceState, action: object) -> ParadiceState:
    if not contains(basic_actions(cfg, state), action):
        raise IllegalActionError(f"cannot {action} now: not a legal basic action")
    m = state.machine
    if isinstance(action, PickRow):
        m, taken = mc.take_row(m, 0, action.cols)
    elif isinstance(action, PickColumn):
        m, taken = mc.take_column(m, action.col, 0, action.count)
    elif isinstance(action, Roulette):
        table = mc.row_of(m, 0)
        m, _ = mc.take_row(m, 0, tuple(c for c in range(COLUMNS) if table[c]))
        return evolve(state, machine=m, table=table, rolled=0, phase=_ROULETTE)
    elif isinstance(action, TakeStall):
        return end_turn(_take_plaza(state, action.slot))
    else:
        state = use_power(state, DUCK)
        if isinstance(action, DuckRow):
            m, taken = mc.take_row(m, action.row, action.cols)
        else:
            assert isinstance(action, DuckColumn)
            m, taken = mc.take_column(m, action.col, action.row, action.count)
    return add_pending(evolve(state, machine=m, phase=_PLACE), taken)


def roulette_picks(cfg: Config, state: ParadiceState) -> list[RoulettePick]:
    groups = picks.row_groups(state.table, (0,) * COLUMNS, True, False, cfg.whole_groups)
    return sorted(map(ROULETTE_PICKS.__getitem__, groups), key=ROULETTE_RANK.__getitem__)


def apply_roulette_pick(cfg: Config, state: ParadiceState, action: RoulettePick) -> ParadiceState:
    if not contains(roulette_picks(cfg, state), action):
        raise IllegalActionError(f"cannot {action}: not a legal group of the roulette row")
    kept = [state.table[c] for c in action.cols]
    rest = [d for c, d in enumerate(state.table) if d and c not in action.cols]
    state = add_returns(evolve(state, table=(), rolled=0, phase=_PLACE), rest)
    return add_pending(state, kept)


def use_power(state: ParadiceState, kind: int) -> ParadiceState:
    seat = state.turn
    player = state.players[seat]
    powers = add_at(player.powers, kind, -1)
    state = with_player(state, seat, replace(player, powers=powers))
    return evolve(state, powered=True)


# --- ending the turn --------------------------------------------------------------------
def _take_plaza(state: ParadiceState, slot: int) -> ParadiceState:
    seat = state.turn
    player = state.players[seat]
    card = state.plaza[slot]
    player = replace(player, stalls=(*player.stalls, (card, (0, 0, 0))))
    plaza = replace_at(state.plaza, slot, -1)
    return evolve(with_player(state, seat, player), plaza=plaza)


def end_turn(state: ParadiceState) -> ParadiceState:
    """Leftover dice pass to the left player; then the Plaza stalls gained are taken."""
    return evolve(state, passed=state.pending, pending=(), phase=_GAINS)


def choose_stall(state: ParadiceState, action: ChooseStall) -> ParadiceState:
    if action not in gain_choices(state):
        raise IllegalActionError(f"cannot {action}: no such Plaza stall or no gain owed")
    return evolve(_take_plaza(state, action.slot), gains=state.gains - 1)


def gain_choices(state: ParadiceState) -> list[ChooseStall]:
    if state.gains <= 0 or len(state.players[state.turn].stalls) >= MAX_ACTIVE:
        return []
    return [CHOOSE_STALL[i] for i, card in enumerate(state.plaza) if card >= 0]


def next_turn(cfg: Config, state: ParadiceState) -> ParadiceState:
    if state.turns >= cfg.turn_limit:  # the fair closes (rules.md, *End and scoring*)
        reason = f"the fair closed after {cfg.round_limit} rounds"
        return evolve(state, phase=_OVER, reason=reason)
    state = with_player(state, state.turn, ready_powers(state.players[state.turn]))
    return evolve(
        state,
        turn=(state.turn + 1) % cfg.players,
        turns=state.turns + 1,
        pending=state.passed,
        passed=(),
        phase=_PRE if state.passed else _MAIN,
        powered=False,
        gains=0,
        moves=0,
    )


def has_black(state: ParadiceState) -> bool:
    return bool(state.pending) and state.pending[-1] // 10 == BLACK
