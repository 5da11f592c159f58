"""Records made by an earlier version still verify, and the same seed still plays the same game.

The seeded streams (`core.seeding`) and the action wire forms are a promise to every record
ever saved: a change to either would make old records fail to verify or replay differently.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dicehall import games
from dicehall.engine import Record
from dicehall.engine.proof import check
from tests.engine.tamper import played

RECORDS = Path(__file__).parent / "records"
GAME_IDS = ("puru", "purrramid", "paradice", "jelly")


def stored(game_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / f"{game_id}.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_stored_record_still_verifies_with_its_bots_rerun(game_id: str) -> None:
    data = stored(game_id)
    verdict = check(Record.from_json(data))
    assert verdict.dice_verified and verdict.steps == len(data["actions"])
    assert [level for _, level in verdict.bots_rerun] == [s["bot"] for s in data["seats"]]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_same_seed_and_bots_play_the_stored_game_again(game_id: str) -> None:
    data = stored(game_id)
    levels = [s["bot"] for s in data["seats"]]
    again = played(game_id, data["seed"], levels)
    game = games.make(game_id, **data["params"])

    def decoded(record: dict[str, Any]) -> list[tuple[int, Any, float | None]]:
        return [
            (e["seat"], game.action_from_json(e["action"]), e.get("t")) for e in record["actions"]
        ]

    assert decoded(again) == decoded(data)
    facts = ("winners", "scores", "ranks", "reason")  # notes are words, reworded over versions
    assert {k: again["result"][k] for k in facts} == {k: data["result"][k] for k in facts}
