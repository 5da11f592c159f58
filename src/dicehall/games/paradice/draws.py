"""Chance nodes: dice dropping into the machine, roulette rolls, stall and Surprise Bag draws.

Nothing is stored shuffled: each draw is a chance node over the cards left, and dice return
one at a time (a random die of the returning ones, a random value, a random emptiest column).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from dicehall.core import Distribution, IllegalActionError, uniform
from dicehall.core.chance import draw_below
from dicehall.core.evolve import replace
from dicehall.core.tuples import replace_at
from dicehall.games.paradice import machine as mc
from dicehall.games.paradice.actions import SUBSETS, BagDraw, Draw, Drop, Roll
from dicehall.games.paradice.config import Config
from dicehall.games.paradice.spec import BLACK
from dicehall.games.paradice.state import ParadiceState, Phase, evolve

if TYPE_CHECKING:  # the rules never draw: `core.sample` passes its generator in
    import random

# enum members as module constants: reading one from its class is slow (Python 3.11)
_ROULETTE = Phase.ROULETTE
_SETUP = Phase.SETUP

ROLLS = uniform([Roll(v) for v in range(1, 7)])


def weighted(pairs: list[tuple[Any, int]]) -> Distribution:
    """A `Distribution` from positive integer weights (exact, without summing Fractions)."""
    return Distribution.from_weights(pairs)


_DROPS = {(colour, cols): tuple(Drop(colour, v, col) for v in range(1, 7) for col in cols)
          for colour in range(BLACK + 1) for cols in SUBSETS}  # fmt: skip
"""The drops of one colour into some columns, made once (in outcome order)."""


@lru_cache(maxsize=1024)
def _drops(counts: tuple[int, ...], cols: tuple[int, ...], setup: bool) -> Distribution:
    if setup and any(counts[:BLACK]):
        counts = (*counts[:BLACK], 0)  # setup: black dice go in last, on the top row
    outcomes: list[Drop] = []
    weights: list[int] = []
    for colour, n in enumerate(counts):
        if n:
            drops = _DROPS[colour, cols]
            outcomes += drops
            weights += [n] * len(drops)
    return Distribution.from_columns(outcomes, weights)


@lru_cache(maxsize=256)
def _stall_draws(cfg: Config, deck: tuple[int, ...], starting: bool) -> Distribution:
    """A stall card from the deck; the starting stalls are 10-point cards."""
    stalls, draws = cfg.content.stalls, _draw_outcomes(cfg)
    cards = deck if not starting else [c for c in deck if stalls[c].points == 10]
    return Distribution.from_columns([draws[c] for c in cards], [1] * len(cards))


@lru_cache(maxsize=16)
def _draw_outcomes(cfg: Config) -> tuple[Draw, ...]:
    """The draw outcome of every stall card, by index."""
    return tuple(Draw(card.id) for card in cfg.content.stalls)


@lru_cache(maxsize=256)
def _bag_draws(cfg: Config, bag_deck: tuple[int, ...]) -> Distribution:
    return weighted([(BagDraw(cfg.content.bag[b].id), 1) for b in bag_deck])


def _drop_columns(state: ParadiceState) -> tuple[int, ...]:
    cols = mc.emptiest(state.machine)
    return cols[:1] if state.phase == _SETUP else cols  # setup fills row by row


def sample(cfg: Config, state: ParadiceState, rng: random.Random) -> object:
    """What `outcomes(cfg, state).sample(rng)` draws (the same calls on `rng`, the same
    outcome object), without building the distribution of a drop or of a card draw."""
    if any(state.returns):
        cols = _drop_columns(state)
        counts = state.returns
        if state.phase == _SETUP and any(counts[:BLACK]):
            counts = (*counts[:BLACK], 0)  # as in `_drops`
        per = 6 * len(cols)  # each die of a colour: 6 values x the columns, weight 1 each
        draw = draw_below(rng, sum(counts) * per)
        for colour, n in enumerate(counts):  # outcome blocks in colour order, weight n each
            if draw < n * per:
                return _DROPS[colour, cols][draw // n]
            draw -= n * per
        raise AssertionError("a draw below the total falls in a block")  # pragma: no cover
    if state.phase == _ROULETTE and state.rolled < sum(1 for d in state.table if d):
        return ROLLS.sample(rng)
    if state.bag_draw:  # every card left equally likely, in deck order
        deck = state.bag_deck
        return BagDraw(cfg.content.bag[deck[draw_below(rng, len(deck))]].id)
    cards: tuple[int, ...] | list[int] = state.deck
    if state.phase == _SETUP and state.dealt < cfg.players:
        stalls = cfg.content.stalls
        cards = [c for c in cards if stalls[c].points == 10]
    return _draw_outcomes(cfg)[cards[draw_below(rng, len(cards))]]


def outcomes(cfg: Config, state: ParadiceState) -> Distribution:
    """The distribution of the chance node `state` is at."""
    if any(state.returns):
        return _drops(state.returns, _drop_columns(state), state.phase == _SETUP)
    if state.phase == _ROULETTE and state.rolled < sum(1 for d in state.table if d):
        return ROLLS
    if state.bag_draw:
        return _bag_draws(cfg, state.bag_deck)
    return _stall_draws(cfg, state.deck, state.phase == _SETUP and state.dealt < cfg.players)


def apply_chance(cfg: Config, state: ParadiceState, outcome: object) -> ParadiceState:
    """Apply a chance outcome after checking it is one of the node's outcomes."""
    if any(state.returns):
        if not isinstance(outcome, Drop):
            raise IllegalActionError(f"{outcome!r} is not an outcome of this chance node")
        return _apply_drop(state, outcome)
    rolling = state.phase == _ROULETTE and state.rolled < sum(1 for d in state.table if d)
    if isinstance(outcome, Roll) and rolling and 1 <= outcome.value <= 6:
        return _apply_roll(state, outcome.value)
    if state.bag_draw:
        bag = cfg.bag_index.get(outcome.card) if isinstance(outcome, BagDraw) else None
        if bag is None or bag not in state.bag_deck:
            raise IllegalActionError(f"{outcome!r} is not an outcome of this chance node")
        return _apply_bag(cfg, state, bag)
    card = cfg.card_index.get(outcome.card) if isinstance(outcome, Draw) else None
    starting = state.phase == _SETUP and state.dealt < cfg.players
    if (
        card is None
        or card not in state.deck
        or (starting and cfg.content.stalls[card].points != 10)
    ):
        raise IllegalActionError(f"{outcome!r} is not an outcome of this chance node")
    return _apply_draw(cfg, state, card)


def _apply_drop(state: ParadiceState, drop: Drop) -> ParadiceState:
    counts = list(state.returns)
    setup_order = state.phase == _SETUP and drop.colour == BLACK and any(counts[:BLACK])
    if (
        not 0 <= drop.colour < len(counts)
        or not counts[drop.colour]
        or not 1 <= drop.value <= 6
        or drop.col not in _drop_columns(state)
        or setup_order
    ):
        raise IllegalActionError(f"{drop!r} is not an outcome of this chance node")
    counts[drop.colour] -= 1
    machine = mc.drop(state.machine, drop.col, drop.colour * 10 + drop.value)
    return evolve(state, machine=machine, returns=tuple(counts))


def _apply_roll(state: ParadiceState, value: int) -> ParadiceState:
    present = [c for c, d in enumerate(state.table) if d]
    col = present[state.rolled]
    code = state.table[col] // 10 * 10 + value
    table = replace_at(state.table, col, code)
    return evolve(state, table=table, rolled=state.rolled + 1)


def _apply_draw(cfg: Config, state: ParadiceState, card: int) -> ParadiceState:
    deck = tuple(c for c in state.deck if c != card)
    if state.phase == _SETUP and state.dealt < cfg.players:
        seat = state.dealt
        player = state.players[seat]
        player = replace(player, stalls=(*player.stalls, (card, (0, 0, 0))))
        players = replace_at(state.players, seat, player)
        return evolve(state, players=players, deck=deck, dealt=seat + 1)
    slot = state.plaza.index(-1)
    plaza = replace_at(state.plaza, slot, card)
    return evolve(state, plaza=plaza, deck=deck)


def _apply_bag(cfg: Config, state: ParadiceState, card: int) -> ParadiceState:
    seat = state.turn
    player = state.players[seat]
    player = replace(player, bag=(*player.bag, card))
    state = evolve(
        state,
        players=replace_at(state.players, seat, player),
        bag_deck=tuple(b for b in state.bag_deck if b != card),
        bag_draw=False,
    )
    effect = cfg.content.bag[card].effect
    if effect == "stall":
        return evolve(state, gains=state.gains + 1)
    if effect == "storehouse":
        return evolve(state, moves=state.moves + 1)
    return state


def is_chance(cfg: Config, state: ParadiceState) -> bool:
    """Whether a chance event is due (checked before any player may act)."""
    if any(state.returns) or state.bag_draw:
        return True
    if state.phase == _ROULETTE and state.rolled < sum(1 for d in state.table if d):
        return True
    if state.phase == _SETUP and state.dealt < cfg.players:
        return True
    return -1 in state.plaza and bool(state.deck)
