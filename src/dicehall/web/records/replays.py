"""Replays on the server: limits on uploaded records, bounded off-loop work, a cache.

Every replay is built in a worker thread, at most `replay_workers` at a time; when
`replay_queue` more are waiting, further requests get 503 `busy`. Finished tables' replays
never change, so they are kept (up to `replay_cache_bytes` in all, least recently used out).
Uploads are checked before any replay work: the signature (engine/signing.py), then the
record's size (actions, seats, names as at table creation), then its game parameters.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from fastapi import Request

from dicehall.core.errors import CorruptRecordError
from dicehall.engine.record import Record
from dicehall.engine.signing import Seal, seal_of, sign
from dicehall.web.config import Settings
from dicehall.web.errors import RequestError
from dicehall.web.hall import MAX_NAME, make_game
from dicehall.web.records.byte_cache import ByteCache
from dicehall.web.records.record_key import load_key
from dicehall.web.records.replay_build import of_finished, of_upload

T = TypeVar("T")
SEAT_KEYS = frozenset({"seat", "kind", "name", "bot", "level"})
MAX_SEATS = 8
MAX_TEXT = 64  # bot labels
TEXT_LIMITS = {"game": 32, "created": 64, "content_hash": 128}


class Replays:
    """The server's replay service: signing key, worker bound and cache."""

    def __init__(self, key: bytes, settings: Settings) -> None:
        self.key = key
        self.settings = settings
        self._pool = ThreadPoolExecutor(settings.replay_workers, thread_name_prefix="replay")
        self._jobs = 0  # submitted and not finished; counted on the event loop only
        self._cache = ByteCache(settings.replay_cache_bytes)

    def sign(self, record: Record) -> dict[str, Any]:
        return sign(record.to_json(), self.key)

    async def for_table(self, table_id: str, load: Callable[[], Record]) -> bytes:
        """A finished table's replay, from the cache or built once."""
        cached = self._cache.get(table_id)
        if cached is not None:
            return cached
        body = await self._off_loop(lambda: of_finished(load()))
        self._cache.put(table_id, body)
        return body

    async def for_upload(self, raw: bytes) -> bytes:
        """An uploaded record's replay; 422 saying what is wrong with a bad one."""
        return await self._off_loop(lambda: self._upload(raw))

    # --- internals ------------------------------------------------------------------
    async def _off_loop(self, work: Callable[[], T]) -> T:
        """Run `work` in the replay threads. A job counts until its thread is done with it,
        even when its client has gone, so hanging up cannot get more work running."""
        limit = self.settings.replay_workers + self.settings.replay_queue
        if self._jobs >= limit:
            raise RequestError(503, "busy", "the server is building other replays: try again")
        loop = asyncio.get_running_loop()
        job = self._pool.submit(work)
        self._jobs += 1
        job.add_done_callback(lambda _: _call_soon(loop, self._job_done))
        return await asyncio.wrap_future(job)

    def _job_done(self) -> None:
        self._jobs -= 1

    async def finished_upload(self, raw: bytes) -> Record:
        """An uploaded record checked as for a replay (422 saying what is wrong), and finished
        (409 `not_finished`: a review shows every secret)."""
        return await self._off_loop(lambda: self._finished(raw))

    def _finished(self, raw: bytes) -> Record:
        from dicehall.engine.record import final_state, game_of

        record, _ = self._checked(raw)
        try:
            over = game_of(record).is_terminal(final_state(record))
        except CorruptRecordError as exc:
            raise _corrupt(str(exc)) from None
        if not over:
            raise RequestError(409, "not_finished", "only a finished match can be reviewed")
        return record

    def _upload(self, raw: bytes) -> bytes:
        record, seal = self._checked(raw)
        try:
            return of_upload(record, seal.name.lower(), seal.value)
        except CorruptRecordError as exc:
            raise _corrupt(str(exc)) from None

    def _checked(self, raw: bytes) -> tuple[Record, Seal]:
        """An uploaded record read and checked: signature, sizes, then its game's parameters."""
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise _corrupt("not a dicehall record: not valid JSON, or nested too deep") from None
        if not isinstance(data, dict):
            raise _corrupt("not a dicehall record: expected a JSON object")
        try:
            seal = seal_of(data, self.key)
        except CorruptRecordError as exc:
            raise _corrupt(exc.reason) from None
        check_sizes(data, self.settings.max_record_actions)
        try:
            record = Record.from_json(data)
        except CorruptRecordError as exc:
            raise _corrupt(f"not a dicehall record: {exc}") from None
        try:  # same rules as a new table: a record may not name files on the server as content
            game = make_game(record.game, record.params)
        except RequestError as exc:
            raise _corrupt(exc.message) from None
        if record.seats and len(record.seats) != game.num_players:
            raise _corrupt(
                f"this game has {game.num_players} seats, the record lists {len(record.seats)}"
            )
        return record, seal


async def read_upload(request: Request, limit: int) -> bytes:
    """An upload's body, refused (413) as soon as it is longer than `limit` bytes."""
    declared = request.headers.get("content-length", "0")
    if not declared.isdigit() or int(declared) > limit:
        raise RequestError(413, "too_large", f"a record may have at most {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():  # stop reading as soon as it is too big
        body += chunk
        if len(body) > limit:
            raise RequestError(413, "too_large", f"a record may have at most {limit} bytes")
    return bytes(body)


def _call_soon(loop: asyncio.AbstractEventLoop, callback: Callable[[], None]) -> None:
    with contextlib.suppress(RuntimeError):  # the loop has closed: the server is stopping
        loop.call_soon_threadsafe(callback)


def _corrupt(message: str) -> RequestError:
    return RequestError(422, "corrupt_record", message)


def check_sizes(data: dict[str, Any], max_actions: int) -> None:
    """The limits of table creation, applied to a record before it is read further."""
    actions = data.get("actions")
    if isinstance(actions, list) and len(actions) > max_actions:
        raise _corrupt(
            f"a record may have at most {max_actions} actions, this one has {len(actions)}"
        )
    for name in ("game", "created", "content_hash"):
        value = data.get(name)
        if isinstance(value, str) and len(value) > max(
            MAX_TEXT, 128 if name == "content_hash" else 0
        ):
            raise _corrupt(f"{name} is too long")
    seats = data.get("seats", [])
    if not isinstance(seats, list) or len(seats) > MAX_SEATS:
        raise _corrupt(f"seats must be a list of at most {MAX_SEATS} objects")
    for index, seat in enumerate(seats):
        _check_seat(index, seat)


def _check_seat(index: int, seat: Any) -> None:
    where = f"seat {index + 1}"
    if not isinstance(seat, dict):
        raise _corrupt("seats must be a list of objects")
    unknown = set(seat) - SEAT_KEYS
    if unknown:
        raise _corrupt(f"{where}: unknown field {sorted(unknown)[0]!r}"[:120])
    if seat.get("kind") not in ("human", "bot"):
        raise _corrupt(f"{where}: kind must be human or bot")
    name = seat.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise _corrupt(f"{where}: a name has at most {MAX_NAME} characters (as at a new table)")
    for label in ("bot", "level"):
        value = seat.get(label)
        if value is not None and (not isinstance(value, str) or len(value) > MAX_TEXT):
            raise _corrupt(f"{where}: {label} must be a short text")
    number = seat.get("seat", index)
    if number != index or isinstance(number, bool):
        raise _corrupt(f"{where}: seat must be {index}")


def get_replays(request: Request) -> Replays:
    """The app's replay service (made on first use: loads or creates the signing key)."""
    state = request.app.state
    service: Replays | None = getattr(state, "replays", None)
    if service is None:
        settings: Settings = state.settings
        service = Replays(load_key(state.hall.store.url, settings.record_key), settings)
        state.replays = service
    return service


__all__ = ["Replays", "Seal", "check_sizes", "get_replays"]
