"""Wrong seat tokens sent together are counted before they are checked, and other people's
wrong guesses never lock out a seat's right token.

The attacks: one address with 100 concurrent wrong-token hellos had 583 tokens checked in
20 s against a budget of about 20 (the budget was looked at, then the token checked, then the
budget spent); the same race spent a table's budget from one address, and the rightful player's
22 reconnects with the right token were all refused `rate_limited`. docs/security.md.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.helpers import Server
from tests.web.test_slow_clients import hello

HUMAN = {"kind": "human"}


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[Server]:
    env = {
        "DICEHALL_BAD_TOKEN_BURST": "5",
        "DICEHALL_BAD_TOKEN_RATE": "0.01",
        "DICEHALL_TABLE_BAD_TOKEN_BURST": "8",
        "DICEHALL_TABLE_BAD_TOKEN_RATE": "0.01",
    }
    srv = Server(tmp_path / "dicehall.db", tmp_path / "server.log", env=env)
    srv.start()
    yield srv
    srv.kill()


def test_concurrent_wrong_tokens_from_one_address_spend_its_budget_first(guarded: Server) -> None:
    table = guarded.create("puru", [HUMAN, HUMAN])["id"]
    gate = threading.Barrier(30)
    answers: Counter[str] = Counter()

    def guess(i: int) -> None:
        gate.wait()
        answers[hello(guarded, table, [f"race-{i:04d}-" + "x" * 24], "127.0.0.1")[0]] += 1

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == {"bad_token": 5, "rate_limited": 25}


def test_a_right_token_is_never_locked_out_by_others_wrong_guesses(guarded: Server) -> None:
    made = guarded.create("puru", [HUMAN, HUMAN])
    table, right = made["id"], made["tokens"]["0"]
    wrong = [
        hello(guarded, table, [f"guess-{i:04d}-" + "y" * 24], f"127.0.0.{2 + i // 4}")[0]
        for i in range(12)
    ]
    assert wrong[:8] == ["bad_token"] * 8 and wrong[8:] == ["rate_limited"] * 4  # table spent
    for _ in range(3):  # the rightful player reconnects, from a fresh address, again and again
        assert hello(guarded, table, [right], "127.0.0.20") == ("welcome", None)
