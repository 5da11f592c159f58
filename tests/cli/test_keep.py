"""`dicehall backup`, `restore` and `export`: what they refuse, each with one clear line and
exit code 2, changing nothing (the running-server scenario is tests/web/test_backup.py)."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from pathlib import Path

import pytest

from dicehall import games
from dicehall.bots.base import RandomBot
from dicehall.engine.match import Match
from dicehall.store import LIVE, MatchRow, Store, finished, now_text
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


def _finished(store: Store, match_id: str, seed: int, created: str) -> None:
    game = games.make("puru", players=2)
    match = Match(game, seed, bots={0: RandomBot(game, 0), 1: RandomBot(game, 1)})
    row = dataclasses.replace(_match(match_id), params=dict(game.params), seed=seed,
                              content_hash=game.content_hash, created=created,
                              game_version=game.spec.version)  # fmt: skip
    store.create_match(row, {}, list(match.log))
    while not match.is_over:
        start = len(match.log)
        match.play_bot(match.bots_to_act()[0])
        store.append(match_id, start, match.log[start:], match.result())


def test_export_writes_each_finished_record_signed_one_a_line(
    tmp_path: Path, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(finished, "PAGE", 1)  # the ids are read in pages: several here
    store = Store(db)
    _finished(store, "later", 2, "2026-01-02T00:00:00+00:00")
    _finished(store, "first", 1, "2026-01-01T00:00:00+00:00")
    store.create_match(_match("unfinished"), {}, [])
    store.close()
    key = tmp_path / "key"
    key.write_text("k" * 40)
    out = run(["export", "--db", db, "--key-file", str(key)])
    assert out.exit_code == 0, out.output
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    assert [x["seed"] for x in lines] == [1, 2]  # oldest first; the live table is no record
    record = tmp_path / "r.json"
    record.write_text(json.dumps(lines[0]))
    checked = run(["verify", str(record), "--key-file", str(key)])
    assert checked.exit_code == 0 and "signature OK" in checked.output, checked.output
    other = tmp_path / "other-key"
    other.write_text("o" * 40)
    assert (
        "signed with another key" in run(["verify", str(record), "--key-file", str(other)]).output
    )
