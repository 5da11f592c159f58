"""Typed errors raised by the rules, the content loaders and the record checker."""

from __future__ import annotations

from typing import Any


class DicehallError(Exception):
    """Base class of every error dicehall raises on purpose."""


class IllegalActionError(DicehallError):
    """An action that the rules do not allow in this state; the state is unchanged."""

    def __init__(self, reason: str, *, seat: int | None = None, action: Any = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.seat = seat
        self.action = action


class MalformedActionError(DicehallError):
    """A wire-form action (JSON or integer id) that names no action of the game."""


class ContentError(DicehallError):
    """A content file (board, cards, districts) that breaks a constraint; names where."""

    def __init__(self, source: str, where: str, problem: str) -> None:
        super().__init__(f"{source}: {where}: {problem}")
        self.source = source
        self.where = where
        self.problem = problem


class UnknownGameError(DicehallError):
    """No game is registered under that id."""


class ParamError(DicehallError):
    """A game parameter that is unknown or out of range."""


class CorruptRecordError(DicehallError):
    """A match record that does not replay exactly; `step` is the first diverging step."""

    def __init__(self, reason: str, step: int | None = None) -> None:
        where = f"step {step}: " if step is not None else ""
        super().__init__(f"corrupt record: {where}{reason}")
        self.reason = reason
        self.step = step
