"""Log texts of Paradice actions: the same for every viewer.

No player has secrets (docs/rules/paradice.md, "For programs": "every seat and every spectator
gets the same view"); what nobody knows yet (the deck order, returning dice) is chance, decided
only when it happens and then seen by all, so every log line is public.
"""

from __future__ import annotations

from dicehall.core import Seat


def describe(action: object, viewer: Seat | None) -> str:
    return str(action)
