"""The shapes of the REST API's answers (pydantic models).

Routes declare them as `response_model`, so FastAPI checks every answer against its shape and
the OpenAPI schema describes real fields rather than "any object"; the Schemathesis test checks
served answers against that schema. Fields a route adds only sometimes (a live table's
connections, a bot seat's level) are optional and absent when unset (`exclude_unset`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

ParamValue = bool | int | str | None
"""A game parameter's value (bool first: pydantic keeps `true` a bool, not 1)."""


class Out(BaseModel):
    """An answer's shape: a field the route sends that is not declared here is an error (a
    test finds it), never silently dropped."""

    model_config = ConfigDict(extra="forbid")


class Health(Out):
    status: Literal["ok"]


class ParamOut(Out):
    name: str
    kind: str
    default: ParamValue
    help: str
    choices: list[bool | int | str]
    minimum: int | None
    maximum: int | None


class GameOut(Out):
    id: str
    name: str
    min_players: int
    max_players: int
    variants: list[str]
    real_time: bool
    hidden_information: bool
    summary: str
    designers: str
    levels: list[str]
    level_names: dict[str, str]
    level_labels: dict[str, str]
    """What each level is, in players' words (the lobby, leaderboard and table show these)."""
    level_status: dict[str, str]
    params: list[ParamOut]


class CheckOut(Out):
    players: int
    params: dict[str, ParamValue]
    unrated: str | None = None  # with `levels`: why such a table cannot be rated (None: it can)


class SeatOut(Out):
    seat: int
    kind: Literal["human", "bot"]
    name: str
    bot: str | None = None
    """A bot seat's level."""
    open: bool | None = None
    """A person's seat anyone may take from the lobby."""
    connected: bool | None = None
    covered: bool | None = None
    claimed: bool | None = None
    account: str | None = None
    """The account that plays this seat (its name), when a signed-in person took it."""


class ResultOut(Out):
    scores: list[float]
    winners: list[int]
    ranks: list[int]
    reason: str
    notes: list[str]


class RoomOut(Out):
    host: int
    """The host's seat: whoever holds its token runs the room."""
    ready: list[int]
    waiting: bool
    """The game has not started yet."""


class SeriesOut(Out):
    games: int
    count: Literal["points", "wins"]
    number: int
    """This game's number in the series, from 1."""
    players: list[int]
    """For each seat, which player of the series sits there."""
    totals: list[float]
    """Each player's total before this game."""


class TurnOut(Out):
    move_seconds: int
    on_timeout: Literal["bot", "end"]


class OptionsOut(Out):
    mode: Literal["online", "hotseat"]
    private: bool | None = None
    coach: bool | None = None
    """Seats may ask the coach (never at rated tables)."""
    rated: bool | None = None
    """Ratings change at the end (accounts only)."""
    room: RoomOut | None = None
    """The table's waiting room, if it was made with one (docs/play-together.md)."""
    series: SeriesOut | None = None
    """The series this table's game belongs to, if any (docs/play-together.md)."""
    rematch: str | None = None
    """A finished table's rematch: the new table's id."""
    friends_only: bool | None = None
    """Only the host's friends take its open seats."""
    turn_based: TurnOut | None = None
    """A time per move instead of the live pace (docs/play-together.md)."""


class TableOut(Out):
    id: str
    game: str
    params: dict[str, ParamValue]
    seats: list[SeatOut]
    options: OptionsOut
    status: Literal["live", "finished", "expired"]
    result: ResultOut | None
    num_actions: int
    created: str
    updated: str
    open_seats: list[int] | None = None
    """Only for a table the server holds (a live one, or one recently finished)."""
    watchers: int | None = None
    series_totals: list[float] | None = None
    """A finished game of a series: each player's total with this game's result."""


class CreatedOut(Out):
    id: str
    url: str
    tokens: dict[str, str]
    links: dict[str, str]
    hotseat_link: str
    table: TableOut
    secret: str | None = None  # a private table's: its links carry it (web/tables/secret.py)


class ClaimOut(Out):
    seat: int
    token: str
    link: str


class RematchOut(Out):
    id: str
    url: str
    tokens: dict[str, str]
    link: str


class InvitedOut(Out):
    id: str
    seat: int
    name: str
    """The invited player's name, as their account spells it."""


class InvitationOut(Out):
    id: str
    table: str
    game: str
    seat: int
    host: str
    """Who invited (their account's name)."""
    created: str


class TakenOut(Out):
    id: str
    seat: int
    token: str
    link: str


class ErrorOut(Out):
    error: str
    message: str


ERRORS: dict[int | str, dict[str, object]] = {
    code: {"model": ErrorOut, "description": text}
    for code, text in (
        (404, "Unknown game or table"),
        (409, "Not possible in the table's state"),
        (413, "Too large"),
        (429, "Too many requests: wait as the retry-after header says"),
        (503, "The server cannot save right now"),
    )
}
"""Errors any route may answer (web/app.py's handler of `RequestError`,
web/protection/guard.py). A 422 keeps FastAPI's documented shape: its own validation errors
have `detail`, the rules' refusals `error` and `message`."""
