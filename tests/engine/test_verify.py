"""`verify` checks what the seed determines: every chance outcome and the moves of bots that
decide from their rng alone, plus the rules version; a record without a seed is never OK."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from dicehall import games
from dicehall.core import CHANCE, CorruptRecordError
from dicehall.engine import Record, replay
from dicehall.engine.proof import check
from tests.engine.tamper import played, single_die_edits, with_outcome

SAMPLED_EDITS = 30


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    return {
        "puru": played("puru", 5),
        "purrramid": played("purrramid", 5, ["random", "greedy"]),
        "paradice": played("paradice", 5),
        "jelly": played("jelly", 5),
    }


def _rejected_at(data: dict[str, Any]) -> CorruptRecordError:
    with pytest.raises(CorruptRecordError) as info:
        check(Record.from_json(data))
    return info.value


@pytest.mark.parametrize("game_id", ["puru", "purrramid", "paradice", "jelly"])
def test_every_single_die_edit_is_rejected_at_its_step(
    records: dict[str, dict[str, Any]], game_id: str
) -> None:
    """Before, verify accepted any edit that kept the match legal and its result (44 of 459
    in a Puru record, 327 of 1,340 in Purrramid, 677 of 2,275 in Jelly)."""
    edits = list(single_die_edits(records[game_id]))
    assert len(edits) >= SAMPLED_EDITS
    for step, outcome in edits[:: max(1, len(edits) // SAMPLED_EDITS)]:
        error = _rejected_at(with_outcome(records[game_id], step, outcome))
        assert error.step == step, error
        assert "recorded" in error.reason and "expected" in error.reason, error.reason


def test_a_changed_seed_is_rejected_at_the_first_chance_step(
    records: dict[str, dict[str, Any]],
) -> None:
    data = copy.deepcopy(records["puru"])
    data["seed"] += 1
    error = _rejected_at(data)
    first_chance = next(i for i, e in enumerate(data["actions"]) if e["seat"] == CHANCE)
    assert error.step == first_chance and "differs from the seed's" in error.reason


def test_a_random_bots_move_must_be_the_one_its_rng_makes(
    records: dict[str, dict[str, Any]],
) -> None:
    """Seat 1 of the Puru record is a random bot: its moves follow from the seed too."""
    data = copy.deepcopy(records["puru"])
    record = Record.from_json(data)
    game = games.make("puru", **record.params)
    for step, state in replay(record):
        entry = record.actions[step] if step < len(record.actions) else None
        if entry is None or entry.seat != 1:
            continue
        others = [a for a in game.legal_actions(state, 1) if game.action_to_json(a) != entry.action]
        if others:
            data["actions"][step]["action"] = game.action_to_json(others[0])
            break
    else:
        pytest.fail("the random bot never had a choice")
    error = _rejected_at(data)
    assert error.step == step and "seat 1 (random bot)" in error.reason


def test_relabelled_bots_are_caught_when_their_moves_differ(
    records: dict[str, dict[str, Any]],
) -> None:
    data = copy.deepcopy(records["paradice"])
    data["seats"][1]["bot"] = "greedy"  # it played randomly
    error = _rejected_at(data)
    assert "seat 1 (greedy bot)" in error.reason


def test_an_unknown_bot_level_is_named(records: dict[str, dict[str, Any]]) -> None:
    data = copy.deepcopy(records["puru"])
    data["seats"][0]["bot"] = "oracle"
    assert "'oracle'" in _rejected_at(data).reason


def test_the_rules_version_must_match(records: dict[str, dict[str, Any]]) -> None:
    data = copy.deepcopy(records["puru"])
    data["game_version"] += 1
    assert re.search(r"version \d+ of the puru rules; this is version \d+", str(_rejected_at(data)))


def test_a_record_without_a_seed_is_legal_play_but_not_verified(
    records: dict[str, dict[str, Any]],
) -> None:
    data = copy.deepcopy(records["jelly"])
    data["seed"] = None
    verdict = check(Record.from_json(data))
    assert not verdict.dice_verified and verdict.result is not None
    del data["seed"]
    assert not check(Record.from_json(data)).dice_verified
    impossible = copy.deepcopy(data)
    step = next(i for i, e in enumerate(data["actions"]) if e["seat"] == CHANCE)
    impossible["actions"][step]["action"] = {"type": "DrawFace", "face": 99}
    assert _rejected_at(impossible).step == step


def test_a_changed_result_names_the_fields_that_differ(
    records: dict[str, dict[str, Any]],
) -> None:
    data = copy.deepcopy(records["puru"])
    data["result"]["scores"] = [s + 1 for s in data["result"]["scores"]]
    reason = _rejected_at(data).reason
    assert reason.startswith("the recorded result differs from the replay: scores: recorded")
    data["result"] = None
    assert "the record says the game is unfinished" in _rejected_at(data).reason
