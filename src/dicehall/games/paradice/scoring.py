"""Completing stalls, the Storehouse, tickets, and the final score (with the tie-break)."""

from __future__ import annotations

from dicehall.core import Result
from dicehall.core.evolve import replace
from dicehall.core.tuples import add_at, replace_at
from dicehall.games.paradice.config import Config
from dicehall.games.paradice.spec import GOLDEN_POINTS, TICKET_POINTS, TYPES
from dicehall.games.paradice.state import Dice3, ParadiceState, Phase, Player, evolve


def add_returns(state: ParadiceState, dice: list[int] | tuple[int, ...]) -> ParadiceState:
    """Dice going back to the top of the machine (they drop in as chance nodes)."""
    counts = list(state.returns)
    for code in dice:
        counts[code // 10] += 1
    return evolve(state, returns=tuple(counts))


def move_token(cfg: Config, state: ParadiceState, kind: int, step: int) -> ParadiceState:
    """Move a Storehouse token; a second token reaching 'no stock' ends the game at once."""
    pos = state.store[kind]
    if pos >= cfg.length:
        return state  # a token at 'no stock' stays there
    pos = max(0, pos + step)
    state = evolve(state, store=replace_at(state.store, kind, pos))
    if pos < cfg.length:
        return state
    if state.first_out < 0:
        return evolve(state, first_out=kind)
    return evolve(state, second_out=kind, phase=Phase.OVER, reason="two Storehouse tokens out")


def _types_done(cfg: Config, player: Player) -> list[int]:
    counts = [0] * len(TYPES)
    for card in player.done:
        counts[cfg.content.stalls[card].type] += 1
    return counts


def _award_tickets(cfg: Config, state: ParadiceState, seat: int, kind: int) -> ParadiceState:
    counts = _types_done(cfg, state.players[seat])
    if state.golden < 0 and all(counts):
        state = evolve(
            state, golden=seat
        )  # the first to complete all 5 types (rules.md, *Tickets*)
    holder = state.tickets[kind]
    if holder != seat and counts[kind] >= 2:
        theirs = _types_done(cfg, state.players[holder])[kind] if holder >= 0 else 0
        if counts[kind] > theirs:  # strictly more steals the Stall Ticket
            tickets = replace_at(state.tickets, kind, seat)
            state = evolve(state, tickets=tickets)
    return state


def complete(
    cfg: Config, state: ParadiceState, seat: int, index: int, dice: Dice3
) -> ParadiceState:
    """Active stall `index` of `seat` got its third die: score it, return its dice, and more."""
    player = state.players[seat]
    card, _ = player.stalls[index]
    kind = cfg.content.stalls[card].type
    player = replace(
        player, stalls=player.stalls[:index] + player.stalls[index + 1 :], done=(*player.done, card)
    )
    player = gain_power(player, kind, for_this_turn=state.phase == Phase.PRE)
    state = evolve(state, players=replace_at(state.players, seat, player))
    state = add_returns(state, dice)
    state = _award_tickets(cfg, state, seat, kind)
    return move_token(cfg, state, kind, 1)


def gain_power(player: Player, kind: int, *, for_this_turn: bool) -> Player:
    """A completed stall's power "you can use on future turns": usable from the player's next
    turn; one completed in the pre-turn serves the turn that follows it (rules.md, *Powers*)."""
    if for_this_turn:
        return replace(player, powers=add_at(player.powers, kind, 1))
    return replace(player, earned=add_at(player.earned, kind, 1))


def ready_powers(player: Player) -> Player:
    """At the end of the player's turn the powers earned in it become usable."""
    if not any(player.earned):
        return player
    powers = tuple(p + e for p, e in zip(player.powers, player.earned, strict=True))
    return replace(player, powers=powers, earned=(0,) * len(player.earned))


def type_factors(cfg: Config, state: ParadiceState) -> tuple[int, ...]:
    """Scoring factor per type: first out 0, the one furthest behind (alone) 2, others 1.

    "The type of Stall furthest to the left within the Storehouse, without sharing a
    position, scores double." The default reads it as the furthest-left token, if no other
    token shares its position; the house rule `double_scoring=unshared` as the furthest-left
    of the tokens that share their position with no other (rules.md, *House rules*).
    """
    factors = [1] * len(TYPES)
    store = state.store
    if cfg.double_unshared:
        alone = [pos for pos in store if store.count(pos) == 1]
        if alone:
            factors[store.index(min(alone))] = 2
    else:
        low = min(store)
        if store.count(low) == 1:
            factors[store.index(low)] = 2
    if state.first_out >= 0:
        factors[state.first_out] = 0
    return tuple(factors)


def breakdown(cfg: Config, state: ParadiceState, seat: int) -> dict[str, int]:
    """The parts of a seat's score."""
    factors = type_factors(cfg, state)
    player = state.players[seat]
    stalls = sum(
        cfg.content.stalls[c].points * factors[cfg.content.stalls[c].type] for c in player.done
    )
    return {
        "stalls": stalls,
        "golden": GOLDEN_POINTS if state.golden == seat else 0,
        "tickets": TICKET_POINTS * state.tickets.count(seat),
        "surprise": sum(cfg.content.bag[b].points for b in player.bag),
    }


def score(cfg: Config, state: ParadiceState, seat: int) -> int:
    return sum(breakdown(cfg, state, seat).values())


def out_stalls(cfg: Config, state: ParadiceState, seat: int) -> int:
    """Completed stalls of the types that reached 'no stock' (fewer wins a tie)."""
    out = {t for t in (state.first_out, state.second_out) if t >= 0}
    return sum(1 for c in state.players[seat].done if cfg.content.stalls[c].type in out)


def prize(cfg: Config, points: int) -> tuple[int, str]:
    """(number, prize) from the Prize List for this player count."""
    table = cfg.content.prize_list(cfg.players)
    found = (0, "")
    for number, (low, name) in enumerate(table, 1):
        if points >= low:
            found = (number, name)
    return found


def result(cfg: Config, state: ParadiceState) -> Result:
    scores = tuple(score(cfg, state, s) for s in range(cfg.players))
    keys = [(scores[s], -out_stalls(cfg, state, s)) for s in range(cfg.players)]
    ranks = tuple(1 + sum(1 for k in keys if k > mine) for mine in keys)
    winners = tuple(s for s in range(cfg.players) if ranks[s] == 1)
    notes = tuple(score_note(cfg, state, s, scores[s]) for s in range(cfg.players))
    return Result(tuple(float(x) for x in scores), winners, ranks, state.reason, notes)


def score_note(cfg: Config, state: ParadiceState, seat: int, total: int) -> str:
    """'Player 1: 14 points = stalls 9 + tickets 3 + ...; prize #2: ...' (rules.md, *Scoring*)."""
    parts = breakdown(cfg, state, seat)
    labels = {"stalls": "stalls", "golden": "Golden Ticket", "tickets": "Stall Tickets"}
    labels["surprise"] = "Surprise Bags"
    sums = " + ".join(f"{labels[k]} {v}" for k, v in parts.items() if v) or "nothing scored"
    number, name = prize(cfg, total)
    won = f"; prize #{number}: {name}" if name else ""
    return f"Player {seat + 1}: {total} points = {sums}{won}"
