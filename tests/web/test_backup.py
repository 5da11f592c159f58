"""`dicehall backup` of a running `dicehall serve` mid-game, `restore` into a new database,
`export --format jsonl` of the restored records and `dicehall verify` of every line.

On SQLite and on PostgreSQL: while one table is being played (its bots moving between the
person's moves) and another has finished, the backup is taken; the restored database holds
the finished table's record, signed with the server's key and verified from its seed, and the
live table as far as it had gone. A restore refuses a database that is not empty unless
--force.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from dicehall.store import FINISHED, LIVE, Store
from tests.cli.helpers import run
from tests.store.postgres import create_database, postgres_server
from tests.web.helpers import Client, Server

KEY = "backup-test-record-key-" + "k" * 20
HUMAN = {"kind": "human"}
GREEDY = {"kind": "bot", "level": "greedy"}
RANDOM = {"kind": "bot", "level": "random"}


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with postgres_server() as url:
        yield url


def _serve(tmp_path: Path, url: str) -> Server:
    """`dicehall serve` itself (the installed command's module), signing with `KEY`."""
    srv = Server(tmp_path / "unused", tmp_path / "server.log", env={"DICEHALL_RECORD_KEY": KEY})
    srv.db_url = url
    srv.command = [sys.executable, "-m", "dicehall", "serve"]
    srv.start(timeout=120)
    return srv


MOVES = 4  # the person's moves: the table writes during the backup and stays far from its end


def _keep_playing(client: Client, seat: int, stop: threading.Event) -> None:
    """The person moves whenever it is their turn (the bots answer), until told to stop or
    `MOVES` moves in: on a slow machine an unbounded player could end the game before the
    backup reads it, and the test needs a table still live."""
    moves = 0
    while not stop.is_set() and not client.state.get("over") and moves < MOVES:
        if client.my_turn(seat):
            client.act(seat, client.panel(seat)["legal"][0]["action"])  # spends no Jelly
            moves += 1
        else:
            with contextlib.suppress(TimeoutError):
                client.wait(lambda m: m["type"] == "update", timeout=0.2)


def _log(url: str, match_id: str) -> list[Any]:
    store = Store(url)
    try:
        return list(store.log(match_id))
    finally:
        store.close()


def _backup_mid_game(tmp_path: Path, url: str, new_url: str, wipe: Callable[[], None]) -> None:
    srv = _serve(tmp_path, url)
    stop = threading.Event()
    try:
        done = srv.create("puru", [HUMAN, RANDOM])
        finished = Client(srv, done["id"], [done["tokens"]["0"]])
        finished.play_until_over([0])
        live = srv.create("purrramid", [HUMAN, GREEDY])  # cannot end in a few of its moves
        player = Client(srv, live["id"], [live["tokens"]["0"]])
        mover = threading.Thread(target=_keep_playing, args=(player, 0, stop))
        mover.start()
        for _ in range(400):  # a few moves in (20 s at most)
            if len(player.log) >= 4:
                break
            stop.wait(0.05)
        backup = tmp_path / "dicehall.backup"
        made = run(["backup", str(backup), "--db", url])
        assert made.exit_code == 0, made.output
        stop.set()
        mover.join(30)
        original = _log(url, live["id"])
    finally:
        stop.set()
        srv.stop()

    wipe()
    restored = run(["restore", str(backup), "--db", new_url])
    assert restored.exit_code == 0, restored.output
    again = run(["restore", str(backup), "--db", new_url])
    assert again.exit_code == 2
    assert "is not empty" in again.output and "--force" in again.output
    forced = run(["restore", str(backup), "--db", new_url, "--force"])
    assert forced.exit_code == 0, forced.output

    store = Store(new_url)
    try:
        finished_row = store.get(done["id"])
        assert finished_row is not None and finished_row.status == FINISHED
        row = store.get(live["id"])
        assert row is not None and row.status == LIVE  # mid-game, as backed up
        kept = store.log(live["id"])
        assert 0 < len(kept) <= len(original)
        assert kept == original[: len(kept)]  # a prefix of the log: one consistent moment
    finally:
        store.close()

    exported = tmp_path / "records.jsonl"
    key_file = tmp_path / "record-key"
    key_file.write_text(KEY)
    out = run(["export", "--format", "jsonl", "--db", new_url, "--out", str(exported),
               "--key-file", str(key_file)])  # fmt: skip
    assert out.exit_code == 0, out.output
    lines = exported.read_text().splitlines()
    assert len(lines) == 1  # the finished table (the live one is not a record yet)
    for i, line in enumerate(lines):
        assert json.loads(line)["signature"]
        record = tmp_path / f"record-{i}.json"
        record.write_text(line)
        verified = run(["verify", str(record), "--key-file", str(key_file)])
        assert verified.exit_code == 0, verified.output
        assert "signature OK" in verified.output and "OK:" in verified.output


def test_a_sqlite_server_is_backed_up_mid_game_restored_and_every_record_verifies(
    tmp_path: Path,
) -> None:
    new = tmp_path / "restored.sqlite"
    _backup_mid_game(tmp_path, f"sqlite:///{tmp_path / 'live.sqlite'}", f"sqlite:///{new}",
                     lambda: new.unlink(missing_ok=True))  # fmt: skip


def test_a_postgresql_server_is_backed_up_mid_game_restored_and_every_record_verifies(
    tmp_path: Path, postgres: str
) -> None:
    url = create_database(postgres, "live")
    new_url = create_database(postgres, "restored")
    _backup_mid_game(tmp_path, url, new_url, lambda: None)
