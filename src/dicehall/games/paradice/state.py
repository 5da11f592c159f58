"""Paradice states: frozen dataclasses of ints and tuples."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum

from dicehall.core.evolve import evolver
from dicehall.games.paradice.machine import Machine

Dice3 = tuple[int, int, int]
ActiveStall = tuple[int, Dice3]  # (card index, dice on its 3 slots; 0 = empty, black = wild)


class Phase(IntEnum):
    SETUP = 0  # machine fill, starting stalls, Plaza
    PRE = 1  # pre-turn: place dice passed from the right, no powers
    MAIN = 2  # before the basic action (Cotton Candy and Surprise Bag allowed)
    ROULETTE = 3  # roulette dice rolled: keep one group
    PLACE = 4  # after the basic action: place the dice, use powers, end the turn
    GAINS = 5  # take the Plaza stalls gained this turn
    OVER = 6


# the phases as module constants for the rules' hot paths: reading an enum member from its
# class is slow (Python 3.11)
SETUP, PRE, MAIN, ROULETTE = Phase.SETUP, Phase.PRE, Phase.MAIN, Phase.ROULETTE
PLACE, GAINS, OVER = Phase.PLACE, Phase.GAINS, Phase.OVER


@dataclass(frozen=True, slots=True)
class Player:
    stalls: tuple[ActiveStall, ...] = ()  # active (incomplete) stalls, at most 5
    done: tuple[int, ...] = ()  # completed card indices, in order of completion
    powers: tuple[int, ...] = (0, 0, 0, 0, 0)  # unused powers by stall type, usable now
    earned: tuple[int, ...] = (0, 0, 0, 0, 0)  # powers earned this turn: usable from the next
    bag: tuple[int, ...] = ()  # Surprise Bag cards drawn (indices)


@dataclass(frozen=True, slots=True)
class ParadiceState:
    phase: Phase
    machine: Machine
    players: tuple[Player, ...]
    plaza: tuple[int, ...]  # 4 card indices, -1 = empty
    deck: tuple[int, ...]  # sorted indices of the cards left (no order is stored)
    bag_deck: tuple[int, ...]  # sorted indices of the Surprise Bag cards left
    store: tuple[int, ...] = (0, 0, 0, 0, 0)  # Storehouse token positions by type
    first_out: int = -1  # the first type to reach 'no stock' (scores nothing)
    second_out: int = -1  # the second type (ends the game)
    golden: int = -1  # seat holding the Golden Ticket
    tickets: tuple[int, ...] = (-1, -1, -1, -1, -1)  # seat holding each Stall Ticket
    turn: int = 0  # seat whose turn it is
    turns: int = 0  # turns started so far
    pending: tuple[int, ...] = ()  # sorted dice the current player must place or use
    passed: tuple[int, ...] = ()  # leftover dice for the next player's pre-turn
    returns: tuple[int, ...] = (0, 0, 0, 0, 0, 0)  # dice by colour waiting to drop in
    table: tuple[int, ...] = ()  # roulette row by column (0 = no die)
    rolled: int = 0  # roulette dice rolled so far
    gains: int = 0  # Plaza stalls owed at the end of the turn
    moves: int = 0  # Storehouse moves owed (Surprise Bag)
    powered: bool = False  # a power was used this turn
    bag_draw: bool = False  # a Surprise Bag card is being drawn
    dealt: int = 0  # starting stalls dealt
    reason: str = ""


evolve: Callable[..., ParadiceState] = evolver(ParadiceState)
"""`evolve(state, **changes)`: `dataclasses.replace` for `ParadiceState`, several times faster."""
