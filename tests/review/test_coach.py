"""The coach: each legal move's value from the seat's own view, exact where solved."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from dicehall import games
from dicehall.bots import make_bot
from dicehall.engine.match import Match
from dicehall.games.jelly.bots.determinize import state_from_view
from dicehall.games.purrramid.review import move_values
from dicehall.review.coach import coach
from tests.cli.helpers import run


def _at_decision(game: Any, seed: int) -> Match:
    """A match where seat 0 (a person) must choose, the other seats greedy bots."""
    match = Match(
        game, seed, bots={s: make_bot("greedy", game, s) for s in range(1, game.num_players)}
    )
    match.run_bots()
    return match


def test_purrramid_coaching_is_the_exact_turn_values() -> None:
    game = games.make("purrramid", players=2)
    match = _at_decision(game, 3)
    legal = match.legal_actions(0)
    coaching = coach(game, match.view(0), 0, legal)
    assert coaching.exact and coaching.unit.startswith("expected turn points")
    exact = move_values(game, match.state, 0)
    assert {m.action: m.value for m in coaching.moves} == exact
    assert [m.value for m in coaching.moves] == sorted(exact.values(), reverse=True)


def test_coaching_in_a_hidden_information_game_reads_only_the_seats_view() -> None:
    """ "Your roll is hidden behind your screen" (docs/rules/jelly.md, *A round*): two tables
    that look the same to seat 0 but differ in the others' hidden rolls get the same advice,
    so nothing leaks from what seat 0 cannot see."""
    game = games.make("jelly", players=3, mode="tick")
    match = _at_decision(game, 4)
    view, legal = match.view(0), match.legal_actions(0)
    other = state_from_view(game, view, 0, random.Random(99))
    assert game.observe(other, 0) == view
    assert other != match.state  # the other seats' rolls were drawn anew
    first = coach(game, view, 0, legal, samples=2, rollouts=2)
    again = coach(game, game.observe(other, 0), 0, legal, samples=2, rollouts=2)
    assert not first.exact and first.to_json() == again.to_json()
    assert all(m.se is not None for m in first.moves if m.value is not None)


def test_play_with_the_coach_shows_each_moves_value(tmp_path: Path) -> None:
    args = ["play", "puru", "-n", "3", "--bot", "rest=greedy", "--seed", "2"]
    result = run([*args, "--coach", "--record-dir", str(tmp_path)], input="q\n")
    assert "coach (estimate): chance to win" in result.output
    assert "%" in result.output and "±" in result.output
    plain = run([*args, "--record-dir", str(tmp_path)], input="q\n")
    assert "coach (" not in plain.output
