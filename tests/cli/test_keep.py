"""`dicehall backup`, `restore` and `export`: what they refuse, each with one clear line and
exit code 2, changing nothing (the running-server scenario is tests/web/test_backup.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from dicehall.store import LIVE, MatchRow, Store, now_text
from tests.cli.helpers import run


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'dicehall.sqlite'}"
    Store(url).close()  # a migrated, empty database
    return url


def _refused(args: list[str], words: str) -> None:
    result = run(args)
    assert result.exit_code == 2, result.output
    assert words in " ".join(result.output.split()), result.output
    assert "Traceback" not in result.output


def test_a_file_that_is_not_a_backup_is_refused(tmp_path: Path, db: str) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"hello, not a database")
    _refused(["restore", str(junk), "--db", db], "is not a dicehall backup")


def test_a_sqlite_file_that_is_not_a_dicehall_database_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE notes (x)")
    conn.close()
    target = f"sqlite:///{tmp_path / 'new.sqlite'}"
    _refused(["restore", str(other), "--db", target], "not a dicehall database")
    assert not (tmp_path / "new.sqlite").exists()


def test_a_backup_restores_only_into_its_kind_of_database(tmp_path: Path, db: str) -> None:
    backup = tmp_path / "b.sqlite"
    assert run(["backup", str(backup), "--db", db]).exit_code == 0
    _refused(["restore", str(backup), "--db", "postgresql+psycopg://nobody@127.0.0.1:1/x"],
             "is a sqlite backup")  # fmt: skip


def _match(match_id: str) -> MatchRow:
    return MatchRow(
        id=match_id, game="puru", game_version=1, params={}, content_hash="", seed=1, seats=[],
        options={}, status=LIVE, result=None, num_actions=0, created=now_text(),
        updated=now_text(),
    )  # fmt: skip


def test_a_database_in_use_is_replaced_only_with_force(tmp_path: Path, db: str) -> None:
    store = Store(db)
    store.create_match(_match("kept"), {}, [])
    store.close()
    backup = tmp_path / "b.sqlite"
    assert run(["backup", str(backup), "--db", db]).exit_code == 0
    fresh = f"sqlite:///{tmp_path / 'fresh.sqlite'}"
    Store(fresh).close()  # migrated, no rows: not in use, so no --force is needed
    assert run(["restore", str(backup), "--db", fresh]).exit_code == 0
    other = f"sqlite:///{tmp_path / 'other.sqlite'}"
    store = Store(other)
    store.create_match(_match("theirs"), {}, [])
    store.close()
    _refused(["restore", str(backup), "--db", other], "is not empty (1 row)")
    store = Store(other)
    assert store.get("theirs") is not None and store.get("kept") is None  # unchanged
    store.close()
    assert run(["restore", str(backup), "--db", other, "--force"]).exit_code == 0
    store = Store(other)
    assert store.get("theirs") is None and store.get("kept") is not None  # replaced
    store.close()


def test_backup_names_a_file_and_a_database_that_exists(tmp_path: Path, db: str) -> None:
    _refused(["backup", str(tmp_path), "--db", db], "is a folder")
    missing = f"sqlite:///{tmp_path / 'missing.sqlite'}"
    _refused(["backup", str(tmp_path / "b"), "--db", missing], "there is no database")
    assert not (tmp_path / "b").exists()


def test_export_knows_its_formats_and_needs_the_servers_key(
    tmp_path: Path, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DICEHALL_RECORD_KEY", raising=False)
    _refused(["export", "--format", "csv", "--db", db], "unknown --format 'csv'")
    _refused(["export", "--db", db], "no record key")
    short = tmp_path / "short-key"
    short.write_text("abc")
    _refused(["export", "--db", db, "--key-file", str(short)], "too short")
