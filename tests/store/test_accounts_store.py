"""Accounts in the store, on SQLite and PostgreSQL: the 0002 migration over an existing
database, sessions, outcomes recorded once, and deletion that keeps matches anonymised."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import insert, inspect

from dicehall import games
from dicehall.engine import Match
from dicehall.store import Store, token_digest
from dicehall.store.accounts import FORMER_PLAYER, Accounts, NameTaken
from dicehall.store.models import actions, matches
from dicehall.store.repository import make_engine
from dicehall.store.standings import Award, Outcome, Standings
from tests.store.test_store import _row, postgres, store  # noqa: F401  (fixtures)

MIGRATIONS = Path(__file__).resolve().parents[2] / "src" / "dicehall" / "store" / "migrations"


def test_an_existing_database_gains_the_account_tables_and_keeps_its_matches(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    engine = make_engine(url)
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    match = Match(games.make("puru", players=2), 7)
    with engine.begin() as conn:  # a database made before accounts existed, with a match
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        conn.execute(insert(matches).values(**_row(match).__dict__))
        for i, entry in enumerate(match.log):
            conn.execute(insert(actions).values(match_id="m1", idx=i, seat=entry.seat,
                                                action=entry.action, t=entry.t))  # fmt: skip
    assert "accounts" not in inspect(engine).get_table_names()
    engine.dispose()
    upgraded = Store(url)
    assert {"accounts", "sessions", "match_players", "ratings", "achievements"} <= set(
        inspect(upgraded.engine).get_table_names()
    )
    assert upgraded.get("m1") is not None and upgraded.log("m1") == list(match.log)
    upgraded.close()


def test_names_are_unique_regardless_of_case(store: Store) -> None:  # noqa: F811
    accounts = Accounts(store)
    accounts.create("Ada", "$argon2id$hash")
    try:
        accounts.create("  ada ", "$argon2id$other")
    except NameTaken:
        pass
    else:
        raise AssertionError("a second Ada was made")
    found = accounts.by_name("ADA")
    assert found is not None and found[0].name == "Ada"


def test_sessions_expire(store: Store) -> None:  # noqa: F811
    accounts = Accounts(store)
    ada = accounts.create("Ada", "$argon2id$hash")
    accounts.open_session(ada.id, "live", "csrf", "9999-01-01T00:00:00+00:00")
    accounts.open_session(ada.id, "old", "csrf", "2000-01-01T00:00:00+00:00")
    assert accounts.session("live") == (ada, "csrf")
    assert accounts.session("old") is None
    accounts.close_session("live")
    assert accounts.session("live") is None


def test_outcomes_are_recorded_once_and_deletion_anonymises(store: Store) -> None:  # noqa: F811
    accounts, standings = Accounts(store), Standings(store)
    ada = accounts.create("Ada", "$argon2id$hash")
    match = Match(games.make("puru", players=2), 7)
    store.create_match(_row(match), {0: token_digest("t" * 20)}, list(match.log))
    assert standings.link("m1", 0, ada.id, "puru", True)
    assert not standings.link("m1", 0, "someone-else", "puru", True)
    standings.name_seat("m1", 0, "Ada")
    outcome = Outcome(0, 1, True, False, (27.0, 7.0), 0.0, 6.0)
    awards = [Award(ada.id, "finish_and_win")]
    assert standings.record_outcome("m1", "puru", "2026-01-01T00:00:00+00:00", [outcome], awards)
    assert not standings.record_outcome("m1", "puru", "2026-01-02", [outcome], awards)
    assert standings.rating(ada.id, "puru") == (27.0, 7.0)
    assert standings.per_game(ada.id)[0]["rating"]["games"] == 1  # counted once
    assert standings.results(ada.id, "puru") == [True]
    accounts.delete(ada.id)
    row = store.get("m1")
    assert (
        row is not None and row.seats[0]["name"] == FORMER_PLAYER and "account" not in row.seats[0]
    )
    assert standings.linked("m1") == {0: None}
    assert accounts.by_name("Ada") is None and standings.achievements(ada.id) == []
    assert standings.leaderboard("puru") == []
