"""Games of a game's batched form between batched bots, as a `simulate.Summary` (`dicehall
simulate GAME --batch B`): the same win rates, lengths, end reasons and result rows as
`simulate`, for `sweep` and `report`, at the batch engine's speed.

Each seat plays a bot level the batched form has (`BatchGame.bot_levels`: `random` for every
batched game, `greedy` where a game's batch has it). Game i is the (i // B)-th game of slot
i % B of the batch: each slot plays its games one after another, and the first games to end
are not favoured (short games end first). A batch is seeded once, so a game's row carries its
number, not a seed that `replay` could play again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from dicehall import batch as batchmod
from dicehall.sim.simulate import Outcome, Summary


def simulate(
    game_id: str, params: dict[str, Any], games: int, seed: int, size: int = 4096,
    advance: Callable[[int], None] | None = None, levels: tuple[str, ...] = (),
) -> Summary:  # fmt: skip
    """`games` games, `size` at a time, seat s played by `levels[s]` (default: random)."""
    start = time.perf_counter()
    env = batchmod.make(game_id, batch=min(size, games), **params)
    levels = levels or ("random",) * env.num_players
    others = sorted(set(levels) - set(env.bot_levels))
    if others:
        raise batchmod.BatchUnsupportedError(
            f"{game_id}: no batched {', '.join(others)} bot; batched: {', '.join(env.bot_levels)}"
        )
    by_seat_level = np.array([sorted(set(levels)).index(lv) for lv in levels])
    env.reset(seed)
    rng = np.random.default_rng(seed)
    b, players = env.batch, env.num_players
    slots = np.arange(b)
    wanted = (games - slots + b - 1) // b  # games slot s plays: those numbered s, s + B, ...
    ended = np.zeros(b, dtype=np.int64)
    by_seat = np.zeros((b, players), dtype=np.int64)
    found: dict[int, Outcome] = {}
    kinds = sorted(set(levels))
    while len(found) < games:
        movers = env.current_player
        by_seat[slots, movers] += 1
        choices = [env.bot_actions(level, rng) for level in kinds]
        env.step(np.choose(by_seat_level[movers], choices) if len(kinds) > 1 else choices[0])
        for i in np.flatnonzero(env.done & (ended < wanted)).tolist():
            found[int(ended[i]) * b + i] = _outcome(env, i, by_seat[i])
        if advance is not None and env.done.any():
            advance(int((env.done & (ended < wanted)).sum()))
        ended += env.done
        by_seat[env.done] = 0
    outcomes = [found[i] for i in range(games)]
    summary = Summary(game_id, dict(env.game.params), seed, tuple(levels), outcomes)
    summary.elapsed_s = time.perf_counter() - start
    summary.notes.append(
        f"batched: {b:,} games at a time; rows number the games (seeds do not replay them)"
    )
    return summary


def _outcome(env: batchmod.BatchGame, i: int, by_seat: np.ndarray) -> Outcome:
    return Outcome(
        winners=tuple(np.flatnonzero(env.returns[i] > 0).tolist()),
        scores=tuple(float(x) for x in env.scores[i]),
        reason=env.outcome_reason(i),
        actions=int(by_seat.sum()),
        turns=None,
        by_seat=tuple(int(x) for x in by_seat),
        ranks=env.outcome_ranks(i),
    )
