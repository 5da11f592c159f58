"""Placement values the greedy bot has worked out, kept across its decisions (bounded).

MCTS rollouts play the greedy bot at every decision of a round, from tables that differ in
one entrance at a time, so most placements it values were valued a few decisions before. A
placement's value depends only on its district's entrance, the Target zones of the district
and of its two neighbours, their zone rewards, every seat's Jelly and pods, and the seat
deciding; `DistrictKey` is exactly that, and `GAINS` maps it to the values found so far for
each placement in the district (the same floats, computed the same way).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

KEPT = 4096
"""Districts remembered (least recently used dropped first); each holds at most the ~80
placements one district allows."""
TOKENS_KEPT = 256
"""Zone reward tuples known by identity (a few per game's faces)."""

DistrictKey = tuple[Any, ...]


class Gains:
    """A bounded LRU of per-district placement values."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self._found: OrderedDict[DistrictKey, dict[Any, float]] = OrderedDict()

    def of(self, key: DistrictKey) -> dict[Any, float]:
        """The values known for the district `key` describes (a dict the caller fills)."""
        found = self._found.get(key)
        if found is None:
            if len(self._found) >= self.kept:
                self._found.popitem(last=False)
            found = self._found[key] = {}
        else:
            self._found.move_to_end(key)
        return found

    def __len__(self) -> int:
        return len(self._found)

    def clear(self) -> None:
        self._found.clear()


GAINS = Gains()
"""Placement values by `_Context.district_key`, then by placement."""
WORTHS = Gains()
"""Reward values by `_Context.reward_key`, then by (zone, seat, the seat's counting dice)."""

_tokens: dict[int, tuple[object, int]] = {}
_next_token = [0]


def token(zones: object) -> int:
    """A number for one district's zone rewards, by identity (the object is kept alive while
    its number is in use, so an id is never mistaken for another's; numbers are never
    reused, so a cleared table leaves no stale hit in `GAINS`)."""
    found = _tokens.get(id(zones))
    if found is not None and found[0] is zones:
        return found[1]
    if len(_tokens) >= TOKENS_KEPT:
        _tokens.clear()
    _next_token[0] += 1
    _tokens[id(zones)] = (zones, _next_token[0])
    return _next_token[0]
