"""The match's random streams, derived from its seed: the one definition every runner uses.

A chance outcome logged at `step` is drawn from `chance_rng(seed, step)`; a bot whose move
would be logged at `step` decides with `bot_rng(seed, seat, step)`. The engine, the fast
simulator, the RL environments and record verification all use these, so one seed gives one
game everywhere, and records made earlier keep verifying: never change either formula.
"""

from __future__ import annotations

import random

from dicehall.core.types import Seat


def chance_rng(seed: int, step: int) -> random.Random:
    """The rng that draws the chance outcome logged at `step` of a match with `seed`."""
    return random.Random(seed * 2**32 + step)


def bot_seed(seed: int, seat: Seat, step: int) -> str:
    """What `bot_rng` is seeded with: a worker process is sent this text, not the rng (an
    rng's pickle is its 625-word state, and costs ten times the decision's other inputs)."""
    return f"bot/{seed}/{seat}/{step}"


def bot_rng(seed: int, seat: Seat, step: int) -> random.Random:
    """The rng a bot at `seat` decides with when its move would be logged at `step`."""
    return random.Random(bot_seed(seed, seat, step))
