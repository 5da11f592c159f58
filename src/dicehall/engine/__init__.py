"""The authoritative match runner: seats, seeded chance, action log, clocks and records."""

from dicehall.engine.clock import Clock, ManualClock, WallClock
from dicehall.engine.match import Event, LogEntry, Match, MatchOverError, StaleVersionError
from dicehall.engine.record import Record, replay, resume, verify

__all__ = [
    "Clock",
    "Event",
    "LogEntry",
    "ManualClock",
    "Match",
    "MatchOverError",
    "Record",
    "StaleVersionError",
    "WallClock",
    "replay",
    "resume",
    "verify",
]
