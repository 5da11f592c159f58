"""Search knowledge lives in each game's package (its `search` part); the helpers they share
are in `dicehall.core.search`, re-exported here for older imports."""

from dicehall.core.search import NotDeterminisable, softmax

__all__ = ["NotDeterminisable", "softmax"]
