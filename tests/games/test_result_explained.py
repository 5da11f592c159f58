"""Every number the result shows has its reason in the result or in the explanation of the
move that ended the game (issue 34, item 4), for each game, over seeded random games."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from dicehall import games
from dicehall.core import CHANCE, Game, Result, sample
from dicehall.engine.explain import explain_step
from dicehall.engine.match import LogEntry


def finish(game: Game[Any, Any], seed: int) -> tuple[Result, list[str]]:
    """A random game's result and the spectators' explanation of its last move."""
    rng = random.Random(seed)
    state, last = game.initial_state(), []
    while not game.is_terminal(state):
        actors = game.actors(state)
        seat = actors[0] if actors == (CHANCE,) else actors[rng.randrange(len(actors))]
        if seat == CHANCE:
            action = sample(game, state, rng)
        else:
            action = rng.choice(game.legal_actions(state, seat))
        after = game.apply(state, seat, action)
        logged = LogEntry(seat, game.action_to_json(action))
        last = explain_step(game, state, after, None, move=logged)
        state = after
    return game.result(state), last


@pytest.mark.parametrize("seed", range(6))
def test_puru_scores_are_explained(seed: int) -> None:
    """Rulebook (docs/rules/puru.md, *The end*): "a Paradice game scores each player's higher
    track (the winners have 20); a drip-out game scores the lower track, and a dripped-out
    player scores −1 so they rank last"."""
    game = games.make("puru", players=2)
    result, _ = finish(game, seed)
    notes = "\n".join(result.notes)
    if result.reason == "paradice":
        assert "scores are the higher of Love and Excitement" in notes
        pick = max
    else:
        assert "scores are the lower of Love and Excitement" in notes
        pick = min
    for seat, score in enumerate(result.scores):
        if score == -1:
            assert f"Player {seat + 1} dripped to 0 Jelly: out of the game, scored -1" in notes
            continue
        found = re.search(rf"Player {seat + 1}: Love (\d+), Excitement (\d+), Jelly", notes)
        assert found is not None and pick(int(found[1]), int(found[2])) == score


@pytest.mark.parametrize("seed", range(3))
def test_paradice_points_and_prizes_are_explained(seed: int) -> None:
    """Rulebook (docs/rules/paradice.md, *Scoring*): "The final screen shows each player's
    prize from the Prize List for the number of players" - the points add up, and the last
    move's explanation names the list and why each number."""
    game = games.make("paradice", players=2)
    result, last = finish(game, seed)
    why = "\n".join(last)
    assert "Prize List for 2 players" in why
    for seat, score in enumerate(result.scores):
        note = result.notes[seat]
        found = re.match(rf"Player {seat + 1}: (\d+) points = (.+?)(; prize #(\d+): .+)?$", note)
        assert found is not None and int(found[1]) == score, note
        parts = [int(x) for x in re.findall(r"(\d+)", found[2])]
        assert sum(parts) == score, note
        if found[4]:
            assert f"Player {seat + 1}: {int(score)} points reach prize number {found[4]}" in why


def test_jelly_totals_are_explained() -> None:
    """Rulebook (docs/rules/jelly.md, "End of the game"): "Score = Jelly + pod values"."""
    game = games.make("jelly", players=3, mode="tick")
    result, _ = finish(game, 2)
    for seat, score in enumerate(result.scores):
        note = next(n for n in result.notes if n.startswith(f"Player {seat + 1}: "))
        found = re.fullmatch(r"Player \d: (\d+) Jelly \+ (?:pods ([\d + ]+)|no pods) = (\d+)", note)
        assert found is not None, note
        pods = [int(x) for x in re.findall(r"\d+", found[2] or "")]
        assert int(found[1]) + sum(pods) == int(found[3]) == score


def test_purrramid_scores_are_explained() -> None:
    """Rulebook (docs/rules/purrramid.md, *Scores*): "the winner scores 1 point per gold tile
    they placed; every other player scores minus the regular tiles they have left" - each
    score is shown with what made it."""
    game = games.make("purrramid", players=2)
    result, _ = finish(game, 2)
    for seat, score in enumerate(result.scores):
        mine = [n for n in result.notes if n.startswith(f"Player {seat + 1}")]
        assert any(f"(score {int(score)})" in n for n in mine), (seat, score, result.notes)
