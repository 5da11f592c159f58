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


class OptionsOut(Out):
    mode: Literal["online", "hotseat"]
    private: bool | None = None
    coach: bool | None = None
    """Seats may ask the coach (never at rated tables)."""
    rated: bool | None = None
    """Ratings change at the end (accounts only)."""


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


class CreatedOut(Out):
    id: str
    url: str
    tokens: dict[str, str]
    links: dict[str, str]
    hotseat_link: str
    table: TableOut


class ClaimOut(Out):
    seat: int
    token: str
    link: str


class RematchOut(Out):
    id: str
    url: str
    tokens: dict[str, str]
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
