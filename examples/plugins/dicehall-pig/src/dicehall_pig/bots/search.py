"""What the generic MCTS needs to know of Pig: a state from a view (Pig has no secrets, so the
view is the whole state), played out by the hold-at-20 bot, 32 leaves a round in one batch
(`leaves`: at equal time the batched search won 58% of 300 games against the plain one,
docs/performance.md; `mcts:1s:leaves=0` plays the plain search)."""

from __future__ import annotations

import random
from typing import Any

from dicehall.core.parts import SearchHooks
from dicehall.core.search import bot_rollout
from dicehall.core.types import View

from dicehall_pig.bots.greedy import HoldAtTwenty
from dicehall_pig.state import PigState


def state_from_view(game: Any, view: View, seat: int, rng: random.Random) -> PigState:
    return PigState(
        scores=tuple(view["scores"]),
        seat=view["current"],
        turn_total=view["turn_total"],
        rolling=view["rolling"],
        decisions=view["decisions"],
        last=view["last_roll"] or 0,
        busted=view["busted"],
    )


rollout_action = bot_rollout(HoldAtTwenty)


HOOKS = SearchHooks(
    state_from_view=state_from_view,
    rollout_action=rollout_action,
    options={"leaves": 32},
)
"""This game's `search` part (`GameParts.search`)."""
