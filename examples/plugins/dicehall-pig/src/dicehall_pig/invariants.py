"""Pig's invariants for dicehall's rules fuzzer (`dicehall fuzz pig`): pure checks of a state.

Nothing is hidden in Pig, so views differ only in `viewer` and there are no hidden variants.
"""

from __future__ import annotations

from typing import Any

from dicehall.core.parts import FuzzChecks

from dicehall_pig.rules import PigGame
from dicehall_pig.state import PigState

SEAT_KEYS = ("viewer",)
"""View keys that may differ between seats (everything else is public)."""

FUZZ_CONFIGS: tuple[dict[str, Any], ...] = (
    *({"players": n} for n in range(2, 7)),
    {"players": 3, "target": 20},
    {"players": 2, "horizon": 30},  # games that end in a draw at the horizon (rules.md, *Horizon*)
)
"""Every player count, a short race and a short horizon."""


def violations(game: PigGame, s: PigState) -> list[str]:
    """What is wrong with `s` (empty when every invariant holds)."""
    out = []
    if len(s.scores) != game.num_players or min(s.scores) < 0:
        out.append(f"scores {s.scores} for {game.num_players} players")
    if not 0 <= s.seat < game.num_players:
        out.append(f"seat {s.seat} on turn")
    if s.turn_total < 0 or (s.turn_total and s.last == 0):
        out.append(f"turn total {s.turn_total} after last roll {s.last}")
    if sum(v >= game.target for v in s.scores) > 1:
        out.append("two players reached the target")
    if s.decisions > game.horizon:
        out.append(f"{s.decisions} decisions past the horizon {game.horizon}")
    return out


CHECKS = FuzzChecks(
    violations=violations,
    seat_keys=SEAT_KEYS,
    configs=FUZZ_CONFIGS,
)
"""This game's `checks` part (`GameParts.checks`)."""
