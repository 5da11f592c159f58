"""Puru Puru has no hidden information: the view gives the whole state back.

The last roll's summary is left out (it is only shown to the table, never read by the rules).
"""

from __future__ import annotations

import random
from typing import Any

from dicehall.core.parts import SearchHooks
from dicehall.core.search import softmax
from dicehall.core.types import View
from dicehall.games.puru.actions import RESOLVE, Character
from dicehall.games.puru.bots.greedy import position
from dicehall.games.puru.bots.value import win_probability
from dicehall.games.puru.dice import NO_MAJORITY, Face
from dicehall.games.puru.state import Phase, Power, PuruState, Resolution, Stage, Summary

POSITION_SCALE = 8.0  # greedy position points per e-fold of the odds (several players)
_POWERS = {"jelly_fish": Power.JELLY_FISH, "grass_jelly": Power.GRASS_JELLY,
           "puru_puru": Power.PURU_PURU}  # fmt: skip
_STAGES = {Power.JELLY_FISH: Stage.JELLY_FISH, Power.GRASS_JELLY: Stage.GRASS_JELLY,
           Power.PURU_PURU: Stage.PURU_PURU}  # fmt: skip


def _counts(dice: dict[str, int]) -> tuple[int, int, int, int]:
    return (dice["heart"], dice["star"], dice["crying"], dice["angry"])


def _resolution(effects: dict[str, Any], power: Power, cursor: int = 0) -> Resolution:
    """The pending effects; `cursor` is the seat asked (its stage goes on after it)."""
    return Resolution(
        love=tuple(effects["love"]),
        excite=tuple(effects["excitement"]),
        drips=tuple(effects["drips"]),
        regain=tuple(effects["regain"]),
        stage=_STAGES[power],
        majority=_face(effects["majority"]),
        kept=None,
        receivers=tuple(effects["receivers"]),
        events=tuple(effects["events"]),
        cursor=cursor,
    )


def _face(name: str | None) -> int:
    return NO_MAJORITY if name is None else int(Face[name.upper()])


def _summary(last: dict[str, Any] | None) -> Summary | None:
    """The last roll as the table saw it (the rules never read it; views show it)."""
    if last is None:
        return None
    return Summary(
        last["roller"], _counts(last["dice"]), _face(last["majority"]), last["kept"],
        tuple(last["receivers"]), tuple(last["love"]), tuple(last["excitement"]),
        tuple(last["jelly"]), tuple(last["events"]),
    )  # fmt: skip


def state_from_view(game: Any, view: View, seat: int, rng: random.Random) -> PuruState:
    players = view["players"]
    pending = view["pending"]
    power, chooser, res = Power.NONE, -1, None
    if pending is not None and pending["kind"] == "space_jelly":
        power, chooser = Power.SPACE_JELLY, pending["seat"]  # no effects wait (house rule)
    elif pending is not None and pending["kind"] in _POWERS:
        power, chooser = _POWERS[pending["kind"]], pending["seat"]
        res = _resolution(view["pending_effects"], power, chooser)
    characters = tuple(
        int(Character[p["character"].upper()]) for p in players if p["character"] is not None
    )
    return PuruState(
        phase=Phase[view["phase"].upper()],
        roller=view["roller"],
        love=tuple(p["love"] for p in players),
        excite=tuple(p["excitement"] for p in players),
        jelly=tuple(p["jelly"] for p in players),
        dice=_counts(view["dice"]),
        n_dice=view["num_dice"],
        rerolls=view["rerolls_used"],
        characters=characters,
        chooser=chooser,
        power=power,
        res=res,
        last=_summary(view["last"]),
        turns=view.get("turns_played", 0),
    )


def rollout_action(game: Any, state: PuruState, seat: int, legal: Any, rng: random.Random) -> Any:
    """MCTS rollouts: resolve the dice as rolled (random rerolls only waste Jelly and time);
    every other choice at random."""
    if RESOLVE in legal:
        return RESOLVE
    return legal[rng.randrange(len(legal))]


def bot(game: Any, seat: int, level: str, **budget: Any) -> Any:
    """The `mcts` level, and `expert` where no solved table plays: the turn search
    (`bots.turn_search`; the Basic game's expert one turn deeper). Its search is exact within
    its depth and draws nothing, so an iteration or time `budget` does not apply. Solo keeps
    the generic MCTS below (AutoPuray's rolls are the rules', not a player's turn)."""
    if game.solo:
        return None
    from dicehall.games.puru.bots.turn_search import TurnSearchBot

    deeper = level == "expert" and not game.full  # Full: a reply turn through the rules is slow
    return TurnSearchBot(game, seat, level, depth=2 if deeper else 1)


# MCTS (`bots.mcts`, Solo): search each roll's choices, then value the position with the fitted
# model.
SEARCH = {"horizon": 1, "exploration": 0.3}


def turn_index(state: PuruState) -> int:
    return state.turns


def evaluate(game: Any, state: PuruState) -> tuple[float, ...]:
    """Two players: the fitted win chance (`bots.value`); more: a softmax of the greedy
    bot's position scores."""
    if len(state.love) == 2:
        r = state.roller
        o = 1 - r
        p = win_probability(
            (state.love[r], state.excite[r], state.jelly[r]),
            (state.love[o], state.excite[o], state.jelly[o]),
        )
        return (p, 1 - p) if r == 0 else (1 - p, p)
    scores = [position(*track) for track in zip(state.love, state.excite, state.jelly, strict=True)]
    return softmax(scores, POSITION_SCALE)


HOOKS = SearchHooks(
    state_from_view=state_from_view,
    rollout_action=rollout_action,
    turn_index=turn_index,
    evaluate=evaluate,
    options=SEARCH,
    bot=bot,
)
"""This game's `search` part (`GameParts.search`)."""
