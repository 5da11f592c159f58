"""Jelly Monster's log gives every change of a player's Jelly and Jelly-pods its own line with
the reward that made it (issue 34, item 4): a +2 and a -2 in one scoring step used to leave
only the net, and a net of 0 no line at all."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from dicehall import games
from dicehall.core import CHANCE, Game, sample
from dicehall.engine.explain import explain_step
from dicehall.engine.match import LogEntry

JELLY_LINE = re.compile(r"Player (\d) ([+−])(\d+) Jelly \((\d+) → (\d+)\): (.+)")
POD_LINE = re.compile(r"Player (\d) ([+−])(\d+) Jelly-pod \((\d+) now\): (.+)")


def steps(game: Game[Any, Any], seed: int) -> Iterator[tuple[Any, Any, list[str]]]:
    """(before, after, the spectators' explanation of the logged move) of a random game."""
    rng = random.Random(seed)
    state = game.initial_state()
    while not game.is_terminal(state):
        actors = game.actors(state)
        seat = actors[0] if actors == (CHANCE,) else actors[rng.randrange(len(actors))]
        if seat == CHANCE:
            action = sample(game, state, rng)
        else:
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
        after = game.apply(state, seat, action)
        logged = LogEntry(seat, game.action_to_json(action))
        yield state, after, explain_step(game, state, after, None, move=logged)
        state = after


@pytest.mark.parametrize("mode", ["tick", "realtime"])
def test_each_jelly_change_has_its_line_and_reason(mode: str) -> None:
    """Rulebook (docs/rules/jelly.md, "District rewards"): "A zone may show several rewards;
    they are resolved left to right" - each resolved reward that moves a player's Jelly or pods
    is a line, and the lines add up to the step's change, link by link."""
    game = games.make("jelly", players=3, mode=mode)
    netzero = reasons = scored = 0
    for before, after, lines in steps(game, seed=1):
        scored += after.jelly != before.jelly or after.pods != before.pods
        for seat in range(3):
            mine = [m for m in map(JELLY_LINE.fullmatch, lines) if m and int(m[1]) == seat + 1]
            value = before.jelly[seat]
            for m in mine:
                step = int(m[3]) if m[2] == "+" else -int(m[3])
                assert int(m[4]) == value and int(m[5]) == value + step, m[0]  # unbroken chain
                assert m[6].strip(), m[0]  # a reason
                value += step
            assert value == after.jelly[seat]  # nothing left unexplained
            pods = [m for m in map(POD_LINE.fullmatch, lines) if m and int(m[1]) == seat + 1]
            moved = sum(int(m[3]) if m[2] == "+" else -int(m[3]) for m in pods)
            assert moved == after.pods[seat] - before.pods[seat]
            netzero += bool(mine) and after.jelly[seat] == before.jelly[seat]
            reasons += len(mine) + len(pods)
    assert scored >= 4 and reasons > 12  # four rounds' rewards
    assert mode == "realtime" or netzero  # seed 1 (tick) has a step whose gains and losses cancel


def test_reasons_name_the_reward_and_who_pays() -> None:
    """Rulebook: "each player gives you N | every non-controlling player gives N Jelly to each
    controller" - the payer's and the receiver's lines name each other and the district."""
    game = games.make("jelly", players=3, mode="tick")
    text = "\n".join(line for _, _, lines in steps(game, seed=3) for line in lines)
    assert re.search(r"Player \d −1 Jelly \(\d+ → \d+\): pays Player \d.* \(A Tax Office: ", text)
    assert re.search(r"Player \d \+1 Jelly \(\d+ → \d+\): paid by Player \d \(A Tax Office", text)
    assert re.search(r"\+\d+ Jelly \(\d+ → \d+\): [A-E] .+, the Target reward: \d+ Jelly", text)
    assert "most dice in the city centre: a Jelly-pod" in text
