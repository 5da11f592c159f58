"""Paradice: the table is public; only the order of the decks is unknown, and no order is stored.

The decks hold every card not seen elsewhere (Plaza, active and completed stalls, drawn Surprise
Bag cards). At a decision no chance event is half-done: no dice wait to drop in, the roulette row
is rolled, no Surprise Bag card is being drawn and the starting stalls are dealt.
"""

from __future__ import annotations

import random
from typing import Any

from dicehall.core.parts import SearchHooks
from dicehall.core.search import bot_rollout
from dicehall.core.types import View
from dicehall.games.paradice.bots.greedy import GreedyBot
from dicehall.games.paradice.bots.value import win_probabilities
from dicehall.games.paradice.state import ParadiceState, Phase, Player


def _none(value: int | None) -> int:
    return -1 if value is None else value


def _player(cfg: Any, seat: dict[str, Any]) -> Player:
    cards = cfg.card_index
    return Player(
        stalls=tuple((cards[s["id"]], tuple(s["dice"])) for s in seat["stalls"]),
        done=tuple(cards[s["id"]] for s in seat["done"]),
        powers=tuple(seat["powers"]),
        earned=tuple(seat["new_powers"]),
        bag=tuple(cfg.bag_index[b["id"]] for b in seat["surprise"]),
    )


def state_from_view(game: Any, view: View, seat: int, rng: random.Random) -> ParadiceState:
    cfg = game.cfg
    players = tuple(_player(cfg, s) for s in view["seats"])
    plaza = tuple(-1 if c is None else cfg.card_index[c["id"]] for c in view["plaza"])
    seen = {c for c in plaza if c >= 0}
    for p in players:
        seen.update(c for c, _ in p.stalls)
        seen.update(p.done)
    drawn = {b for p in players for b in p.bag}
    store = view["storehouse"]
    table = tuple(view["roulette"])
    return ParadiceState(
        phase=Phase[view["phase"].upper()],
        machine=tuple(tuple(col) for col in view["machine"]),
        players=players,
        plaza=plaza,
        deck=tuple(i for i in range(len(cfg.content.stalls)) if i not in seen),
        bag_deck=tuple(i for i in range(len(cfg.content.bag)) if i not in drawn),
        store=tuple(store["positions"]),
        first_out=_none(store["first_out"]),
        second_out=_none(store["second_out"]),
        golden=_none(view["tickets"]["golden"]),
        tickets=tuple(_none(h) for h in view["tickets"]["stall"]),
        turn=view["turn"],
        turns=view["turns_played"],
        pending=tuple(view["pending"]),
        passed=tuple(view["passed"]),
        table=table,
        rolled=sum(1 for d in table if d),
        gains=view["gains"],
        moves=view["moves"],
        powered=view["powered"],
        dealt=view["players"],
    )


# MCTS (`bots.mcts`): the root's prior favours the greedy bot's move; the search plays the turn
# out and values the position after it by each seat's fitted chance to win.
PRIOR = "greedy"
rollout_action = bot_rollout(GreedyBot)  # the rest of the turn as the greedy bot plays it
SEARCH = {"horizon": 1, "prior": 0.8, "exploration": 1.0}
# With 3 players hard won 37.5% against greedy at 200 iterations and 45.8% at 600 over the same
# 200 seeds (line 43.3%; docs/analysis.md, the ladder's fifth round); the expert keeps its
# margin of more thinking over hard.
ITERATIONS = {"mcts": 600, "expert": 2000}


def turn_index(state: ParadiceState) -> int:
    return state.turns


def evaluate(game: Any, state: ParadiceState) -> tuple[float, ...]:
    """Each seat's chance to win as fitted by self-play (`bots.value`)."""
    return win_probabilities(game, state)


HOOKS = SearchHooks(
    state_from_view=state_from_view,
    rollout_action=rollout_action,
    turn_index=turn_index,
    evaluate=evaluate,
    options=SEARCH,
    iterations=ITERATIONS,
    prior=PRIOR,
)
"""This game's `search` part (`GameParts.search`)."""
