"""Tutorial scripts (engine/tutorial.py): every game's script plays to its end through the
rules, and a script that does not is refused with the step that is wrong."""

from __future__ import annotations

import pytest

from dicehall.core.types import CHANCE
from dicehall.engine import tutorial
from dicehall.engine.tutorial import TutorialError, parse

GAMES = ["puru", "purrramid", "paradice", "jelly"]


@pytest.mark.parametrize("game_id", GAMES)
def test_each_games_script_plays_through_the_rules(game_id: str) -> None:
    script = tutorial.load(game_id)
    assert script is not None and script.title and script.intro and script.outro
    assert script.decisions >= 3
    game = script.game
    for step in range(script.decisions):
        point = script.at(step)
        assert point.entry is not None and point.entry.say and point.entry.tap
        move = game.action_from_json(point.entry.action)
        assert move in game.legal_actions(point.state, script.learner)
        # the board shown is the engine's state: the log replays to it
        state = game.initial_state()
        for entry in point.log:
            state = game.apply(state, entry.seat, game.action_from_json(entry.action))
        assert state == point.state
    end = script.at(script.decisions)
    assert end.entry is None and len(end.log) > len(script.at(script.decisions - 1).log)


def test_a_seed_fills_the_chance_a_script_leaves_out() -> None:
    script = tutorial.load("paradice")
    assert script is not None
    first = script.at(0)
    drawn = [e for e in first.log if e.seat == CHANCE]
    assert drawn and drawn == script.at(0).log[: len(drawn)]  # the same draws every time


BASE = """
title = "t"
params = { players = 2 }
[[steps]]
seat = "dice"
action = { type = "Roll", faces = ["HEART", "HEART", "HEART", "STAR", "CRYING", "ANGRY"] }
"""
LEARNER = """[[steps]]
seat = 0
action = %s
say = "do it"
tap = ["#x"]
"""


def test_a_good_script_parses() -> None:
    script = parse("puru", BASE + LEARNER % '{ type = "Resolve" }')
    assert script.decisions == 1
    assert script.at(1).entry is None


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (
            BASE + LEARNER % '{ type = "Reroll", heart = 5, star = 0, crying = 0, angry = 0 }',
            "step 2",
        ),
        (BASE.replace('"HEART", "HEART"', '"HEART"'), "step 1"),  # five dice: no such roll
        (BASE + LEARNER.replace("seat = 0", "seat = 1") % '{ type = "Resolve" }', "may not act"),
        (BASE + '[[steps]]\nseat = 0\naction = { type = "Resolve" }\n', "'say' and 'tap'"),
        (BASE, "never moves"),
        ("title = [", "not valid TOML"),
        (BASE.replace('seat = "dice"', 'seat = "nobody"'), "seat must be"),
        (BASE + LEARNER % '{ type = "Nonesuch" }', "step 2"),
        ("params = { players = 2 }\nseed = -1\n" + LEARNER % '{ type = "Resolve" }', "seed"),
    ],
)
def test_a_broken_script_is_refused_with_its_step(text: str, why: str) -> None:
    with pytest.raises(TutorialError, match=why):
        parse("puru", text)


def test_a_step_outside_the_script_is_refused() -> None:
    script = tutorial.load("puru")
    assert script is not None
    for step in (-1, script.decisions + 1):
        with pytest.raises(TutorialError):
            script.at(step)
