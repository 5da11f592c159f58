"""The REST API: games, tables (create, list, claim a seat), records and replays."""

from __future__ import annotations

import asyncio
import re
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field, StrictBool, StrictInt, StringConstraints

from dicehall import games
from dicehall.bots import LOBBY, labels_for, levels_for
from dicehall.core.types import GameSpec
from dicehall.engine.record import Record
from dicehall.store import FINISHED, MatchRow
from dicehall.web.accounts.friend_tables import check_friend_seat
from dicehall.web.accounts.seat_accounts import unrated_reason
from dicehall.web.accounts.sessions import request_account
from dicehall.web.errors import RequestError
from dicehall.web.hall import Hall, make_game, playable
from dicehall.web.protection.guard import client_key
from dicehall.web.records.replays import Replays, get_replays, read_upload
from dicehall.web.rematch import rematch
from dicehall.web.schemas import (
    ERRORS,
    CheckOut,
    ClaimOut,
    CreatedOut,
    GameOut,
    Health,
    RematchOut,
    TableOut,
)
from dicehall.web.series import totals_after
from dicehall.web.tables.seats import open_seats
from dicehall.web.tables.secret import MAX_SECRET, admits, needs_secret, with_secret
from dicehall.web.workers.prepare import lobby_status

router = APIRouter(prefix="/api", responses=ERRORS)


ParamName = Annotated[str, StringConstraints(max_length=32)]
ParamValue = Annotated[str, StringConstraints(max_length=64)] | StrictBool | StrictInt | None
Params = Annotated[dict[ParamName, ParamValue], Field(max_length=16)]
"""Game parameters: a few short values (each game then checks its own, see `make_game`)."""


class SeatIn(BaseModel):
    kind: Literal["human", "bot"]
    level: str | None = Field(default=None, max_length=32)
    name: str = Field(default="", max_length=24)
    open: StrictBool = False  # a person's seat anyone may take from the lobby (not invited)


class TurnIn(BaseModel):
    """A turn-based table: the time per move and what happens when it runs out."""

    move_seconds: StrictInt = Field(ge=1, le=3 * 24 * 3600)  # from 1 hour (Settings) to 3 days
    on_timeout: Literal["bot", "end"] = "bot"  # a bot moves for them, or their game ends


class TableIn(BaseModel):
    game: str = Field(max_length=32)
    params: Params = Field(default_factory=dict)
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    mode: Literal["online", "hotseat"] = "online"
    private: StrictBool = False  # not listed in the lobby: only people with the link find it
    coach: StrictBool = False  # seats may ask the coach (web/coach.py); never at rated tables
    rated: StrictBool = False  # ratings change: accounts only, online (accounts/seat_accounts.py)
    room: StrictBool = False  # wait for everyone in a waiting room (web/gathering.py)
    series: StrictInt | None = None  # games in a series with a running total (web/series.py)
    series_count: Literal["points", "wins"] = "points"
    friends_only: StrictBool = False  # only the host's friends take open seats (friend_tables)
    turn_based: TurnIn | None = None  # a time per move instead of the live pace (tables/turns)


class ParamsIn(BaseModel):
    params: Params = Field(default_factory=dict)
    # the bot levels of the table being made: the answer then says whether it can be rated
    levels: list[Annotated[str, StringConstraints(max_length=32)]] | None = Field(
        default=None, max_length=8
    )


class ClaimIn(BaseModel):
    seat: StrictInt
    secret: str | None = Field(default=None, max_length=MAX_SECRET)  # a private table's


class RematchIn(BaseModel):
    tokens: list[Annotated[str, StringConstraints(max_length=128)]] = Field(max_length=8)


def get_hall(request: Request) -> Hall:
    hall: Hall = request.app.state.hall
    return hall


HallDep = Annotated[Hall, Depends(get_hall)]
ReplaysDep = Annotated[Replays, Depends(get_replays)]


def spec_json(spec: GameSpec) -> dict[str, Any]:
    return {
        "id": spec.id,
        "name": spec.name,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "variants": list(spec.variants),
        "real_time": spec.real_time,
        "hidden_information": spec.hidden_information,
        "summary": spec.summary,
        "designers": spec.designers,
        "levels": list(levels_for(spec.id)),
        "level_names": {level: name for name, level in LOBBY.items()},
        "level_labels": labels_for(spec.id),
        "level_status": lobby_status(spec.id),
        "params": [
            {
                "name": p.name,
                "kind": p.kind.__name__,
                "default": p.default,
                "help": p.help,
                "choices": list(p.choices),
                "minimum": p.minimum,
                "maximum": p.maximum,
            }
            for p in spec.params
        ],
    }


@router.get("/health", response_model=Health)
def health() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/games", response_model=list[GameOut])
def list_games() -> list[dict[str, Any]]:
    """Every installed game with its parameters and bot levels."""
    return [spec_json(games.spec(g)) for g in playable()]


@router.post("/games/{game_id}/check", response_model=CheckOut)
def check_params(game_id: str, body: ParamsIn) -> dict[str, Any]:
    """Resolve parameters: the seat count and the full parameter set, or a 422 saying why;
    with the table's bot `levels`, also why such a table cannot be rated (`unrated`, the
    lobby's note beside its *Rated* box)."""
    game = make_game(game_id, body.params)
    answer: dict[str, Any] = {"players": game.num_players, "params": game.params}
    if body.levels is not None:
        refused = unrated_reason(game, body.levels)
        answer["unrated"] = refused[1] if refused else None
    return answer


def _table_json(hall: Hall, row: MatchRow) -> dict[str, Any]:
    out = row.public()
    series = row.options.get("series")
    if series is not None and row.result is not None:  # the running total with this game's
        out["series_totals"] = totals_after(series, row.result)
    table = hall.tables.get(row.id)
    if table is not None:
        out["seats"] = table.seats_json()
        out["open_seats"] = open_seats(table)
        out["watchers"] = sum(1 for c in table.presence.conns if not c.seats)
    return out


@router.get("/tables", response_model=list[TableOut], response_model_exclude_unset=True)
async def list_tables(
    hall: HallDep, status: Literal["live", "finished"] = "live", limit: int = 50
) -> list[dict[str, Any]]:
    """Tables being played (with their open seats) or finished ones, newest first. A live
    table nobody is at is listed for `DICEHALL_LISTED_IDLE` seconds after it last changed."""
    rows = await asyncio.to_thread(
        hall.store.list_matches, status, limit=max(1, min(limit, 200)), public_only=True
    )
    listed = [_table_json(hall, r) for r in rows]
    if status == "live":  # "Open tables": a table nobody is at leaves it once idle long enough
        since = datetime.now(UTC) - timedelta(seconds=hall.settings.listed_idle)
        listed = [t for t in listed if _someone_there(t) or _changed_since(t, since)]
    return listed


def _someone_there(table: dict[str, Any]) -> bool:
    seats = table.get("seats", [])
    people = any(s.get("kind") == "human" and s.get("connected") for s in seats)
    return people or bool(table.get("watchers"))


def _changed_since(table: dict[str, Any], since: datetime) -> bool:
    return datetime.fromisoformat(str(table["updated"])) >= since


@router.post(
    "/tables", status_code=201, response_model=CreatedOut, response_model_exclude_unset=True
)
async def create_table(hall: HallDep, body: TableIn, request: Request) -> dict[str, Any]:
    """A new table. The answer holds each human seat's token: share each with its player."""
    made = await hall.create_with_secret(body.model_dump(), request_account(request))
    table, tokens, secret = made
    base = f"/table/{table.id}"
    answer = {
        "id": table.id,
        "url": with_secret(base, secret),  # a private table's: its secret in the fragment
        "tokens": {str(s): t for s, t in tokens.items()},
        "links": {str(s): with_secret(f"{base}#seat={s}&token={t}", secret)
                  for s, t in tokens.items()},
        "hotseat_link": with_secret(f"{base}#tokens={','.join(tokens.values())}", secret),
        "table": _table_json(hall, table.row),
    }  # fmt: skip
    if secret:
        answer["secret"] = secret
    return answer


TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""Table ids are `secrets.token_urlsafe` text; anything else (NUL, `..`, `/`) is unknown."""


def valid_table_id(table_id: str) -> bool:
    return TABLE_ID.fullmatch(table_id) is not None


def _row(hall: Hall, table_id: str) -> MatchRow:
    row = hall.store.get(table_id) if valid_table_id(table_id) else None
    if row is None:
        raise RequestError(404, "unknown_table", "there is no table with that id")
    return row


@router.get("/tables/{table_id}", response_model=TableOut, response_model_exclude_unset=True)
async def get_table(
    hall: HallDep,
    table_id: str,
    x_table_secret: Annotated[str | None, Header(max_length=MAX_SECRET)] = None,
) -> dict[str, Any]:
    """A table's details; a private table's only with its secret (`X-Table-Secret`, from its
    link), else 404 as for an unknown id."""
    row = await asyncio.to_thread(_row, hall, table_id)
    if not admits(row, x_table_secret):
        raise RequestError(404, "unknown_table", "there is no table with that id")
    return _table_json(hall, row)


@router.post("/tables/{table_id}/claim", response_model=ClaimOut)
async def claim_seat(
    hall: HallDep, table_id: str, body: ClaimIn, request: Request
) -> dict[str, Any]:
    """Take a free human seat; the answer holds its token (keep it to come back). A private
    table's seat needs the table's secret (`secret`, from its link); at a friends-only table,
    only the host and the host's friends may (403 `friends_only`)."""
    await asyncio.to_thread(_row, hall, table_id)
    table = await hall.get(table_id)
    assert table is not None
    if not admits(table.row, body.secret):  # before anything else is said
        raise RequestError(404, "unknown_table", "there is no table with that id")
    friends = request.app.state.friend_desk.friends
    await check_friend_seat(friends, table.row.options, request_account(request))
    token = await hall.claim(table, body.seat, body.secret)
    secret = body.secret if needs_secret(table.row) and body.secret else ""
    link = with_secret(f"/table/{table_id}#seat={body.seat}&token={token}", secret)
    return {"seat": body.seat, "token": token, "link": link}


@router.post("/tables/{table_id}/rematch", response_model=RematchOut)
async def ask_rematch(
    hall: HallDep, table_id: str, body: RematchIn, request: Request
) -> dict[str, Any]:
    """Play again with the same people and settings, seats rotated (`web.rematch`): the new
    table and the caller's seats there, against their seat tokens at this finished table (or,
    with no tokens, the seats the signed-in account held there)."""
    await asyncio.to_thread(_row, hall, table_id)
    table = await hall.get(table_id)
    assert table is not None
    guards, key = request.app.state.guards, get_replays(request).key
    client = client_key(request.scope)
    return await rematch(hall, guards, client, table, body.tokens, key, request_account(request))


def _finished_record(hall: Hall, table_id: str) -> Record:
    row = _row(hall, table_id)
    if row.status != FINISHED:
        raise RequestError(409, "not_finished", "the record is available when the match ends")
    record = hall.store.record(table_id)
    assert record is not None
    return record


@router.get("/tables/{table_id}/record")
def download_record(hall: HallDep, replays: ReplaysDep, table_id: str) -> JSONResponse:
    """The finished match's record, signed by this server, as `dicehall verify` reads it."""
    record = _finished_record(hall, table_id)
    name = f"dicehall-{record.game}-{table_id}.json"
    return JSONResponse(
        replays.sign(record), headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@router.get("/tables/{table_id}/replay")
async def table_replay(hall: HallDep, replays: ReplaysDep, table_id: str) -> Response:
    """Every step of a finished match as spectators saw it (web/records/replay_build.py's shape)."""
    if (await asyncio.to_thread(_row, hall, table_id)).status != FINISHED:  # 404 / 409 first
        raise RequestError(409, "not_finished", "the replay is available when the match ends")
    body = await replays.for_table(table_id, lambda: _finished_record(hall, table_id))
    return Response(body, media_type="application/json")


RECORD_BODY = {
    "requestBody": {
        "required": True,
        "content": {"application/json": {"schema": {"type": "object"}}},
    }
}


@router.post("/replays", openapi_extra=RECORD_BODY)
async def upload_replay(request: Request, replays: ReplaysDep) -> Response:
    """View an uploaded record: it is verified first; a corrupt one is refused with the reason."""
    body = await read_upload(request, request.app.state.settings.max_upload)
    return Response(await replays.for_upload(body), media_type="application/json")
