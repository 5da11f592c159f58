"""Attack of the Jelly Monster: the other players' current rolls are hidden (docs/rules/jelly.md,
*A round*: "Your roll is hidden behind your screen").

A determinisation copies the table from the view, keeps the seat's own roll and draws every
other player's hidden roll (as many dice as they have unplaced, uniformly). The view does not
show who else still acts in the current tick, so that is drawn too: each other seat that may
act joins the rest of the tick with probability 1/2, in a random order. The search always runs
the tick variant of the rules (`search_game`); a real-time game is searched as ticks.

While scoring (a choice of a side or of Jelly recipients) the queue of scoring steps is not in
the view, so no state can be rebuilt: `state_from_view` raises `NotDeterminisable` there and
the MCTS bot lets the greedy bot choose.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from dicehall import games
from dicehall.core.parts import SearchHooks
from dicehall.core.search import NotDeterminisable, softmax
from dicehall.core.types import View
from dicehall.games.jelly.actions import Reroll
from dicehall.games.jelly.bots import rollout
from dicehall.games.jelly.bots.greedy import GreedyBot
from dicehall.games.jelly.bots.playout import rollout_steps as rollout_steps
from dicehall.games.jelly.state import NOBODY, JellyState, Phase, RoundEnd

_PLAY = Phase.PLAY


def search_game(game: Any) -> Any:
    """The rules MCTS searches: the tick variant of the same game."""
    if game.params.get("mode") == "tick":
        return game
    return games.make("jelly", **{**game.params, "mode": "tick"})


def _none(value: int | None) -> int:
    return NOBODY if value is None else value


def _tick_queue(view: View, seat: int, rng: random.Random) -> tuple[int, ...]:
    others = [
        p["seat"]
        for p in view["table"]
        if p["seat"] != seat and (p["unplaced"] or not p["done"]) and rng.random() < 0.5
    ]
    rng.shuffle(others)
    return (seat, *others)


def state_from_view(game: Any, view: View, seat: int, rng: random.Random) -> JellyState:
    if view["phase"] != "play":
        raise NotDeterminisable(f"jelly: no state can be rebuilt while in {view['phase']}")
    table, districts = view["table"], view["districts"]
    face_ids = [f.id for f in game.table.faces]
    rolls = []
    for p in table:
        if p["seat"] == seat:
            rolls.append(tuple(view["roll"] or ()))
        elif p["rolled"]:
            rolls.append(tuple(sorted(rng.randint(1, 6) for _ in range(p["unplaced"]))))
        else:
            rolls.append(())
    timer = view["timer"]
    ticks_left = timer["ticks_left"]
    return JellyState(
        phase=Phase.PLAY,
        faces=tuple(face_ids.index(d["face"]) for d in districts),
        round=view["round"] - 1,
        targets=tuple(d["target"] for d in districts),
        entrances=tuple(tuple((o, v) for o, v in d["dice"]) for d in districts),
        locks=tuple(_none(d["locked_by"]) for d in districts),
        centre=tuple(p["centre"] for p in table),
        unplaced=tuple(p["unplaced"] for p in table),
        rolls=tuple(rolls),
        rerolls=tuple(p["rerolls"] for p in table),
        waits=tuple(p["waits"] for p in table),
        done=tuple(p["done"] for p in table),
        flipped_by=_none(timer["flipped_by"]),
        to_roll=(),
        tick=timer["tick"],
        tick_queue=_tick_queue(view, seat, rng),
        ticks_left=-1 if ticks_left is None else ticks_left,
        jelly=tuple(p["jelly"] for p in table),
        pods=tuple(p["pods"] for p in table),
        pod_stack=view["pod_stack"],
        queue=(),
        votes=(),
        pod_values=tuple(tuple(p["pod_values"]) for p in table),
        round_ends=tuple(RoundEnd[e.upper()] for e in view["round_ends"]),
        round_placed=tuple(view["round_placed"]),
    )


# MCTS (`bots.mcts`): the root's prior favours the greedy bot's move; the search plays the round
# out and values the position after it by each seat's Jelly, a Jelly-pod counted at its mean.
PRIOR = "greedy"
SEARCH = {"horizon": 1, "prior": 0.8, "exploration": 1.0}
# Hard beats greedy only with enough iterations: 4 players in real time, 30.6% at 200, 58.3% at
# 300, 79.2% at 400 and 90.3% at 600 (line 32.5%; docs/analysis.md, the ladder's fifth round).
# The expert keeps its margin of more thinking over hard.
ITERATIONS = {"mcts": 600, "expert": 2000}
POD_MEAN = 3.5
JELLY_SCALE = 3.0  # Jelly per e-fold of the odds


def turn_index(state: JellyState) -> int:
    return state.round


def evaluate(game: Any, state: JellyState) -> tuple[float, ...]:
    return softmax(
        [j + POD_MEAN * p for j, p in zip(state.jelly, state.pods, strict=True)], JELLY_SCALE
    )


# Random placements and random timer flips end rounds unlike any real round, so rollouts play
# the greedy bot's moves, read from the state rather than from a view (the same moves); its
# placements are found by `rollout.place` (the same moves, from remembered per-district bests),
# and `rollout_steps` plays the round's steps without the rules' checks (the same steps).
def rollout_action(
    game: Any, state: JellyState, seat: int, legal: Sequence[Any], rng: random.Random
) -> Any:
    if len(legal) > 1 and state.phase == _PLAY and state.unplaced[seat] and state.rolls[seat]:
        return rollout.place(game, state, seat, isinstance(legal[0], Reroll))
    return GreedyBot(game, seat).act_on_state(game, state, legal)


HOOKS = SearchHooks(
    state_from_view=state_from_view,
    rollout_action=rollout_action,
    turn_index=turn_index,
    evaluate=evaluate,
    options=SEARCH,
    iterations=ITERATIONS,
    prior=PRIOR,
    search_game=search_game,
)
"""This game's `search` part (`GameParts.search`)."""
