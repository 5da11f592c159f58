"""`Store`: event-sourced match storage over SQLAlchemy (SQLite by default, PostgreSQL by URL).

A match is its creation row plus the append-only log of applied actions. Each append commits
before the server broadcasts it, so a restarted server rebuilds every match from the log.
Seat tokens are kept only as SHA-256 digests.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    create_engine,
    event,
    false,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.pool import StaticPool

from dicehall.core.errors import DicehallError
from dicehall.core.types import Result
from dicehall.engine.match import LogEntry
from dicehall.engine.record import Record
from dicehall.store.models import actions, matches, seat_tokens, turn_clocks

ENV_URL = "DICEHALL_DATABASE_URL"
LIVE = "live"
FINISHED = "finished"
EXPIRED = "expired"  # nobody joined or moved for too long: kept, watchable, no longer played
LOCK_WAIT_S = 0.5  # seconds a SQLite write waits for another process's lock


class StoreUnavailable(DicehallError):
    """The database refused a write (disk full, read-only, unreachable); nothing was saved."""


def default_url() -> str:
    """`DICEHALL_DATABASE_URL`, else a SQLite file in the user's data directory."""
    if os.environ.get(ENV_URL):
        return os.environ[ENV_URL]
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("dicehall", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'dicehall.db'}"


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def now_text() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


SECRET_OPTION = "secret_digest"
"""A private table's option holding the SHA-256 digest of its link's secret (web/tables/
secret.py): kept like a token, never in `MatchRow.public()`."""
PRIVATE_OPTIONS = frozenset({"friends_of", SECRET_OPTION})
"""Options the server keeps but never shows: a friends-only table's host account, a private
table's secret."""


@dataclass
class MatchRow:
    """One match's creation data and status (no tokens, no log)."""

    id: str
    game: str
    game_version: int
    params: dict[str, Any]
    content_hash: str
    seed: int
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    status: str
    result: dict[str, Any] | None
    num_actions: int
    created: str
    updated: str

    def public(self) -> dict[str, Any]:
        """What anyone may see: everything but the seed and the private options."""
        return {
            "id": self.id,
            "game": self.game,
            "params": self.params,
            "seats": self.seats,
            "options": {k: v for k, v in self.options.items() if k not in PRIVATE_OPTIONS},
            "status": self.status,
            "result": self.result,
            "num_actions": self.num_actions,
            "created": self.created,
            "updated": self.updated,
        }


def _action_rows(match_id: str, start: int, entries: list[LogEntry]) -> list[dict[str, Any]]:
    """The `actions` rows of a match's entries `start, start+1, ...`."""
    return [
        {"match_id": match_id, "idx": start + i, "seat": e.seat, "action": e.action, "t": e.t}
        for i, e in enumerate(entries)
    ]


# An append's statements, built once (`Store.append_many`): the SET clause is the columns the
# rows name (`num_actions` and `updated`, and `status` and `result` for a finished match).
_INSERT_ACTIONS = insert(actions)
_UPDATE_MATCH = update(matches).where(matches.c.id == bindparam("match_id"))


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        memory = url in ("sqlite://", "sqlite:///:memory:")
        engine = create_engine(
            url,
            # the server is the only writer and waits on the event loop: another process
            # holding the write lock makes a write fail in half a second (a clear error),
            # not freeze every table for sqlite's default five
            connect_args={"check_same_thread": False, "timeout": LOCK_WAIT_S},
            poolclass=StaticPool if memory else None,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


# Several server processes start at once on one PostgreSQL (`serve --workers N`): the first to
# take this transaction's advisory lock migrates, the others wait and find the schema current.
# Two 4-byte keys: apart from the tables' one-key ownership locks (`web/cluster/node.py`).
_MIGRATION_LOCK = text("SELECT pg_advisory_xact_lock(hashtext('dicehall'), hashtext('schema'))")


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (run at every start-up)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(_MIGRATION_LOCK)
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class Store:
    """Matches, seat token digests and action logs in one database."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine = make_engine(self.url)
        self._refused = False  # the last write was refused
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    # --- writing --------------------------------------------------------------------
    @contextlib.contextmanager
    def _writing(self) -> Iterator[Connection]:
        """One transaction; a refused write rolls back whole and raises `StoreUnavailable`."""
        if self._refused and not isinstance(self.engine.pool, StaticPool):
            # sessions opened while writes were refused may be read-only ones: start afresh
            self.engine.dispose()
        try:
            with self.engine.begin() as conn:
                yield conn
        except IntegrityError:
            raise  # a caller's bug (an index written twice), not the database's state
        except DBAPIError as exc:
            self._refused = True
            reason = str(exc.orig).strip().splitlines()[0] if exc.orig else type(exc).__name__
            raise StoreUnavailable(f"the database refused the write: {reason}") from exc
        self._refused = False

    def create_match(
        self, row: MatchRow, token_hashes: dict[int, str], log: list[LogEntry]
    ) -> None:
        """The creation row, its seats' token digests and any set-up actions, in one commit."""
        values = dict(row.__dict__)
        with self._writing() as conn:
            conn.execute(insert(matches).values(**values))
            for seat, digest in sorted(token_hashes.items()):
                conn.execute(
                    insert(seat_tokens).values(
                        match_id=row.id, seat=seat, token_hash=digest, claimed=False
                    )
                )
            if log:
                conn.execute(_INSERT_ACTIONS, _action_rows(row.id, 0, log))

    def append(
        self, match_id: str, start: int, entries: list[LogEntry], result: Result | None
    ) -> None:
        """Append log entries `start, start+1, ...`; a result marks the match finished."""
        self.append_many([(match_id, start, entries, result)])

    def append_many(self, appends: list[tuple[str, int, list[LogEntry], Result | None]]) -> None:
        """Several matches' `append`s in one transaction (one commit for them all), each kind of
        row in one statement executed for many rows: the statements are built once, so the
        writer spends its time in the database, not in building SQL (a 16-table batch took
        4.8 ms of CPU with a statement built per match, 1 ms with these)."""
        stamp = now_text()
        rows = [
            r
            for match_id, start, entries, _ in appends
            for r in _action_rows(match_id, start, entries)
        ]
        moved: list[dict[str, Any]] = []
        finished: list[dict[str, Any]] = []
        for match_id, start, entries, result in appends:
            match = {"match_id": match_id, "num_actions": start + len(entries), "updated": stamp}
            if result is None:
                moved.append(match)
            else:
                finished.append({**match, "status": FINISHED, "result": result.to_json()})
        with self._writing() as conn:
            for statement, values in (
                (_INSERT_ACTIONS, rows),
                (_UPDATE_MATCH, moved),
                (_UPDATE_MATCH, finished),
            ):
                if values:
                    conn.execute(statement, values)

    def claim_open(self, match_id: str, seat: int, digest: str) -> bool:
        """Give an unclaimed seat the token `digest`, in one statement: of several processes
        claiming the same seat at once, exactly one succeeds (False: it was taken)."""
        with self._writing() as conn:
            done = conn.execute(
                update(seat_tokens)
                .where(
                    seat_tokens.c.match_id == match_id,
                    seat_tokens.c.seat == seat,
                    seat_tokens.c.claimed.is_(False),
                )
                .values(token_hash=digest, claimed=True)
            )
            return bool(done.rowcount == 1)

    def mark_claimed(self, match_id: str, seat: int) -> None:
        with self._writing() as conn:
            conn.execute(
                update(seat_tokens)
                .where(seat_tokens.c.match_id == match_id, seat_tokens.c.seat == seat)
                .values(claimed=True)
            )

    def touch(self, match_ids: list[str]) -> None:
        """Mark live matches as visited now (people are seated there): they do not expire. A
        finished match keeps its time: when it ended (the lobby's "Finished matches" shows it)."""
        if match_ids:
            with self._writing() as conn:
                conn.execute(
                    update(matches)
                    .where(matches.c.id.in_(match_ids), matches.c.status == LIVE)
                    .values(updated=now_text())
                )

    def expire_idle(self, before: str, keep: list[str]) -> list[str]:
        """Live matches not updated since `before`, other than `keep` and turn-based ones
        (`store.turns`), become expired; returns their ids."""
        stale = (matches.c.status == LIVE) & (matches.c.updated < before)
        stale &= matches.c.id.not_in(select(turn_clocks.c.match_id))  # moved on by deadlines
        if keep:
            stale &= matches.c.id.not_in(keep)
        with self._writing() as conn:
            ids = [r.id for r in conn.execute(select(matches.c.id).where(stale))]
            if ids:
                conn.execute(update(matches).where(stale).values(status=EXPIRED))
        return ids

    # --- reading --------------------------------------------------------------------
    def get(self, match_id: str) -> MatchRow | None:
        with self.engine.connect() as conn:
            found = conn.execute(select(matches).where(matches.c.id == match_id)).first()
        return MatchRow(**found._asdict()) if found else None

    def list_matches(
        self, status: str | None = None, limit: int = 50, *, public_only: bool = False
    ) -> list[MatchRow]:
        """The newest matches first; `public_only` leaves out private ones in the query itself
        (so that many private tables never push the public ones past `limit`)."""
        query = select(matches).order_by(matches.c.updated.desc()).limit(limit)
        if status is not None:
            query = query.where(matches.c.status == status)
        if public_only:
            private = func.coalesce(matches.c.options["private"].as_boolean(), false())
            query = query.where(private.is_(false()))
        with self.engine.connect() as conn:
            return [MatchRow(**r._asdict()) for r in conn.execute(query)]

    @property
    def checkpoints(self) -> bool:
        """Whether `checkpoint` has work to do: a SQLite file (its write-ahead log)."""
        return self.engine.dialect.name == "sqlite" and not isinstance(self.engine.pool, StaticPool)

    def checkpoint(self) -> None:
        """Copy what the write-ahead log holds into the SQLite file, without waiting for or
        holding up any writer (a PASSIVE checkpoint). SQLite otherwise checkpoints inside the
        commit that grows the log past 1000 pages, copying them all and syncing the file while
        that commit waits (30 ms, and over 100 ms on a busy disk, for whichever move was being
        saved). Done often in the background (`web/lifecycle.py`), that commit finds little
        left to copy."""
        if self.checkpoints:
            with self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def count(self, status: str) -> int:
        with self.engine.connect() as conn:
            n = conn.execute(
                select(func.count()).select_from(matches).where(matches.c.status == status)
            ).scalar_one()
        return int(n)

    def tokens(self, match_id: str) -> dict[int, tuple[str, bool]]:
        """Seat -> (token digest, claimed) for the match's human seats."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(seat_tokens).where(seat_tokens.c.match_id == match_id))
            return {r.seat: (r.token_hash, bool(r.claimed)) for r in rows}

    def seat_of_token(self, match_id: str, token: str) -> int | None:
        """The seat whose token this is, compared in constant time; None if none."""
        digest = token_digest(token)
        found = None
        for seat, (stored, _) in self.tokens(match_id).items():
            if hmac.compare_digest(stored, digest):
                found = seat
        return found

    def log(self, match_id: str) -> list[LogEntry]:
        query = select(actions).where(actions.c.match_id == match_id).order_by(actions.c.idx)
        with self.engine.connect() as conn:
            return [
                LogEntry(m["seat"], m["action"], m["t"])
                for m in (r._mapping for r in conn.execute(query))
            ]

    def record(self, match_id: str) -> Record | None:
        """The match as a record (`dicehall verify` accepts it); None if unknown."""
        row = self.get(match_id)
        if row is None:
            return None
        return Record(
            game=row.game,
            params=dict(row.params),
            seed=row.seed,
            actions=self.log(match_id),
            content_hash=row.content_hash,
            game_version=row.game_version,
            seats=list(row.seats),
            result=Result.from_json(row.result) if row.result else None,
            created=row.created,
        )
