"""The store: migrations, event-sourced appends, records that verify, token digests."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import inspect
from sqlalchemy.exc import IntegrityError

from dicehall import games
from dicehall.bots.base import RandomBot
from dicehall.engine import Match, Record, verify
from dicehall.store import (
    FINISHED,
    LIVE,
    MatchRow,
    Store,
    StoreUnavailable,
    now_text,
    token_digest,
)
from dicehall.store.models import metadata
from tests.store.postgres import create_database, postgres_server

_database_numbers = itertools.count()


def _row(match: Match, match_id: str = "m1") -> MatchRow:
    now = now_text()
    return MatchRow(
        id=match_id,
        game=match.game.id,
        game_version=match.game.spec.version,
        params=dict(match.game.params),
        content_hash=match.game.content_hash,
        seed=match.seed,
        seats=[{"seat": s, "kind": "human", "name": f"P{s}"} for s in range(2)],
        options={"mode": "online"},
        status=LIVE,
        result=None,
        num_actions=len(match.log),
        created=now,
        updated=now,
    )


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """The same tests against the embedded SQLite store and a real PostgreSQL server."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    else:
        server = request.getfixturevalue("postgres")
        url = create_database(server, f"t_{next(_database_numbers)}")
    opened = Store(url)
    yield opened
    opened.close()


def test_migrations_build_the_models_schema(store: Store) -> None:
    inspector = inspect(store.engine)
    for table in metadata.tables.values():
        columns = {c["name"] for c in inspector.get_columns(table.name)}
        assert columns == {c.name for c in table.columns}
    assert "alembic_version" in inspector.get_table_names()


def test_migrating_twice_is_harmless(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    Store(url).close()
    again = Store(url)
    assert again.count(LIVE) == 0


def test_event_sourced_log_rebuilds_a_finished_match_that_verifies(store: Store) -> None:
    game = games.make("puru", players=2)
    match = Match(game, 1234, bots={0: RandomBot(game, 0), 1: RandomBot(game, 1)})
    store.create_match(_row(match), {0: token_digest("a" * 20)}, list(match.log))
    while not match.is_over:
        start = len(match.log)
        match.play_bot(match.bots_to_act()[0])
        store.append("m1", start, match.log[start:], match.result())
    row = store.get("m1")
    assert row is not None and row.status == FINISHED and row.num_actions == len(match.log)
    record = store.record("m1")
    assert record is not None
    assert verify(Record.from_json(record.to_json())) == match.result()
    assert store.list_matches(FINISHED)[0].id == "m1"


def test_one_commit_saves_several_matches_moves_and_finishes_the_finished_one(
    store: Store,
) -> None:
    """`append_many` (the server's group commit): each match gets its own entries and count,
    and only the one whose result is given is finished, with that result."""
    game = games.make("puru", players=2)
    bots = {0: RandomBot(game, 0), 1: RandomBot(game, 1)}
    done, playing = Match(game, 11, bots=bots), Match(game, 12, bots=bots)
    store.create_match(_row(done, "done"), {}, list(done.log))
    store.create_match(_row(playing, "playing"), {}, list(playing.log))
    saved = {"done": len(done.log), "playing": len(playing.log)}
    while not done.is_over:
        done.play_bot(done.bots_to_act()[0])
    for _ in range(3):
        playing.play_bot(playing.bots_to_act()[0])
    store.append_many(
        [
            ("playing", saved["playing"], playing.log[saved["playing"] :], None),
            ("done", saved["done"], done.log[saved["done"] :], done.result()),
        ]
    )
    finished, live = store.get("done"), store.get("playing")
    assert finished is not None and live is not None
    assert (finished.status, finished.num_actions) == (FINISHED, len(done.log))
    assert finished.result == done.result().to_json()
    assert (live.status, live.num_actions, live.result) == (LIVE, len(playing.log), None)
    assert store.log("done") == done.log and store.log("playing") == playing.log


def test_an_index_is_written_once(store: Store) -> None:
    game = games.make("puru", players=2)
    match = Match(game, 7)
    store.create_match(_row(match), {}, list(match.log))
    with pytest.raises(IntegrityError):
        store.append("m1", 0, match.log[:1], None)
    assert store.log("m1") == match.log


@given(st.text(min_size=1, max_size=40))
def test_only_the_right_token_opens_a_seat(guess: str) -> None:
    store = Store("sqlite://")
    game = games.make("puru", players=2)
    match = Match(game, 3)
    store.create_match(
        _row(match), {0: token_digest("right-token-0"), 1: token_digest("t1")}, list(match.log)
    )
    assert store.seat_of_token("m1", "right-token-0") == 0
    assert store.seat_of_token("m1", guess) == {"right-token-0": 0, "t1": 1}.get(guess)
    assert all("right-token" not in h for h, _ in store.tokens("m1").values())
    store.close()


def test_seed_is_not_public(store: Store) -> None:
    game = games.make("puru", players=2)
    match = Match(game, 99)
    store.create_match(_row(match), {}, list(match.log))
    row = store.get("m1")
    assert row is not None and "seed" not in row.public()


def test_default_url_from_environment_or_user_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from dicehall.store import ENV_URL, default_url

    monkeypatch.setenv(ENV_URL, "postgresql+psycopg://u@db/dicehall")
    assert default_url() == "postgresql+psycopg://u@db/dicehall"
    monkeypatch.delenv(ENV_URL)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = default_url()
    assert url.startswith("sqlite:///") and url.endswith("dicehall.db")
    assert str(tmp_path) in url


def _refusing(store: Store, on: bool) -> Store:
    """A store on the same database that refuses writes (`on`), or `store` writing again.

    SQLite: a read-only connection (root ignores file modes). PostgreSQL: the database is
    made read-only for new sessions, as after a fail-over to a replica."""
    if store.url.startswith("sqlite"):
        path = store.url.removeprefix("sqlite:///")
        return Store(f"sqlite:///file:{path}?mode=ro&uri=true") if on else store
    import psycopg

    server, name = store.url.replace("+psycopg", "").rsplit("/", 1)
    setting = "SET default_transaction_read_only = on" if on else "RESET ALL"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f'ALTER DATABASE "{name}" {setting}')
    if on:
        store.engine.dispose()  # sessions start again, read-only
    return store


def test_a_refused_write_is_a_clear_error_saves_nothing_and_writing_resumes(store: Store) -> None:
    game = games.make("puru", players=2)
    match = Match(game, 5)
    store.create_match(_row(match), {0: token_digest("t" * 20)}, list(match.log))
    start = len(match.log)
    seat = match.actors()[0]
    match.submit(seat, match.legal_actions(seat)[0])
    refusing = _refusing(store, True)
    with pytest.raises(StoreUnavailable, match=r"refused the write: .*read"):
        refusing.append("m1", start, match.log[start:], None)
    with pytest.raises(StoreUnavailable):
        refusing.mark_claimed("m1", 0)
    assert refusing.log("m1") == match.log[:start]  # reading still works
    if refusing is not store:
        refusing.close()
    writing = _refusing(store, False)
    assert writing is store  # the same store object writes again (no stale read-only session)
    store.append("m1", start, match.log[start:], None)
    store.mark_claimed("m1", 0)
    assert store.log("m1") == match.log and store.tokens("m1")[0][1] is True
