"""A bounded loopback load test: many tables, people and watchers at once (tests/web/load.py).

It reports figures (tables, websocket clients, actions/s, action round trip percentiles) to the
terminal and to `test-artifacts/tmp/load.json`, and asserts only that everything kept working:
no errors, every action answered with an ack, the server up. Times are never asserted; the
ramp that finds where round trips degrade is `python -m tests.web.load`.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from pathlib import Path

import pytest

from tests.web.helpers import Server
from tests.web.load import LINEUP, Step, run_step
from tests.web.load_person import Person, PersonTally

TABLES = int(os.environ.get("DICEHALL_LOAD_TABLES", "16"))
SECONDS = float(os.environ.get("DICEHALL_LOAD_SECONDS", "8"))
REPORT = Path(__file__).resolve().parents[2] / "test-artifacts" / "tmp" / "load.json"


@pytest.mark.slow
def test_load_many_tables_and_clients(tmp_path: Path) -> None:
    figures = run_step(Step(TABLES, watchers=1, seconds=SECONDS, think=0.1), tmp_path)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(figures, indent=1) + "\n")
    print("\nload test:", json.dumps(figures))
    assert figures["errors"] == 0, figures["first_errors"]
    assert figures["person_actions"] > 0 and figures["actions_per_s"] > 0
    assert figures["acked"] == figures["sent"]  # every action the people sent was acknowledged
    assert figures["watcher_updates"] > 0
    assert figures["server_up"]


def test_the_load_person_plays_a_whole_match(server: Server) -> None:
    """The load generators' person answers every turn of its own, rerolls included.

    A person whose move leaves it to move again gets no further message until it moves; a
    client that waited for one sat out the rest of the match (the bot load measured 9 moves
    from 8 people in a minute).
    """
    r = server.api("POST", "/api/tables", json={"game": "puru", "seats": LINEUP})
    made = r.json()
    tally = PersonTally()
    person = Person(tally, think=0.0, rng=random.Random(1))
    url = f"{server.ws_url}/ws/{made['id']}"
    asyncio.run(person.play(url, made["tokens"]["0"], time.monotonic() + 60))
    assert tally.games == 1, tally
    assert tally.errors == [] and tally.acked == tally.sent > 1
