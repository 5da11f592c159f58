"""One bot decision, as a worker process makes it: which bot plays (`BotSpec`), the legal
actions as ids (`LegalIds`) and `think`. The server's pools (`web.workers.pool`,
`web.workers.quick`) send these to their workers; with no worker the server thinks itself.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from dicehall.bots import level_named
from dicehall.bots.base import Bot
from dicehall.bots.solvers.cache import NO_SOLVE_ENV
from dicehall.core.game import Game
from dicehall.core.types import View

BOTS_KEPT = 256  # bots a worker keeps built (per game, seat and level)


@dataclass(frozen=True)
class BotSpec:
    """Which bot plays: everything a worker needs to build it (nothing about the match)."""

    game: str
    params_json: str  # the game's parameters, as sorted JSON (hashable)
    seat: int
    level: str

    @classmethod
    def of(cls, game: str, params: dict[str, Any], seat: int, level: str) -> BotSpec:
        return cls(game, json.dumps(params, sort_keys=True), seat, level)

    @property
    def pool(self) -> str:
        """Its level's pool (`Level.pool`): `inline` (random), `quick` (greedy: inline too
        without quick workers) or `search` (mcts, expert)."""
        level = level_named(self.level)
        return level.pool if level is not None else "search"


_bots: OrderedDict[BotSpec, tuple[Game[Any, Any], Bot]] = OrderedDict()


def worker_start(nice: int, idle: bool = False) -> None:
    os.environ[NO_SOLVE_ENV] = "1"
    with contextlib.suppress(OSError):  # not permitted here: same priority as the server
        os.nice(nice)
    if idle and hasattr(os, "sched_setscheduler"):  # Linux
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    from dicehall import games  # warm the imports once, not on the first move

    games.available()


def _bot(spec: BotSpec) -> tuple[Game[Any, Any], Bot]:
    found = _bots.get(spec)
    if found is None:
        from dicehall import games
        from dicehall.bots import make_bot

        game = games.make(spec.game, **json.loads(spec.params_json))
        found = _bots[spec] = (game, make_bot(spec.level, game, spec.seat))
        while len(_bots) > BOTS_KEPT:
            _bots.popitem(last=False)
    _bots.move_to_end(spec)
    return found


Rng = random.Random | str  # an rng, or the text one is seeded with (cheaper to send)


@dataclass(frozen=True)
class LegalIds:
    """Legal actions as the game's action ids (`Game.encode`): a few bytes to send to a
    worker, where the actions themselves (slotted dataclasses) took longer to pickle than the
    rest of the request. A worker given these answers an action id too."""

    ids: tuple[int, ...]

    @classmethod
    def of(cls, game: Game[Any, Any], legal: Sequence[Any]) -> LegalIds:
        return cls(tuple(map(game.encode, legal)))


def think(spec: BotSpec, view: View, legal: Sequence[Any] | LegalIds, rng: Rng) -> Any:
    """One decision, in a worker process: the action, or its id where `legal` is ids."""
    game, bot = _bot(spec)
    if isinstance(legal, LegalIds):
        return game.encode(bot.act(view, tuple(map(game.decode, legal.ids)), as_random(rng)))
    return bot.act(view, legal, as_random(rng))


def as_random(rng: Rng) -> random.Random:
    return random.Random(rng) if isinstance(rng, str) else rng
