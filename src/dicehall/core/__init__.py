"""Protocol, value types, exact chance and errors shared by every game (stdlib only, no IO)."""

from dicehall.core.actions import ActionCodec, ActionIndex
from dicehall.core.chance import Distribution, sample, uniform
from dicehall.core.errors import (
    ContentError,
    CorruptRecordError,
    DicehallError,
    IllegalActionError,
    MalformedActionError,
    ParamError,
    UnknownGameError,
)
from dicehall.core.game import Game
from dicehall.core.params import ContentSource, names_a_file, resolve_params
from dicehall.core.types import (
    CHANCE,
    ENGINE,
    OMNISCIENT,
    GameSpec,
    ParamSpec,
    Result,
    Seat,
    TimerRequest,
    View,
    competition_ranks,
)

__all__ = [
    "CHANCE",
    "ENGINE",
    "OMNISCIENT",
    "ActionCodec",
    "ActionIndex",
    "ContentError",
    "ContentSource",
    "CorruptRecordError",
    "DicehallError",
    "Distribution",
    "Game",
    "GameSpec",
    "IllegalActionError",
    "MalformedActionError",
    "ParamError",
    "ParamSpec",
    "Result",
    "Seat",
    "TimerRequest",
    "UnknownGameError",
    "View",
    "competition_ranks",
    "names_a_file",
    "resolve_params",
    "sample",
    "uniform",
]
