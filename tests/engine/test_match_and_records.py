"""Match checks, seeded chance, bots as seats, and record save/load/replay/verify."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dicehall import games
from dicehall.bots import RandomBot
from dicehall.core import CHANCE, CorruptRecordError, IllegalActionError
from dicehall.engine import Match, MatchOverError, Record, StaleVersionError, resume, verify
from tests.core import toy_game
from tests.core.toy_game import Bank, Double, Roll


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(games._MODULES, "toy", "tests.core.toy_game")


def _bot_match(seed: int) -> Match:
    game = games.make("toy")
    return Match(game, seed, bots={0: RandomBot(game, 0), 1: RandomBot(game, 1)})


def test_chance_is_resolved_and_checks_come_in_order() -> None:
    match = Match(games.make("toy"), seed=3)
    assert match.log[0].seat == CHANCE and match.actors() == (0,)
    with pytest.raises(IllegalActionError, match="seat 1 may not act"):
        match.submit(1, Bank())
    with pytest.raises(IllegalActionError):
        match.submit(0, Roll(3))
    with pytest.raises(StaleVersionError):
        match.submit(0, Bank(), version=0)
    before = (match.version, len(match.log), match.state)
    assert before[0] == 1
    events = match.submit(0, Double(), version=1)
    assert [e.seat for e in events] == [0, CHANCE]
    assert events[0].text == "double" and events[-1].version == match.version == 3


def test_same_seed_same_game_and_different_seed_differs() -> None:
    logs = []
    for seed in (11, 11, 12):
        match = _bot_match(seed)
        match.run_bots()
        assert match.is_over
        logs.append([e.to_json() for e in match.log])
    assert logs[0] == logs[1]
    assert logs[0] != logs[2]


def test_match_over_rejects_actions() -> None:
    match = _bot_match(5)
    match.run_bots()
    with pytest.raises(MatchOverError):
        match.submit(0, Bank())


def test_record_round_trip_verify_and_resume(tmp_path: Path) -> None:
    match = Match(games.make("toy"), seed=9, bots={1: RandomBot(None, 1)})
    match.submit(0, Bank())
    match.run_bots()
    path = tmp_path / "half.json"
    Record.of(match).save(path)
    unfinished = Record.load(path)
    assert verify(unfinished) is None
    resumed = resume(unfinished, bots={1: RandomBot(None, 1)})
    assert resumed.state == match.state and resumed.version == match.version
    resumed.bots[0] = RandomBot(None, 0)
    resumed.run_bots()
    final = Record.of(resumed, seats=unfinished.seats)  # seat 0 was a person's at first
    final.save(path)
    assert verify(Record.load(path)) == resumed.result()


def test_corrupt_records_name_the_first_diverging_step(tmp_path: Path) -> None:
    match = _bot_match(21)
    match.run_bots()
    data = Record.of(match).to_json()

    tampered = json.loads(json.dumps(data))
    tampered["actions"][3]["seat"] = 1 - tampered["actions"][3]["seat"]
    with pytest.raises(CorruptRecordError) as info:
        verify(Record.from_json(tampered))
    assert info.value.step == 3

    impossible = json.loads(json.dumps(data))
    impossible["actions"][0]["action"] = {"type": "Roll", "value": 7}
    with pytest.raises(CorruptRecordError, match="step 0"):
        verify(Record.from_json(impossible))

    wrong_result = json.loads(json.dumps(data))
    wrong_result["result"]["winners"] = [9]
    with pytest.raises(CorruptRecordError, match="result differs"):
        verify(Record.from_json(wrong_result))

    for broken in ({}, {"format": "dicehall-record", "format_version": 1}, [1, 2]):
        with pytest.raises(CorruptRecordError):
            Record.from_json(broken)
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(CorruptRecordError, match="not valid JSON"):
        Record.load(path)


def test_toy_module_is_the_registered_one() -> None:
    assert type(games.make("toy")) is toy_game.ToyGame
