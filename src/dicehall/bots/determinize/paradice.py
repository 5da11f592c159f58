"""Paradice: the table is public; only the order of the decks is unknown, and no order is stored.

The decks hold every card not seen elsewhere (Plaza, active and completed stalls, drawn Surprise
Bag cards). At a decision no chance event is half-done: no dice wait to drop in, the roulette row
is rolled, no Surprise Bag card is being drawn and the starting stalls are dealt.
"""

from __future__ import annotations

import random
from typing import Any

from dicehall.bots.determinize import greedy_rollout, softmax
from dicehall.core.types import View
from dicehall.games.paradice.scoring import score
from dicehall.games.paradice.state import Phase, Player, State


def _none(value: int | None) -> int:
    return -1 if value is None else value


def _player(cfg: Any, seat: dict[str, Any]) -> Player:
    cards = cfg.card_index
    return Player(
        stalls=tuple((cards[s["id"]], tuple(s["dice"])) for s in seat["stalls"]),
        done=tuple(cards[s["id"]] for s in seat["done"]),
        powers=tuple(seat["powers"]),
        bag=tuple(cfg.bag_index[b["id"]] for b in seat["surprise"]),
    )


def state_from_view(game: Any, view: View, seat: int, rng: random.Random) -> State:
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
    return State(
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
# out and values the position after it by the points each seat would score now.
PRIOR = "greedy"
rollout_action = greedy_rollout()  # the rest of the turn as the greedy bot plays it
SEARCH = {"horizon": 1, "prior": 0.8, "exploration": 1.0}
POINT_SCALE = 10.0  # points per e-fold of the odds
PARTIAL = 0.6  # an active stall's points count in part, by the share of its 3 dice placed


def turn_index(state: State) -> int:
    return state.turns


def evaluate(game: Any, state: State) -> tuple[float, ...]:
    """Points scored now, plus each active stall's points in proportion to its dice."""
    stalls = game.cfg.content.stalls
    points = [
        score(game.cfg, state, s)
        + sum(
            PARTIAL * stalls[card].points * sum(1 for d in dice if d) / 3
            for card, dice in player.stalls
        )
        for s, player in enumerate(state.players)
    ]
    return softmax(points, POINT_SCALE)
