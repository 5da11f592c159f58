"""Log texts of Puru Puru Paradice actions: the same for every viewer.

Every roll is made in the open and every track lies on the table (docs/rules/puru.md, "A
turn"), so no log line is secret.
"""

from __future__ import annotations

from dicehall.core import Seat


def describe(action: object, viewer: Seat | None) -> str:
    return str(action)
